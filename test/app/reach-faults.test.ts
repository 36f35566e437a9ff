import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { judgeModel } from '../../src/app/judge-model.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { policy } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const NOW = Date.parse('2026-06-02T12:00:00Z');
const strip = (v: Verdict) => ({ ...v, scannedAt: '' });
const trust = async (s: RunningSim) => {
  const client = createDataHubClient({ url: s.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
  return (await judgeModel({ client, policy, now: () => NOW }, DEMO.models.fraud)).verdict;
};

describe("a model's whole reach in one request (janus trust), as DataHub really answers it", () => {
  it('reads the reach again in smaller slices when GMS answers 503 after its timeout', async () => {
    sim = await startSim({ demo: true, port: 0, now: () => NOW, requestTimeoutMs: 300 });
    const whole = await trust(sim);
    sim.resetStats();
    // twice: more than the one retry a plain 503 would get
    sim.slowAnswers.plant({ field: 'searchAcrossLineage', ms: 700, times: 2 });
    expect(strip(await trust(sim))).toEqual(strip(whole));
    expect(
      sim
        .requests()
        .filter((r) => r.operation === 'JanusUpstreamReach')
        .map((r) => r.status),
    ).toEqual([503, 503, 200]);
  });

  it('judges the rest of the reach when one entity of it fails, and names that entity', async () => {
    sim = await startSim({ demo: true, port: 0, now: () => NOW });
    const whole = await trust(sim);
    const dataset = DEMO.datasets.stgChargebacks;
    sim.fieldFaults.plant({ field: 'lineage', urn: dataset });
    const partial = await trust(sim);
    expect(partial.unread).toEqual([{ urn: dataset, error: `Failed to fetch lineage for ${dataset}` }]);
    expect(partial.upstreamCount).toBeLessThan(whole.upstreamCount);
    expect(partial.upstreamCount).toBeGreaterThan(0);
  });
});
