import { z } from 'zod';
import { searchAnswer } from './queries/search-answer.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { defineOperation } from './operation.js';

const schema = searchAnswer(
  z.object({
    urn: z.string(),
    type: z.string(),
    name: z.string().nullish(),
    properties: z.object({ name: z.string().nullish() }).nullish(),
    datasetProperties: z.object({ name: z.string().nullish(), qualifiedName: z.string().nullish() }).nullish(),
  }),
);

/** Models and datasets matching a text. */
export const searchCatalogOp = defineOperation<{ query: string; count: number }, z.infer<typeof schema>>(
  'search-catalog',
  schema,
);

export interface CatalogHit {
  urn: string;
  name: string;
  kind: 'model' | 'dataset';
}

/** The first `count` models and datasets DataHub's search ranks for `query`, and how many match in all. */
export async function searchCatalog(
  client: DataHubClient,
  query: string,
  count: number,
): Promise<{ hits: CatalogHit[]; total: number }> {
  const data = await client.request(searchCatalogOp, { query, count });
  const found = data.searchAcrossEntities;
  const hits = (found?.searchResults ?? []).map(({ entity: e }): CatalogHit => {
    const kind = e.type === 'MLMODEL' ? 'model' : 'dataset';
    const name =
      (kind === 'model' ? e.properties?.name : (e.datasetProperties?.qualifiedName ?? e.datasetProperties?.name)) ??
      e.name ??
      shortName(e.urn);
    return { urn: e.urn, name, kind };
  });
  return { hits, total: found?.total ?? 0 };
}
