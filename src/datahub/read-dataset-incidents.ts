import { keyOf } from '../core/writeback/conventions.js';
import type { DataHubClient } from './client.js';
import { datasetsActiveIncidentsOp, datasetsIncidentsOp, type RawIncident } from './queries/incident.js';
import { readListRest } from './read-list-rest.js';

/** One dataset's urn and incidents, as both reads give them. */
export interface DatasetIncidents {
  urn: string;
  /** Whether DataHub holds the dataset (the ACTIVE read asks; absent when not asked). */
  exists?: boolean | null;
  incidents?: { total?: number | null; incidents: RawIncident[] } | null;
}

/** The ACTIVE incidents on a batch of datasets, each list whole (read-list-rest.ts past its first page). */
export async function readDatasetsActiveIncidents(client: DataHubClient, urns: string[]): Promise<DatasetIncidents[]> {
  const data = await client.request(datasetsActiveIncidentsOp, { urns });
  const entities = (data.entities ?? []).filter((e): e is DatasetIncidents => !!e);
  await readListRest(client, entities, 'ACTIVE');
  return entities;
}

/** Every incident, in any state, on a batch of datasets, each list whole. */
export async function readDatasetsIncidents(client: DataHubClient, urns: string[]): Promise<DatasetIncidents[]> {
  const data = await client.request(datasetsIncidentsOp, { urns });
  const entities = (data.entities ?? []).filter((e): e is DatasetIncidents => !!e);
  await readListRest(client, entities, null);
  return entities;
}

/** One of Janus's own incidents on a dataset: recognised by the finding key (root cause) its description records. */
export interface JanusIncidentOnDataset {
  dataset: string;
  key: string;
  incident: RawIncident;
}

/** Datasets a request. */
const BATCH = 100;

/**
 * Janus's incidents on these datasets, a hundred datasets a request, each dataset's list whole: the ACTIVE ones
 * (DataHub's index of them: it may still list one resolved a moment ago) or every one in any state. In the order of
 * `datasets`, each dataset's incidents as DataHub lists them.
 */
export async function readJanusIncidents(
  client: DataHubClient,
  datasets: string[],
  which: 'active' | 'any',
  /** Hears each batch's datasets once read (progress displays). */
  onBatch?: (datasets: number) => void,
): Promise<JanusIncidentOnDataset[]> {
  const read = which === 'active' ? readDatasetsActiveIncidents : readDatasetsIncidents;
  const unique = [...new Set(datasets)];
  const out: JanusIncidentOnDataset[] = [];
  for (let i = 0; i < unique.length; i += BATCH) {
    const batch = unique.slice(i, i + BATCH);
    for (const d of await read(client, batch))
      for (const incident of d.incidents?.incidents ?? []) {
        const key = keyOf(incident.description);
        if (key) out.push({ dataset: d.urn, key, incident });
      }
    onBatch?.(batch.length);
  }
  return out;
}
