import { keyOf } from '../../core/writeback/conventions.js';
import { evidenceOf, type ResolvedIncident } from '../../core/writeback/human-resolutions.js';
import type { RootCause } from '../../core/writeback/root-causes.js';
import type { DataHubClient } from '../client.js';
import { readDatasetsIncidents } from '../read-dataset-incidents.js';

/**
 * For the root causes about to be raised (live, no ACTIVE incident), the newest Janus incident of each key when it is
 * resolved: what a person decided there (human-resolutions.ts). One request per 100 of their datasets; none when every
 * cause already has its incident.
 */
export async function readResolutions(
  client: DataHubClient,
  causes: RootCause[],
  open: ReadonlySet<string>,
): Promise<ResolvedIncident[]> {
  const pending = causes.filter((rc) => !open.has(rc.key));
  if (!pending.length) return [];
  const keys = new Set(pending.map((rc) => rc.key));
  const datasets = [...new Set(pending.map((rc) => rc.dataset))].sort();
  const newest = new Map<string, { at: number; incident: ResolvedIncident | undefined }>();
  for (let i = 0; i < datasets.length; i += 100) {
    for (const d of await readDatasetsIncidents(client, datasets.slice(i, i + 100))) {
      for (const inc of d.incidents?.incidents ?? []) {
        const key = keyOf(inc.description);
        if (!key || !keys.has(key)) continue;
        const seen = newest.get(key);
        if (seen && seen.at >= inc.created.time) continue;
        const status = inc.incidentStatus;
        const evidence = evidenceOf(inc.description);
        newest.set(key, {
          at: inc.created.time,
          incident:
            status.state === 'RESOLVED'
              ? {
                  urn: inc.urn,
                  key,
                  dataset: d.urn,
                  stage: status.stage ?? null,
                  message: status.message ?? null,
                  ...(evidence ? { evidence } : {}),
                }
              : undefined,
        });
      }
    }
  }
  return [...newest.values()].flatMap((n) => (n.incident ? [n.incident] : []));
}
