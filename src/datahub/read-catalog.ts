import { z } from 'zod';
import type { EntityNode, UpstreamGraph } from '../core/graph.js';
import { modelsBelowIndex } from '../core/blast-radius.js';
import { GraphIndexes } from '../core/graph-indexes.js';
import { shortName } from '../core/names.js';
import { byModelName, type ModelRef } from '../core/verdict.js';
import { ModelListPool } from './model-list-pool.js';
import type { DataHubClient } from './client.js';
import { defineOperation } from './operation.js';
import type { RawEntity } from './queries/entities.js';
import { readNeeded } from './read-needed.js';
import { graphRecords, modelGraph, type EntityCache, type GraphRecords } from './read-upstream.js';

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
  /** Sees each entity as read, before it is settled. */
  observe?: (raw: RawEntity) => void;
}

/**
 * What judging the whole catalog needs, in ⌈models / page⌉ + Σ over levels ⌈level / batch⌉ requests: scroll the
 * ML models, then read level by level upstream from them (read-needed.ts), so no entity that no model needs is
 * read. Each entity's read carries its one-hop upstream edges, so every model's graph and every blast radius (a
 * model downstream of a dataset has it upstream, so it was read) are then built locally, without one lineage
 * search per model.
 */
export async function readCatalog(
  client: DataHubClient,
  cache: EntityCache,
  options: ReadCatalogOptions = {},
): Promise<Catalog> {
  const models = await listModels(client, options.pageSize);
  await readNeeded(client, models, cache, options.batch, options.observe);
  return new Catalog(cache);
}

/** One tiny read that tells whether DataHub answers (a page of one model). */
export async function pingCatalog(client: DataHubClient): Promise<void> {
  await client.request(catalogPage, { count: 1 });
}

/** Every ML model's urn, a page of the scroll a request. */
export async function listModels(client: DataHubClient, pageSize = CATALOG_PAGE): Promise<string[]> {
  const models: string[] = [];
  let scrollId: string | null | undefined;
  do {
    const page = (await client.request(catalogPage, { count: pageSize, ...(scrollId ? { scrollId } : {}) }))
      .scrollAcrossEntities;
    models.push(...page.searchResults.map((r) => r.entity.urn));
    // a full last page still names a next one: the total says there is none
    scrollId = page.searchResults.length && models.length < page.total ? page.nextScrollId : null;
  } while (scrollId);
  return models;
}

/** Graph questions answered from a fully read catalog. */
export class Catalog {
  private readonly below = new Map<string, ModelRef[]>();
  private readonly lists = new ModelListPool();
  private readonly refs = new Map<string, ModelRef>();
  private readonly refLists = new Map<string[], ModelRef[]>();
  private records?: GraphRecords;
  #indexes?: GraphIndexes;
  private modelsBelow?: (urn: string) => string[];

  constructor(private readonly cache: EntityCache) {}

  models(): ModelRef[] {
    return [...this.cache.values()]
      .filter((r) => r?.type === 'MLMODEL' && r.exists !== false)
      .map((r) => this.ref(r!.urn))
      .sort(byModelName);
  }

  /** The model's upstream graph, as the lineage walk would read it: over records shared by every model. */
  upstreamGraph(model: string): UpstreamGraph {
    return modelGraph(model, this.sharedRecords(), this.cache);
  }

  /** The indexes over the catalog's records: every judgment run over this catalog, and its blast radius, share them. */
  get indexes(): GraphIndexes {
    return (this.#indexes ??= new GraphIndexes(this.sharedRecords()));
  }

  /** Every ML model downstream of each dataset (the blast radius). */
  downstreamModels(datasets: string[]): Record<string, ModelRef[]> {
    return Object.fromEntries(datasets.map((d) => [d, this.modelsBelowDataset(d)]));
  }

  /** The models below one dataset, by name: one array for every dataset with the same models below it. */
  modelsBelowDataset(dataset: string): ModelRef[] {
    const known = this.below.get(dataset);
    if (known) return known;
    const urns = this.modelsBelowUrn(dataset);
    // datasets share the index's lists: each is made into refs once
    let list = this.refLists.get(urns);
    if (!list) {
      list = this.lists.intern(urns.map((m) => this.ref(m)));
      if (urns.length) this.refLists.set(urns, list);
    }
    this.below.set(dataset, list);
    return list;
  }

  /** An entity as judging sees it (owners, kind, name), from the catalog's shared records. */
  entity(urn: string): EntityNode | undefined {
    return this.sharedRecords().nodes[urn];
  }

  /** The urns of the models whose judgment reads this entity: those downstream of it, and itself if it is one. */
  modelsReading(urn: string): string[] {
    const below = this.modelsBelowUrn(urn);
    return this.cache.get(urn)?.type === 'MLMODEL' ? [urn, ...below] : below;
  }

  private modelsBelowUrn(urn: string): string[] {
    if (!this.modelsBelow) {
      const indexes = this.indexes;
      this.modelsBelow = modelsBelowIndex(
        indexes.entities,
        this.models().map((m) => m.urn),
        () => indexes.components,
      );
    }
    return this.modelsBelow(urn);
  }

  private sharedRecords(): GraphRecords {
    return (this.records ??= graphRecords(this.cache.keys(), this.cache));
  }

  /** One ref per model, shared by every blast radius that names it. */
  private ref(urn: string): ModelRef {
    let ref = this.refs.get(urn);
    if (!ref) {
      const raw = this.cache.get(urn);
      this.refs.set(urn, (ref = { urn, name: raw?.properties?.name ?? raw?.name ?? shortName(urn) }));
    }
    return ref;
  }
}
