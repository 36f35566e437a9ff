import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from '../cli/run-janus.js';
import { checkEvidence, exportedRecords } from '../support/evidence-check.js';

// Issue 20, case 1: ten `janus scan --all` at once without REDIS_URL (DataHub at 20 ms) raced each other into
// duplicate incidents (19 ACTIVE for 4 root causes) that the next scan kept. The write-back now converges on one
// ACTIVE incident per root cause whatever raced before, and stamps results so racing scans land one.
const sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

const scan = (sim: RunningSim) =>
  runJanus(['scan', '--all'], {
    DATAHUB_GMS_URL: sim.url,
    JANUS_PUBLIC_URL: 'http://janus.test',
    JANUS_DATAHUB_RETRIES: '1',
  });

describe('scans racing without Redis', () => {
  beforeAll(requireBuiltCli);

  it('ten concurrent scans, then one clean scan: exactly one ACTIVE incident per root cause, no duplicate evidence', async () => {
    const sim = await startSim({ demo: true, port: 0, latencyMs: 20 });
    sims.push(sim);
    const runs = await Promise.all(Array.from({ length: 10 }, () => scan(sim)));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const raced = checkEvidence(await exportedRecords(sim.url));
    const clean = await scan(sim);
    expect(clean.code, clean.stderr).toBe(0);
    const after = checkEvidence(await exportedRecords(sim.url));
    expect(after.activeByKey.size).toBeGreaterThan(0);
    expect(after.problems, `after the race: ${raced.problems.join('; ')}`).toEqual([]);
    expect([...after.activeByKey.values()].every((n) => n === 1)).toBe(true);
    // and the scan after that writes nothing
    sim.resetStats();
    const again = await scan(sim);
    expect(again.code, again.stderr).toBe(0);
    expect(sim.stats().mutations).toBe(0);
  }, 180_000);
});
