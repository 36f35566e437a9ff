import type { DataHubClient } from './client.js';
import { datasetsActiveIncidentsOp, datasetsIncidentsOp, type RawIncident } from './queries/incident.js';
import { readListRest } from './read-list-rest.js';

/** One dataset's urn and incidents, as both reads give them. */
export interface DatasetIncidents {
  urn: string;
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
