import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { readDownstreamModels } from '../../src/datahub/read-downstream.js';
import { readUpstream } from '../../src/datahub/read-upstream.js';
import { RunScrolls } from '../../src/datahub/run-scrolls.js';

// The gate judges a model twice in a run (with the proposed lineage and without): the second judgment's lineage
// scrolls are answered from the first's.
const records = generateCatalog({ models: 4, datasets: 600, depth: 6, seed: 3 });
const urns = [...new Set((records as { entityUrn?: string }[]).map((r) => r.entityUrn ?? ''))];
const [model, other] = urns.filter((u) => u.startsWith('urn:li:mlModel:'));
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ records, port: 0, now: () => GENERATED_NOW });
});
afterAll(() => sim.close());
const client = () => createDataHubClient({ url: sim.url, retry: { retries: 0 } });

describe('a run’s lineage scrolls, kept', () => {
  it('a root scrolled once is not scrolled again; the read reaches the same entities', async () => {
    const scrolls = new RunScrolls();
    const cache = new EntityCache();
    sim.resetStats();
    const first = await readUpstream(client(), model!, cache, [], undefined, scrolls);
    expect(sim.stats().byOperation.JanusUpstream).toBeGreaterThan(0);
    expect(scrolls.upstream.get(model!)?.length).toBeGreaterThan(100);
    sim.resetStats();
    const again = await readUpstream(client(), model!, cache, [], undefined, scrolls);
    expect(again).toEqual(first);
    expect(sim.stats().requests).toBe(0);
    // another model's scroll is its own
    await readUpstream(client(), other!, cache, [], undefined, scrolls);
    expect(sim.stats().byOperation.JanusUpstream).toBeGreaterThan(0);
  });

  it('a blast radius read once is not read again; a dataset not read yet is', async () => {
    const datasets = urns.filter((u) => u.startsWith('urn:li:dataset:')).slice(0, 3);
    const known = new Map();
    sim.resetStats();
    const first = await readDownstreamModels(client(), datasets.slice(0, 2), known);
    expect(sim.stats().requests).toBe(1);
    sim.resetStats();
    const second = await readDownstreamModels(client(), datasets, known);
    expect(sim.stats().requests).toBe(1);
    expect(second).toEqual({ ...first, [datasets[2]!]: known.get(datasets[2]!) });
    expect(await readDownstreamModels(client(), datasets)).toEqual(second);
  });
});
