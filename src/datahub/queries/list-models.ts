import { z } from 'zod';
import { shortName } from '../../core/names.js';
import type { ModelRef } from '../../core/verdict.js';
import type { DataHubClient } from '../client.js';
import { defineOperation } from '../operation.js';

const schema = z.object({
  searchAcrossEntities: z.object({
    total: z.number(),
    searchResults: z.array(
      z.object({ entity: z.object({ urn: z.string(), name: z.string().nullish(), properties: z.object({ name: z.string().nullish() }).nullish() }) }),
    ),
  }),
});

export const listModelsPage = defineOperation<{ start: number; count: number }, z.infer<typeof schema>>('list-models', schema);

/** Every ML model in DataHub, paging through search. */
export async function listModels(client: DataHubClient, pageSize = 1000): Promise<ModelRef[]> {
  const models: ModelRef[] = [];
  for (let start = 0; ; start += pageSize) {
    const page = (await client.request(listModelsPage, { start, count: pageSize })).searchAcrossEntities;
    for (const { entity } of page.searchResults) models.push({ urn: entity.urn, name: entity.properties?.name ?? entity.name ?? shortName(entity.urn) });
    if (!page.searchResults.length || start + pageSize >= page.total) return models;
  }
}
