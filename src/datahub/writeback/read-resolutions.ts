import { modelsOf } from '../../core/writeback/conventions.js';
import type { CurrentIncident } from '../../core/writeback/state.js';
import { evidenceOf, type ResolvedIncident } from '../../core/writeback/human-resolutions.js';
import type { RootCause } from '../../core/writeback/root-causes.js';
import type { DataHubClient } from '../client.js';
import { readJanusIncidents } from '../read-dataset-incidents.js';

/**
 * For the root causes about to be raised (live, no ACTIVE incident), the newest Janus incident of each key when it is
 * resolved: what a person decided there (human-resolutions.ts). One request per 100 of their datasets; none when every
 * cause already has its incident. Also the newest ones that are ACTIVE: the list filtered by state comes from an index
 * that may still hold an incident reopened a moment ago as RESOLVED, while each incident is read from the database.
 */
export async function readResolutions(
  client: DataHubClient,
  causes: RootCause[],
  open: ReadonlySet<string>,
  /** Hears the datasets read, a request's at a time (progress displays). */
  onRead?: (datasets: number) => void,
): Promise<{ resolved: ResolvedIncident[]; active: CurrentIncident[] }> {
  const pending = causes.filter((rc) => !open.has(rc.key));
  if (!pending.length) return { resolved: [], active: [] };
  const keys = new Set(pending.map((rc) => rc.key));
  const datasets = resolutionDatasets(causes, open);
  const newest = new Map<string, { at: number; incident: ResolvedIncident | undefined; active?: CurrentIncident }>();
  for (const { dataset, key, incident: inc } of await readJanusIncidents(client, datasets, 'any', onRead)) {
    if (!keys.has(key)) continue;
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
              dataset,
              stage: status.stage ?? null,
              message: status.message ?? null,
              ...(evidence ? { evidence } : {}),
            }
          : undefined,
      ...(status.state === 'ACTIVE'
        ? { active: { urn: inc.urn, key, dataset, models: modelsOf(inc.description), created: inc.created.time } }
        : {}),
    });
  }
  const found = [...newest.values()];
  return {
    resolved: found.flatMap((n) => (n.incident ? [n.incident] : [])),
    active: found.flatMap((n) => (n.active ? [n.active] : [])),
  };
}

/** The datasets `readResolutions` reads: those of the causes with no ACTIVE incident (`open` keys). */
export function resolutionDatasets(causes: RootCause[], open: ReadonlySet<string>): string[] {
  return [...new Set(causes.filter((rc) => !open.has(rc.key)).map((rc) => rc.dataset))].sort();
}
