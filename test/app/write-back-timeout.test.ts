import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { createDataHubClient } from '../../src/datahub/client.js';
import { gql, scanAll } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const RUNS = `query R($urn: String!) { assertion(urn: $urn) { runEvents(limit: 50) { total } } }`;
const runs = async (urn: string) =>
  (await gql<{ assertion: { runEvents: { total: number } | null } | null }>(sim!, RUNS, { urn })).assertion?.runEvents
    ?.total ?? 0;

// Incidents are upserts at their own urn (writeback/incident-write.ts): sent twice, still one. An assertion result is
// not: each report appends a run event, so a report answered 503 must be found before it is sent again.
describe('a write DataHub answered 503 after its 55 s (it may have landed)', () => {
  it('is re-read before it is sent again, so a result that landed is not reported twice', async () => {
    // GMS's timeout, shortened; the first request reporting results lands, then answers too late: 503
    sim = await startSim({ demo: true, port: 0, requestTimeoutMs: 300 });
    sim.slowAnswers.plant({ field: 'reportAssertionResult', ms: 700, times: 1 });
    const client = createDataHubClient({
      url: sim.url,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
    });
    const outcome = await scanAll(sim, { client });
    expect(sim.requests().filter((r) => r.status === 503)).toHaveLength(1);
    expect(outcome.failed).toEqual([]);
    const reported = outcome.plan.flatMap((w) => (w.kind === 'reportAssertion' ? [w.urn] : []));
    expect(reported.length).toBeGreaterThan(0);
    // one run event a planned report: the request that timed out landed, and what it reported was found
    for (const urn of new Set(reported)) expect(await runs(urn)).toBe(reported.filter((u) => u === urn).length);
  });
});
