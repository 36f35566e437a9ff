import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { writeBackModels } from '../../src/app/write-back.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { requireBuiltCli, runJanus } from '../cli/run-janus.js';
import { cleanPrefix, REDIS_URL, testPrefix } from '../support/service.js';
import { sampleOf, TEST_SEED, THOROUGH } from '../support/thorough.js';
import { normalisedExport, policy } from './write-back-helpers.js';

const NOW = Date.now();
const sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function freshSim(indexLagMs = 0) {
  const sim = await startSim({ demo: true, port: 0, now: () => NOW, indexLagMs });
  sims.push(sim);
  return sim;
}

const scan = (sim: RunningSim, env: Record<string, string> = {}) =>
  runJanus(['scan', '--all'], {
    DATAHUB_GMS_URL: sim.url,
    JANUS_PUBLIC_URL: 'http://janus.test',
    JANUS_DATAHUB_RETRIES: '1',
    ...env,
  });

/**
 * The scan after a crash, in this process: the same use case `janus scan --all` runs (the reference and the crashed
 * scans are processes), at a fifth of a process's CPU.
 */
async function rescan(sim: RunningSim) {
  const client = createDataHubClient({ url: sim.url, retry: { retries: 1 } });
  return writeBackModels({ client, policy, reportBaseUrl: 'http://janus.test' }, 'all', { keepVerdicts: false });
}

/**
 * Writes go in batches (aliases of one mutation). Batches of 3 put several batches in each kind, so the crashes fall
 * between batches of one kind as well as between kinds.
 */
const BATCHES = { JANUS_DATAHUB_WRITE_BATCH: '3' };

/** Writes DataHub accepted: mutations, and the incidents ingested. */
const writes = (sim: RunningSim) => sim.stats().mutations + sim.stats().ingestion.proposals;

/** The store an uninterrupted scan leaves, and how many writes (mutations DataHub accepted) it takes. */
let ref: { store: Awaited<ReturnType<typeof normalisedExport>>; writes: number };
beforeAll(async () => {
  requireBuiltCli();
  const sim = await freshSim();
  const r = await scan(sim, BATCHES);
  expect(r.code, r.stderr).toBe(0);
  ref = { store: await normalisedExport(sim), writes: writes(sim) };
  await sim.close();
  sims.splice(sims.indexOf(sim), 1);
});

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

describe('write-back across processes', () => {
  // with index lag, the scan after the crash does not yet see in DataHub's lists what the crashed one wrote
  it.each([
    ['', 0],
    [', its lists 1.5 s behind (index lag)', 1_500],
  ])(
    `converges to the same store after a crash at any write%s: ${THOROUGH ? 'every write index' : `8 write indexes (seed ${TEST_SEED}; JANUS_THOROUGH=1 for all)`}`,
    async (_, indexLagMs) => {
      // the scan is killed once the batch holding the k-th accepted write has landed
      expect(ref.writes).toBeGreaterThan(20);
      const diverged: number[] = [];
      const indexes = sampleOf(
        Array.from({ length: ref.writes }, (_, i) => i + 1),
        8,
      );
      await pool(indexes, 4, async (k) => {
        const sim = await freshSim(indexLagMs);
        const crashed = await scan(sim, { ...BATCHES, JANUS_TEST_CRASH_AFTER_WRITES: String(k) });
        expect(crashed.code, `scan killed after write ${k}`).toBeNull();
        // batches of one kind go side by side: those in flight when the k-th write was accepted may land too
        expect(writes(sim)).toBeGreaterThanOrEqual(k);
        expect(writes(sim)).toBeLessThanOrEqual(ref.writes);
        expect((await rescan(sim)).failed).toEqual([]);
        if (JSON.stringify(await normalisedExport(sim)) !== JSON.stringify(ref.store)) diverged.push(k);
      });
      expect(diverged).toEqual([]);
    },
    300_000,
  );

  it('ten scans started at once write what one scan writes (real Redis)', async () => {
    const sim = await freshSim();
    const prefix = testPrefix();
    onTestFinished(() => cleanPrefix(prefix, REDIS_URL));
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => scan(sim, { REDIS_URL, JANUS_REDIS_PREFIX: prefix })),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const store = await normalisedExport(sim);
    const incidents = store.filter((r) => r.aspectName === 'incidentInfo');
    expect(incidents.map((i) => i.entityUrn)).toEqual([...new Set(incidents.map((i) => i.entityUrn))]);
    expect(incidents).toHaveLength(ref.store.filter((r) => r.aspectName === 'incidentInfo').length);
    for (const m of store.filter((r) => r.aspectName === 'institutionalMemory')) {
      expect((m.aspect.json.elements as unknown[]).length).toBe(1);
    }
    for (const t of store.filter((r) => r.aspectName === 'globalTags')) {
      const tags = (t.aspect.json.tags as { tag: string }[]).map((x) => x.tag);
      expect(tags).toEqual([...new Set(tags)]);
    }
    expect(JSON.stringify(store)).toBe(JSON.stringify(ref.store));
  });
});
