import { afterEach, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import type { Verdict } from '../../src/core/verdict.js';
import { scanModels } from '../../src/app/scan.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { ENTITY_BATCH } from '../../src/datahub/queries/entities.js';
import { buildGraph, inputsOf } from '../../src/core/build-graph.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { readUpstream } from '../../src/datahub/read-upstream.js';
import { indexRecords } from '@janus/datahub-sim/demo';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const strip = (v: { scannedAt: string }) => ({ ...v, scannedAt: '' });

describe('a whole-catalog judgment', () => {
  it.each([
    ['the demo catalog', { demo: true }, Date.now()],
    [
      'a generated catalog',
      { records: generateCatalog({ models: 12, datasets: 160, depth: 6, seed: 3 }) },
      GENERATED_NOW,
    ],
  ] as const)('gives every model the verdict a per-model walk gives (%s)', async (_, opts, now) => {
    sim = await startSim({ ...opts, port: 0, now: () => now });
    const client = createDataHubClient({ url: sim.url });
    const verdicts: Verdict[] = [];
    await judgeCatalog({ client, policy, now: () => now }, (v) => void verdicts.push(v));
    const each = await scanModels({ client, policy, now: () => now }, { models: verdicts.map((v) => v.model.urn) });
    expect(verdicts.length).toBeGreaterThan(4);
    expect(verdicts.some((v) => v.findings.length > 0)).toBe(true);
    expect(verdicts.map(strip)).toEqual(each.map(strip));
  });

  it('reads only what some model needs, level by level from the models: Σ ⌈level / batch⌉ entity requests', async () => {
    const records = generateCatalog({ models: 10, datasets: 250, depth: 6, seed: 5 });
    sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
    const client = createDataHubClient({ url: sim.url });
    sim.resetStats();
    const { cache, catalog } = await judgeCatalog({ client, policy, now: () => GENERATED_NOW }, () => {});
    const stats = sim.stats();

    // What DataHub's lineage reaches from each model, read model by model (feature tables and their keys come
    // inside their features' reads): the same entities, none more. Generated catalogs hold datasets no model reads.
    const walked = new Set<string>();
    const shared = new EntityCache();
    for (const m of catalog.models()) {
      const graph = buildGraph(m.urn, await readUpstream(client, m.urn, shared), shared);
      for (const urn of Object.keys(graph.nodes)) walked.add(urn);
    }
    const nested = (u: string) => u.startsWith('urn:li:mlFeatureTable:') || u.startsWith('urn:li:mlPrimaryKey:');
    expect(new Set(cache.keys())).toEqual(new Set([...walked].filter((u) => !nested(u))));
    const datasets = new Set(indexRecords(records).urns('dataset'));
    expect([...cache.keys()].filter((u) => datasets.has(u)).length).toBeLessThan(datasets.size);

    // One page of models, then one level at a time: a level's entities in ⌈level / batch⌉ requests.
    const levels: number[] = [];
    const seen = new Set<string>();
    for (let level = catalog.models().map((m) => m.urn); level.length;) {
      levels.push(level.length);
      level.forEach((u) => seen.add(u));
      level = [...new Set(level.flatMap((u) => (cache.get(u) ? inputsOf(cache.graphParts(u)!) : [])))].filter(
        (u) => !seen.has(u),
      );
    }
    expect(levels.length).toBeGreaterThan(3);
    expect(stats.byOperation).toEqual({
      JanusCatalogPage: 1,
      JanusEntities: levels.reduce((n, l) => n + Math.ceil(l / ENTITY_BATCH), 0),
    });
  });
});
