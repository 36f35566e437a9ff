/**
 * Facts about a catalog that do not depend on Janus: how many entities it holds, how many a whole-catalog
 * judgment must read (every model and everything upstream of one), and exactly how many requests the naive
 * walker sends for each model. The catalog is loaded into an in-process simulator store and the naive
 * walker's own GraphQL operations run against it, each distinct question once (memoised), so counting a
 * thousand deep walks takes seconds, not the hours sending them would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execute, parse, validate } from 'graphql';
import { makeContext, simSchema, Store } from '@janus/datahub-sim/in-process';
import { loadFiles } from '@janus/datahub-sim/load';
import type { Catalog } from './catalogs.js';
import { graphqlTransport, memoTransport, naiveDocument, naiveWalk, type RunOperation } from './naive-walk.js';
import { OUT } from './paths.js';

export interface ModelNaiveCost {
  model: string;
  /** Entities the walk reaches, the model included. */
  reached: number;
  hops: number;
  requests: number;
}

export interface CatalogFacts {
  /** Entities with at least one aspect, by DataHub entity type. */
  byType: Record<string, number>;
  entities: number;
  models: string[];
  /** Entities a whole-catalog judgment must read: every model and every entity upstream of one. */
  needed: number;
  /** What the naive walker sends for each model, or for a systematic sample of them (`naiveSampled`). */
  naive: ModelNaiveCost[];
  naiveSampled: boolean;
}

/** Which models to count the naive walk for: all of them, every k-th up to a number, or none. */
export type NaiveModels = 'all' | number | 'none';

/** Runs the naive operations in process against a store, through the simulator's own resolvers. */
export function inProcessRunner(store: Store): RunOperation {
  const schema = simSchema();
  const document = parse(naiveDocument());
  const invalid = validate(schema, document);
  if (invalid.length) throw new Error(`bench/naive.graphql: ${invalid.map((e) => e.message).join('; ')}`);
  const contextValue = makeContext(store);
  return async (operationName, variableValues) => {
    const result = await execute({ schema, document, operationName, variableValues, contextValue });
    if (result.errors?.length) throw new Error(`${operationName}: ${result.errors.map((e) => e.message).join('; ')}`);
    return result.data;
  };
}

export async function loadStore(paths: string[]): Promise<Store> {
  const store = new Store();
  const report = await loadFiles(store, paths);
  if (report.errors.length) throw new Error(`catalog did not load cleanly: ${report.errors.length} errors`);
  return store;
}

/** Counts, the needed set, and the naive walker's cost for the chosen models. */
export async function catalogFacts(store: Store, naiveModels: NaiveModels): Promise<CatalogFacts> {
  const byType: Record<string, number> = {};
  const models: string[] = [];
  for (const e of store.all()) {
    if (!store.exists(e.urn)) continue;
    byType[e.entityType] = (byType[e.entityType] ?? 0) + 1;
    if (e.entityType === 'mlModel') models.push(e.urn);
  }
  models.sort();
  const transport = memoTransport(graphqlTransport(inProcessRunner(store)));
  const needed = (await naiveWalk(transport, models)).reached;
  const chosen = pick(models, naiveModels);
  const naive: ModelNaiveCost[] = [];
  for (const model of chosen) {
    const walk = await naiveWalk(transport, [model]);
    naive.push({ model, reached: walk.reached, hops: walk.hops, requests: walk.requests.total });
  }
  const entities = Object.values(byType).reduce((a, b) => a + b, 0);
  return { byType, entities, models, needed, naive, naiveSampled: chosen.length < models.length };
}

function pick(models: string[], which: NaiveModels): string[] {
  if (which === 'all') return models;
  if (which === 'none' || which <= 0) return [];
  // every step-th from the second (model 1 is the one the one-model series judges)
  const step = Math.max(1, Math.floor(models.length / which));
  return models.filter((_, i) => i % step === 1 % step).slice(0, which);
}

/** The catalog's facts, from bench/out when they were computed for the same catalog and choice before. */
export async function cachedCatalogFacts(catalog: Catalog, naiveModels: NaiveModels): Promise<CatalogFacts> {
  const file = path.join(OUT, 'catalogs', `${catalog.spec.name}.facts.json`);
  const key = JSON.stringify({ stamp: catalog.stamp, naiveModels });
  if (fs.existsSync(file)) {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as { key: string; facts: CatalogFacts };
    if (cached.key === key) return cached.facts;
  }
  const facts = await catalogFacts(await loadStore([catalog.path]), naiveModels);
  fs.writeFileSync(file, JSON.stringify({ key, facts }));
  return facts;
}
