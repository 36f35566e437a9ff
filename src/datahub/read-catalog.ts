import { z } from 'zod';
import { newClosureMemo, type UpstreamGraph } from '../core/graph.js';
import { shortName } from '../core/names.js';
import type { ModelRef } from '../core/verdict.js';
import type { DataHubClient } from './client.js';
import { defineOperation } from './operation.js';
import { graphRecords, modelGraph, readEntities, type EntityCache, type GraphRecords } from './read-upstream.js';

const pageSchema = z.object({
  scrollAcrossEntities: z.object({
    nextScrollId: z.string().nullish(),
    total: z.number(),
    searchResults: z.array(z.object({ entity: z.object({ urn: z.string(), type: z.string() }) })),
  }),
});
const catalogPage = defineOperation<{ count: number; scrollId?: string | null }, z.infer<typeof pageSchema>>('catalog-page', pageSchema);

export const CATALOG_PAGE = 1000;

/**
 * The whole catalog in ⌈entities / page⌉ + ⌈entities / batch⌉ requests: scroll every entity Janus walks through,
 * then batch-read them all. Each entity's read carries its one-hop upstream edges, so every model's graph and
 * every blast radius can then be built locally, without one lineage search per model.
 */
export async function readCatalog(client: DataHubClient, cache: EntityCache, pageSize = CATALOG_PAGE): Promise<Catalog> {
  const urns: string[] = [];
  let scrollId: string | null | undefined;
  do {
    const page = (await client.request(catalogPage, { count: pageSize, ...(scrollId ? { scrollId } : {}) })).scrollAcrossEntities;
    urns.push(...page.searchResults.map((r) => r.entity.urn));
    scrollId = page.searchResults.length ? page.nextScrollId : null;
  } while (scrollId);
  await readEntities(client, urns, cache);
  return new Catalog(cache);
}

/** Graph questions answered from a fully read catalog. */
export class Catalog {
  private readonly down = new Map<string, string[]>();
  private readonly below = new Map<string, ModelRef[]>();
  private readonly closures = newClosureMemo();
  private records?: GraphRecords;

  constructor(private readonly cache: EntityCache) {
    for (const [urn, raw] of cache) for (const up of raw ? upstreamOf(raw) : []) this.edge(up, urn);
  }

  models(): ModelRef[] {
    return [...this.cache.values()]
      .filter((r) => r?.type === 'MLMODEL' && r.exists !== false)
      .map((r) => ({ urn: r!.urn, name: r!.properties?.name ?? r!.name ?? shortName(r!.urn) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
  }

  /** The model's upstream graph, as the lineage walk would read it: over records shared by every model. */
  upstreamGraph(model: string): UpstreamGraph {
    this.records ??= graphRecords(this.cache.keys(), this.cache);
    return { ...modelGraph(model, this.records, this.cache), closures: this.closures };
  }

  /** Every ML model downstream of each dataset (the blast radius). */
  downstreamModels(datasets: string[]): Record<string, ModelRef[]> {
    return Object.fromEntries(datasets.map((d) => [d, this.modelsBelow(d)]));
  }

  private modelsBelow(dataset: string): ModelRef[] {
    const hit = this.below.get(dataset);
    if (hit) return hit;
    const models = this.walkDown(dataset);
    this.below.set(dataset, models);
    return models;
  }

  private walkDown(dataset: string): ModelRef[] {
    const seen = new Set([dataset]);
    const queue = [dataset];
    const models: ModelRef[] = [];
    while (queue.length) {
      for (const next of this.down.get(queue.shift()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
        const raw = this.cache.get(next);
        if (raw?.type === 'MLMODEL') models.push({ urn: next, name: raw.properties?.name ?? raw.name ?? shortName(next) });
      }
    }
    return models.sort((a, b) => a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
  }

  private edge(up: string, down: string): void {
    const list = this.down.get(up);
    if (list) list.push(down);
    else this.down.set(up, [down]);
  }
}

/** One-hop upstream: DataHub's lineage edges, plus a model's training data (Janus treats it as an input). */
function upstreamOf(raw: NonNullable<ReturnType<EntityCache['get']>>): string[] {
  const edges = (raw.upstream?.relationships ?? []).map((r) => r.entity?.urn).filter((u): u is string => !!u);
  return raw.type === 'MLMODEL' ? [...edges, ...(raw.trainingData ?? []).map((t) => t.dataset)] : edges;
}
