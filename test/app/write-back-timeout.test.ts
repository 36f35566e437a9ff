import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { createDataHubClient } from '../../src/datahub/client.js';
import { gql, scanAll } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const INCIDENTS = `query I($urn: String!) { dataset(urn: $urn) { incidents(start: 0, count: 50) { incidents { urn } } } }`;
const incidents = async (urn: string) =>
  (await gql<{ dataset: { incidents: { incidents: { urn: string }[] } } }>(sim!, INCIDENTS, { urn })).dataset.incidents
    .incidents;

const DATASETS = Object.values(DEMO.datasets);

describe('a write DataHub answered 503 after its 55 s (it may have landed)', () => {
  it('is re-read before it is sent again, so an incident that landed is not raised twice', async () => {
    // GMS's timeout, shortened; the first request raising incidents lands, then answers too late: 503
    sim = await startSim({ demo: true, port: 0, requestTimeoutMs: 300 });
    sim.slowAnswers.plant({ field: 'raiseIncident', ms: 700, times: 1 });
    const client = createDataHubClient({
      url: sim.url,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
    });
    const before = await Promise.all(DATASETS.map(async (d) => (await incidents(d)).length));
    const outcome = await scanAll(sim, { client });
    expect(sim.requests().filter((r) => r.status === 503)).toHaveLength(1);
    expect(outcome.failed).toEqual([]);
    const raised = outcome.plan.flatMap((w) => (w.kind === 'raiseIncident' ? [w.dataset] : []));
    expect(raised.length).toBeGreaterThan(1);
    // one incident a planned write: the request that timed out landed, and what it raised was found, not sent again
    for (const [i, dataset] of DATASETS.entries())
      expect((await incidents(dataset)).length - before[i]!).toBe(raised.filter((d) => d === dataset).length);
  });
});
