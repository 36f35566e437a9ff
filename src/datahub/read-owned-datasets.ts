import { z } from 'zod';
import { searchAnswer } from './queries/search-answer.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { defineOperation } from './operation.js';

const schema = searchAnswer(
  z.object({
    urn: z.string(),
    name: z.string().nullish(),
    properties: z.object({ name: z.string().nullish() }).nullish(),
  }),
);

/** The datasets some owners own (DataHub search on the `owners` field). */
export const datasetsOwnedOp = defineOperation<{ owners: string[]; count: number }, z.infer<typeof schema>>(
  'datasets-owned',
  schema,
);

export interface OwnedDatasets {
  datasets: { urn: string; name: string }[];
  /** How many they own in all (more than `datasets` holds past `max`). */
  total: number;
}

/** The datasets owned by any of these owners (a user and their groups), the first `max` of them. */
export async function readOwnedDatasets(client: DataHubClient, owners: string[], max: number): Promise<OwnedDatasets> {
  if (!owners.length) return { datasets: [], total: 0 };
  const data = await client.request(datasetsOwnedOp, { owners, count: max });
  const found = data.searchAcrossEntities;
  return {
    datasets: (found?.searchResults ?? []).map(({ entity: e }) => ({
      urn: e.urn,
      name: e.properties?.name ?? e.name ?? shortName(e.urn),
    })),
    total: found?.total ?? 0,
  };
}
