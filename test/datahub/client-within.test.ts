import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { DeadlinePassedError } from '../../src/datahub/errors.js';
import { listModels } from '../../src/datahub/read-catalog.js';
import { readNeeded } from '../../src/datahub/read-needed.js';
import { startFaultyProxy, type FaultyProxy } from '../chaos/faulty-proxy.js';

// A client bounded by the deadline of the work it serves (a cycle, a health probe): past it, what hangs is given up.
let sim: RunningSim;
let hanging: FaultyProxy;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  hanging = await startFaultyProxy(sim.url, 1, 1, ['timeout']); // answers no GraphQL request
});
afterAll(async () => {
  await hanging.close();
  await sim.close();
});

/** A client that would wait 30 s for each of 4 attempts. */
const patient = (url: string) =>
  createDataHubClient({ url, timeoutMs: 30_000, longReadTimeoutMs: 30_000, retry: { retries: 3 } });

describe('DataHubClient.within', () => {
  it('gives up a hanging request at the deadline, once: not retried, not split, nothing marked unread', async () => {
    const client = patient(hanging.url);
    await client.serverVersion(); // GET /config, answered: asked once, before the first request
    const before = hanging.requests;
    await expect(listModels(client.within(AbortSignal.timeout(300)))).rejects.toBeInstanceOf(DeadlinePassedError);
    // one request, where the client alone would have sent 4 over 2 minutes
    expect(client.sent).toEqual({ JanusCatalogPage: 1 });
    expect(hanging.requests - before).toBe(1);

    const cache = new EntityCache();
    const read = readNeeded(client.within(AbortSignal.timeout(300)), [DEMO.models.fraud], cache);
    await expect(read).rejects.toBeInstanceOf(DeadlinePassedError);
    expect(cache.unread.size).toBe(0);
  });

  it('sends nothing once the deadline has passed, and leaves the client it came from as it was', async () => {
    const client = patient(sim.url);
    await expect(listModels(client.within(AbortSignal.abort()))).rejects.toBeInstanceOf(DeadlinePassedError);
    expect(client.sent).toEqual({});
    expect((await listModels(client)).length).toBeGreaterThan(0);
    expect((await listModels(client.within(AbortSignal.timeout(10_000)))).length).toBeGreaterThan(0);
  });
});
