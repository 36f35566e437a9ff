import { afterEach, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { scanModels } from '../../src/app/scan.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { ENTITY_BATCH } from '../../src/datahub/queries/entities.js';
import { CATALOG_PAGE } from '../../src/datahub/read-catalog.js';
import { generateCatalog, GENERATED_NOW } from '../../src/sim/generate/index.js';
import { startSim, type RunningSim } from '../../src/sim/index.js';
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
    ['a generated catalog', { records: generateCatalog({ models: 30, datasets: 400, depth: 6, seed: 3 }) }, GENERATED_NOW],
  ] as const)('gives every model the verdict a per-model walk gives (%s)', async (_, opts, now) => {
    sim = await startSim({ ...opts, port: 0, now: () => now });
    const client = createDataHubClient({ url: sim.url });
    const { verdicts } = await judgeCatalog({ client, policy, now: () => now });
    const each = await scanModels({ client, policy, now: () => now }, { models: verdicts.map((v) => v.model.urn) });
    expect(verdicts.length).toBeGreaterThan(4);
    expect(verdicts.map(strip)).toEqual(each.map(strip));
  });

  it('costs the lower bound in requests: ⌈entities / page⌉ + ⌈entities / batch⌉', async () => {
    sim = await startSim({ records: generateCatalog({ models: 40, datasets: 900, depth: 6, seed: 5 }), port: 0, now: () => GENERATED_NOW });
    const client = createDataHubClient({ url: sim.url });
    sim.resetStats();
    const { cache } = await judgeCatalog({ client, policy, now: () => GENERATED_NOW });
    const entities = cache.size;
    const bound = Math.ceil(entities / CATALOG_PAGE) + Math.ceil(entities / ENTITY_BATCH);
    expect(sim.stats().requests).toBeLessThanOrEqual(bound + 1); // + the empty last scroll page
  });
});
