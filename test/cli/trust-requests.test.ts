import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from './run-janus.js';

let sim: RunningSim | undefined;
afterEach(() => sim?.close());

describe('janus trust as a user types it, counted by the simulator', () => {
  beforeAll(requireBuiltCli);
  it('janus trust by name, as a user types it, on a stale catalog: ≤ 4 requests (one to find the model)', async () => {
    const records = generateCatalog({ models: 150, datasets: 3_000, depth: 6, seed: 7 });
    sim = await startSim({ records, port: 0 });
    sim.resetStats();
    // the process judges at the clock: the generated tables are long late
    const out = await runJanus(['trust', 'model_00001', '--json'], { DATAHUB_GMS_URL: sim.url });
    expect(out.code, out.stderr).toBe(0);
    const stats = sim.stats();
    expect((JSON.parse(out.stdout) as { blastRadius: unknown[] }).blastRadius.length).toBeGreaterThan(256);
    expect(stats.byOperation.JanusSearchModels).toBe(1);
    expect(stats.requests).toBeLessThanOrEqual(4);
  });
});
