import type { Verdict } from '../core/verdict.js';
import { keyOf } from '../core/writeback/conventions.js';
import type { DataHubClient } from '../datahub/client.js';
import { toStatus } from '../datahub/incident-facts.js';
import { readDatasetsActiveIncidents } from '../datahub/read-dataset-incidents.js';
import type { IncidentView } from './incident-action.js';

/**
 * The open Janus incidents behind a verdict's findings: the ACTIVE incidents on the datasets its findings name, kept
 * when they record one of the verdict's finding keys. One request per hundred datasets; no walk.
 */
export async function openIncidentsOf(client: DataHubClient, v: Verdict): Promise<IncidentView[]> {
  const keys = new Set(v.findings.map((f) => f.key));
  const datasets = [...new Set(v.findings.map((f) => f.entity).filter((u) => u.startsWith('urn:li:dataset:')))];
  const out: IncidentView[] = [];
  for (let i = 0; i < datasets.length; i += 100) {
    for (const d of await readDatasetsActiveIncidents(client, datasets.slice(i, i + 100)))
      for (const inc of d.incidents?.incidents ?? []) {
        const key = keyOf(inc.description);
        if (!key || !keys.has(key) || inc.incidentStatus.state === 'RESOLVED') continue;
        out.push({ urn: inc.urn, title: inc.title ?? inc.urn, status: toStatus(inc.incidentStatus) });
      }
  }
  return out;
}
