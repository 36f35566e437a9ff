import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { policy } from './write-back-helpers.js';

/** A catalog past Elasticsearch's 10,000: search says `total: 10000`, and every model is still judged. */
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({
    // models alone (no datasets, so no features or training sets): the model count is the point, and a lineage of
    // 10,000 datasets only made each judgment slower (a test of 70 s, most of it the lineage)
    records: generateCatalog({ models: 10_050, datasets: 0, depth: 2, seed: 1 }),
    port: 0,
    now: () => GENERATED_NOW,
  });
}, 120_000);
afterAll(() => sim.close());

describe('a whole-catalog judgment past 10,000 models', () => {
  it('judges every one of 10,050 models, reading the model scroll to its end', async () => {
    const client = createDataHubClient({ url: sim.url });
    const judged = new Set<string>();
    await judgeCatalog({ client, policy, now: () => GENERATED_NOW }, (v) => void judged.add(v.model.urn));
    expect(judged.size).toBe(10_050);
  }, 300_000);
});
