import { z } from 'zod';
import { shortName } from '../../core/names.js';
import type { ModelRef } from '../../core/verdict.js';
import type { DataHubClient } from '../client.js';
import { defineOperation } from '../operation.js';

const schema = z.object({
  searchAcrossEntities: z.object({
    total: z.number(),
    searchResults: z.array(
      z.object({
        entity: z.object({
          urn: z.string(),
          name: z.string().nullish(),
          properties: z.object({ name: z.string().nullish() }).nullish(),
        }),
      }),
    ),
  }),
});

/** ML models matching a name (DataHub full-text search), a first page: listing every model is a scroll (read-catalog.ts). */
export const searchModels = defineOperation<{ query: string; start: number; count: number }, z.infer<typeof schema>>(
  'search-models',
  schema,
);

const toRefs = (data: z.infer<typeof schema>): ModelRef[] =>
  data.searchAcrossEntities.searchResults.map(({ entity }) => ({
    urn: entity.urn,
    name: entity.properties?.name ?? entity.name ?? shortName(entity.urn),
  }));

/** The first page of models matching a query. */
export async function findModels(client: DataHubClient, query: string, count: number): Promise<ModelRef[]> {
  return toRefs(await client.request(searchModels, { query, start: 0, count }));
}
