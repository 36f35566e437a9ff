import type { Verdict } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import { toStatus } from '../datahub/incident-facts.js';
import { readJanusIncidents } from '../datahub/read-dataset-incidents.js';
import type { IncidentView } from './incident-action.js';

/**
 * The open Janus incidents behind a verdict's findings: the ACTIVE incidents on the datasets its findings name, kept
 * when they record one of the verdict's finding keys. One request per hundred datasets; no walk.
 */
export async function openIncidentsOf(client: DataHubClient, v: Verdict): Promise<IncidentView[]> {
  const keys = new Set(v.findings.map((f) => f.key));
  const datasets = [...new Set(v.findings.map((f) => f.entity).filter((u) => u.startsWith('urn:li:dataset:')))];
  return (await readJanusIncidents(client, datasets, 'active'))
    .filter(({ key, incident }) => keys.has(key) && incident.incidentStatus.state !== 'RESOLVED')
    .map(({ incident: inc }) => ({ urn: inc.urn, title: inc.title ?? inc.urn, status: toStatus(inc.incidentStatus) }));
}
