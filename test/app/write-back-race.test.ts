import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSim, type RunningSim, type SimOptions } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from '../cli/run-janus.js';
import { checkEvidence, exportedRecords } from '../support/evidence-check.js';
import { cleanPrefix, REDIS_URL, testPrefix } from '../support/service.js';

// Issue 20, case 1: ten `janus scan --all` at once without REDIS_URL (DataHub at 20 ms) raced each other into
// duplicate incidents (19 ACTIVE for 4 root causes) that the next scan kept. Issue 35: a real GMS lists an entity's
// incidents, assertions and run events through indexes that see a write 1-3 s late, so a scan's "read, then raise if
// absent" misses what a scan a moment before wrote. Janus now writes each incident at a urn derived from its root
// cause and checks what DataHub holds by urn (no index in the way): one incident per root cause, whatever raced.
const sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

/** What a real GMS does: lists and search see a write 1.5 s after it. */
const LAGGING: SimOptions = { indexLagMs: 1_500 };

const scan = (sim: RunningSim, env: Record<string, string> = {}) =>
  runJanus(['scan', '--all'], {
    DATAHUB_GMS_URL: sim.url,
    JANUS_PUBLIC_URL: 'http://janus.test',
    JANUS_DATAHUB_RETRIES: '1',
    ...env,
  });

/** Nothing written: no mutation, no ingested aspect. */
const writes = (sim: RunningSim) => sim.stats().mutations + sim.stats().ingestion.proposals;

async function race(opts: SimOptions, env: Record<string, string> = {}) {
  const sim = await startSim({ demo: true, port: 0, latencyMs: 20, ...opts });
  sims.push(sim);
  const runs = await Promise.all(Array.from({ length: 10 }, () => scan(sim, env)));
  for (const r of runs) expect(r.code, r.stderr).toBe(0);
  return sim;
}

describe('scans racing', () => {
  beforeAll(requireBuiltCli);

  it('ten concurrent scans, then one clean scan: exactly one ACTIVE incident per root cause, no duplicate evidence', async () => {
    const sim = await race({});
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
    expect(writes(sim)).toBe(0);
  }, 180_000);

  it('a scan right after a first scan, before the indexes show any of its writes, writes nothing', async () => {
    // a lag longer than both scans: the second one's lists show nothing the first wrote
    const sim = await startSim({ demo: true, port: 0, indexLagMs: 120_000 });
    sims.push(sim);
    const first = await scan(sim);
    expect(first.code, first.stderr).toBe(0);
    const written = writes(sim);
    expect(written).toBeGreaterThan(0);
    sim.resetStats();
    const second = await scan(sim);
    expect(second.code, second.stderr).toBe(0);
    expect(writes(sim)).toBe(0);
    expect([...checkEvidence(await exportedRecords(sim.url)).allByKey.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  describe.each([
    ['without Redis', false],
    ['with Redis', true],
  ])('with index lag (1.5 s), %s', (_, withRedis) => {
    it('ten concurrent first scans raise exactly one incident per root cause; a rescan at once writes nothing', async () => {
      const prefix = testPrefix();
      if (withRedis) onTestFinished(() => cleanPrefix(prefix, REDIS_URL));
      const env: Record<string, string> = withRedis ? { REDIS_URL, JANUS_REDIS_PREFIX: prefix } : {};
      const sim = await race(LAGGING, env);
      const raced = checkEvidence(await exportedRecords(sim.url));
      expect(raced.problems).toEqual([]);
      expect(raced.allByKey.size).toBeGreaterThan(0);
      expect(Object.fromEntries(raced.allByKey)).toEqual(Object.fromEntries(raced.activeByKey));
      expect([...raced.allByKey.values()].every((n) => n === 1)).toBe(true);
      // right away: the indexes have not caught up with the last writes yet
      sim.resetStats();
      const again = await scan(sim, env);
      expect(again.code, again.stderr).toBe(0);
      expect(writes(sim)).toBe(0);
      expect(checkEvidence(await exportedRecords(sim.url)).allByKey).toEqual(raced.allByKey);
    }, 180_000);
  });
});
