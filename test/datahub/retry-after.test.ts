import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type LoggedRequest, type RunningSim } from '@janus/datahub-sim';
import { createDataHubClient } from '../../src/datahub/client.js';
import { retryAfterMs } from '../../src/datahub/retry.js';
import { searchModels } from '../../src/datahub/queries/search-models.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const vars = { query: 'fraud', start: 0, count: 1 };
const post = (path: string, body: unknown) =>
  fetch(`${sim!.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
/** The pause DataHub saw between a request it refused and the next one (its own request log, not the test's clock). */
const pauseAfterRefusal = (log: LoggedRequest[]) => log[1]!.at - log[0]!.at;

describe("DataHub's Retry-After", () => {
  it('waits as long as a 429 asks before sending again', async () => {
    sim = await startSim({ demo: true, port: 0 });
    await post('/__sim/throttle', { times: 1, retryAfterSeconds: 1 });
    const client = createDataHubClient({ url: sim.url, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } });
    await client.request(searchModels, vars);
    const log = sim.requests();
    expect(log.map((r) => r.status)).toEqual([429, 200]);
    // loose: a backoff alone would be 1-2 ms
    expect(pauseAfterRefusal(log)).toBeGreaterThanOrEqual(900);
  });

  it("waits out a 503's Retry-After (cut to the policy's cap) before reading again", async () => {
    // the shortest times that still tell the cap's wait (300 ms) from a backoff's (1-2 ms): the pause is the 50 ms
    // the sim takes to give up on the first request plus the wait
    sim = await startSim({ demo: true, port: 0, requestTimeoutMs: 50 });
    await post('/__sim/slow-answers', { field: 'searchAcrossEntities', ms: 100, times: 1 });
    const client = createDataHubClient({
      url: sim.url,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 300 },
    });
    await client.request(searchModels, vars);
    const log = sim.requests();
    expect(log.map((r) => r.status)).toEqual([503, 200]);
    expect(pauseAfterRefusal(log)).toBeGreaterThanOrEqual(330);
  });

  it('reads Retry-After as seconds or an HTTP date, capped, and ignores what it cannot read', () => {
    const p = { retries: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 30_000 };
    expect(retryAfterMs('2', p)).toBe(2_000);
    expect(retryAfterMs('3600', p)).toBe(30_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), p, 5_000)).toBe(5_000);
    expect(retryAfterMs('soon', p)).toBeUndefined();
    expect(retryAfterMs(null, p)).toBeUndefined();
  });
});
