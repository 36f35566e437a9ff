import type { IncidentStatus } from '../core/incident-status.js';
import { keyOf } from '../core/writeback/conventions.js';
import type { DataHubClient } from '../datahub/client.js';
import { toStatus } from '../datahub/incident-facts.js';
import { readDatasetsActiveIncidents } from '../datahub/read-dataset-incidents.js';
import { readOwnedDatasets } from '../datahub/read-owned-datasets.js';

/** Tables of one person (with their groups') whose incidents App Home reads at most: a search page and 5 reads. */
export const OWNED_TABLES_READ = 500;
/** Datasets an incident read asks for (read-dataset-incidents.ts's batch). */
const BATCH = 100;

/** An open incident on a table someone owns (any raiser's). */
export interface OwnedIncident {
  urn: string;
  title: string;
  status: IncidentStatus;
  dataset: { urn: string; name: string };
  /** Janus raised it. */
  janus: boolean;
  /** When it was raised (ms). */
  createdAt: number;
}

export interface OwnedIncidents {
  incidents: OwnedIncident[];
  /** Tables these owners own, and how many of them were read (the first `OWNED_TABLES_READ`). */
  tables: number;
  tablesRead: number;
}

/**
 * The ACTIVE incidents on the datasets these owners (a DataHub user and their groups) own: one owners-filtered search,
 * then the incidents a hundred datasets a request. Newest first.
 */
export async function incidentsOnOwnedTables(client: DataHubClient, owners: string[]): Promise<OwnedIncidents> {
  const owned = await readOwnedDatasets(client, owners, OWNED_TABLES_READ);
  const names = new Map(owned.datasets.map((d) => [d.urn, d.name]));
  const urns = [...names.keys()];
  const incidents: OwnedIncident[] = [];
  for (let i = 0; i < urns.length; i += BATCH)
    for (const d of await readDatasetsActiveIncidents(client, urns.slice(i, i + BATCH)))
      for (const inc of d.incidents?.incidents ?? [])
        if (inc.incidentStatus.state !== 'RESOLVED')
          incidents.push({
            urn: inc.urn,
            title: inc.title ?? inc.urn,
            status: toStatus(inc.incidentStatus),
            dataset: { urn: d.urn, name: names.get(d.urn) ?? d.urn },
            janus: keyOf(inc.description) !== undefined,
            createdAt: inc.created.time,
          });
  incidents.sort((a, b) => b.createdAt - a.createdAt);
  return { incidents, tables: owned.total, tablesRead: urns.length };
}
