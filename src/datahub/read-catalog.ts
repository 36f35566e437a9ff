import { z } from 'zod';
import type { DataHubClient } from './client.js';
import type { EntityCache } from './entity-cache.js';
import { defineOperation } from './operation.js';
import type { RawEntity } from './queries/entities.js';
import { readNeeded } from './read-needed.js';
import { scrollGoesOn } from './scroll-end.js';
import type { OnProgress } from '../core/progress.js';

const pageSchema = z.object({
  scrollAcrossEntities: z.object({
    nextScrollId: z.string().nullish(),
    total: z.number(),
    searchResults: z.array(z.object({ entity: z.object({ urn: z.string(), type: z.string() }) })),
  }),
});
const catalogPage = defineOperation<{ count: number; scrollId?: string | null }, z.infer<typeof pageSchema>>(
  'catalog-page',
  pageSchema,
);

export const CATALOG_PAGE = 1000;

export interface ReadCatalogOptions {
  /** Models a page of the scroll (default CATALOG_PAGE). */
  pageSize?: number;
  /** Entities a batched read (default ENTITY_BATCH). */
  batch?: number;
  /** Sees each entity as read, before it is trimmed. */
  observe?: (raw: RawEntity) => void;
  /** How far the read has come: pages of the model scroll, then entities (progress displays). */
  onProgress?: OnProgress;
}

/**
 * What judging the whole catalog needs, in ⌈models / page⌉ + Σ over levels ⌈level / batch⌉ requests: scroll the
 * ML models, then read level by level upstream from them (read-needed.ts), so no entity that no model needs is
 * read, each into `cache`. Each entity's read carries its one-hop upstream edges, so every model's graph and every
 * blast radius (a model downstream of a dataset has it upstream, so it was read) are then built locally
 * (core/catalog.ts), without one lineage search per model.
 */
export async function readCatalog(
  client: DataHubClient,
  cache: EntityCache,
  options: ReadCatalogOptions = {},
): Promise<void> {
  const { onProgress } = options;
  let pages: { done: number; total?: number } = { done: 0 };
  const models = await listModels(client, options.pageSize, (done, total) => {
    pages = { done, total };
    onProgress?.({ phase: 'read', done: 0, pages });
  });
  await readNeeded(client, models, cache, {
    ...(options.batch ? { batch: options.batch } : {}),
    ...(options.observe ? { observe: options.observe } : {}),
    ...(onProgress ? { onRead: (done, total) => onProgress({ phase: 'read', done, total, pages }) } : {}),
  });
}

/** One tiny read that tells whether DataHub answers (a page of one model). */
export async function pingCatalog(client: DataHubClient): Promise<void> {
  await client.request(catalogPage, { count: 1 });
}

/** How many ML models DataHub holds (Elasticsearch's total: it reads 10,000 past 10,000), and the first of them. */
export async function countModels(client: DataHubClient): Promise<{ total: number; first?: string }> {
  const page = (await client.request(catalogPage, { count: 1 })).scrollAcrossEntities;
  const first = page.searchResults[0]?.entity.urn;
  return { total: page.total, ...(first ? { first } : {}) };
}

/**
 * Every ML model's urn, a page of the scroll a request, to the scroll's end (scroll-end.ts). `onPage` hears the pages
 * read, and how many there are as the first page's total tells.
 */
export async function listModels(
  client: DataHubClient,
  pageSize = CATALOG_PAGE,
  onPage?: (done: number, total: number) => void,
): Promise<string[]> {
  const models: string[] = [];
  let scrollId: string | null | undefined;
  let pages = 0;
  do {
    const page = (await client.request(catalogPage, { count: pageSize, ...(scrollId ? { scrollId } : {}) }))
      .scrollAcrossEntities;
    models.push(...page.searchResults.map((r) => r.entity.urn));
    scrollId = scrollGoesOn(page, models.length, page.total) ? page.nextScrollId : null;
    pages++;
    onPage?.(pages, scrollId ? Math.max(pages + 1, Math.ceil(page.total / pageSize)) : pages);
  } while (scrollId);
  return models;
}
