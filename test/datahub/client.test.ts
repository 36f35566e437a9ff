import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDataHubClient, type DataHubClientOptions } from '../../src/datahub/client.js';
import { DataHubError } from '../../src/datahub/errors.js';
import type { Operation } from '../../src/datahub/operation.js';
import { searchModels } from '../../src/datahub/queries/search-models.js';
import { createTagOp } from '../../src/datahub/queries/write-ops.js';
import { startSim, type RunningSim, type SimOptions } from '@janus/datahub-sim';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };
/** A fake GMS that answers only GraphQL: the client is told the release instead of asking it (GET /config). */
const KNOWN = { reported: 'v1.6.0', cloud: false, api: 'v1.3' } as const;
async function setup(simOpts: SimOptions = {}, clientOpts: Partial<DataHubClientOptions> = {}) {
  sim = await startSim({ demo: true, port: 0, ...simOpts });
  return createDataHubClient({ url: sim.url, retry: fast, ...clientOpts });
}

const fail = async (p: Promise<unknown>): Promise<DataHubError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataHubError);
  return err as DataHubError;
};

const op = <D>(
  name: string,
  document: string,
  schema: z.ZodType<D>,
  idempotent = true,
): Operation<Record<string, unknown>, D> => ({
  name,
  document,
  schema,
  idempotent,
});

describe('DataHub client', () => {
  it('reads and parses a response', async () => {
    const client = await setup();
    const data = await client.request(searchModels, { query: 'customer_ltv_v2', start: 0, count: 5 });
    expect(data.searchAcrossEntities.searchResults[0]?.entity.urn).toContain('customer_ltv_v2');
  });

  it('retries a 5xx with backoff, then reports it with the status (bounded)', async () => {
    const client = await setup({ failRate: 1, faults: ['500'] });
    const err = await fail(client.request(searchModels, { query: 'x', start: 0, count: 1 }));
    expect(err).toMatchObject({ code: 'datahub.graphql', status: 500, operation: 'JanusSearchModels' });
    expect(sim!.stats().requests).toBe(3);
  });

  it('recovers when a retry succeeds', async () => {
    const client = await setup({ failRate: 0.5, faults: ['500'], seed: 3 }, { retry: { ...fast, retries: 6 } });
    for (let i = 0; i < 5; i++) await client.request(searchModels, { query: 'customer', start: 0, count: 1 });
    expect(sim!.stats().faults['500']).toBeGreaterThan(0);
  });

  it('times out a request that hangs, and retries it', async () => {
    const client = await setup(
      { failRate: 1, faults: ['timeout'] },
      { timeoutMs: 150, retry: { ...fast, retries: 1 } },
    );
    const err = await fail(client.request(searchModels, { query: 'x', start: 0, count: 1 }));
    expect(err.code).toBe('datahub.unreachable');
    expect(err.message).toMatch(/timed out/);
    expect(sim!.stats().requests).toBe(2);
  });

  it('gives a long read its own, longer time limit, and does not send it again after a timeout', async () => {
    const long = { ...searchModels, long: true };
    const vars = { query: 'customer_ltv_v2', start: 0, count: 1 };
    // short times (a floor of 200 ms under a 50 ms limit) that still cannot pass by chance: latency is a lower bound
    const slow = await setup({ latencyMs: 200 }, { timeoutMs: 50, longReadTimeoutMs: 5_000 });
    expect((await fail(slow.request(searchModels, vars))).message).toMatch(/timed out/);
    expect((await slow.request(long, vars)).searchAcrossEntities.searchResults).toHaveLength(1);
    await sim!.close();
    const hangs = await setup({ failRate: 1, faults: ['timeout'] }, { timeoutMs: 50, longReadTimeoutMs: 80 });
    expect((await fail(hangs.request(long, vars))).message).toMatch(/timed out/);
    expect(sim!.stats().requests).toBe(1);
  });

  it('reports a malformed body as such', async () => {
    const client = await setup({ failRate: 1, faults: ['malformed'] });
    expect((await fail(client.request(searchModels, { query: 'x', start: 0, count: 1 }))).code).toBe(
      'datahub.malformed',
    );
  });

  it('does not retry a refused token', async () => {
    const client = await setup({ token: 'right' }, { token: 'wrong' });
    expect((await fail(client.request(searchModels, { query: 'x', start: 0, count: 1 }))).code).toBe(
      'datahub.unauthorized',
    );
    expect(sim!.stats().requests).toBe(1);
  });

  it('sends the token as a bearer token', async () => {
    const client = await setup({ token: 'right' }, { token: 'right' });
    await client.request(searchModels, { query: 'x', start: 0, count: 1 });
  });

  it("does not retry a GraphQL error, and keeps DataHub's code", async () => {
    const client = await setup();
    const bad = op('Bad', 'mutation Bad { createTag(input: { id: "pii", name: "pii" }) }', z.unknown(), false);
    const err = await fail(client.request(bad, {}));
    expect(err).toMatchObject({ code: 'datahub.graphql', status: 400 });
    expect(err.message).toMatch(/already exists/);
    expect(sim!.stats().requests).toBe(1);
  });

  it("answers each write of a batch on its own, with DataHub's code, in one request", async () => {
    const client = await setup();
    const tag = (id: string) => ({ input: { id, name: id } });
    const answers = await client.requestEach(createTagOp, [tag('fresh-1'), tag('pii'), tag('fresh-2')]);
    expect(answers.map((a) => a.status)).toEqual(['landed', 'failed', 'landed']);
    expect(answers[1]).toMatchObject({
      error: { code: 'datahub.graphql', status: 400, message: expect.stringMatching(/already exists/) },
    });
    expect(sim!.stats()).toMatchObject({ requests: 1, mutations: 2 });
  });

  it('throws when DataHub rejects a whole batch, retrying it only as `request` would', async () => {
    const client = await setup();
    // a variable DataHub cannot coerce: the document is refused before any write runs, with no field path
    const err = await fail(client.requestEach(createTagOp, [{ input: { id: 'x' } }]));
    expect(err.code).toBe('datahub.graphql');
    expect(sim!.stats()).toMatchObject({ requests: 1, mutations: 0 });
    expect(await client.requestEach(createTagOp, [])).toEqual([]);
    expect(sim!.stats().requests).toBe(1);
  });

  it('reports a response that does not match the expected shape', async () => {
    const client = await setup();
    const wrong = op(
      'Wrong',
      'query Wrong { entityExists(urn: "urn:li:corpuser:datahub") }',
      z.object({ entityExists: z.string() }),
    );
    expect((await fail(client.request(wrong, {}))).code).toBe('datahub.malformed');
  });

  it('retries a write only when the request never reached DataHub', async () => {
    const client = await setup({ failRate: 1, faults: ['500'] });
    const write = op('Write', 'mutation Write { createTag(input: { id: "x1", name: "x1" }) }', z.unknown(), false);
    await fail(client.request(write, {}));
    expect(sim!.stats().requests).toBe(1);
    // a port nothing listens on (not the simulator's: a kept-alive connection to it would be reset, not refused)
    const closed = await new Promise<string>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}`));
      });
    });
    const offline = createDataHubClient({ url: closed, retry: fast, serverVersion: await client.serverVersion() });
    expect((await fail(offline.request(write, {}))).code).toBe('datahub.unreachable');
    expect(offline.sent.Write).toBe(3);
  });

  it('keeps at most `concurrency` requests in flight, and times a request from when it is sent, not queued', async () => {
    // First the server holds its answers: once 3 requests are held, a client that sends more has 50 ms to show it,
    // then all held are answered together. Then it answers each after `delayMs`.
    let inFlight = 0;
    let peak = 0;
    let delayMs = 0;
    const held: http.ServerResponse[] = [];
    let release: NodeJS.Timeout | undefined;
    const answer = (res: http.ServerResponse) => {
      inFlight--;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { entityExists: true } }));
    };
    const server = http.createServer((req, res) => {
      req.resume();
      peak = Math.max(peak, ++inFlight);
      if (delayMs) return void setTimeout(() => answer(res), delayMs);
      held.push(res);
      // a client that never has 3 in flight is answered after a second, and fails on `peak`
      if (held.length === 1 || held.length === 3) {
        clearTimeout(release);
        release = setTimeout(() => held.splice(0).forEach(answer), held.length === 3 ? 50 : 1000);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const exists = op(
        'Exists',
        'query Exists { entityExists(urn: "urn:li:corpuser:datahub") }',
        z.object({ entityExists: z.boolean() }),
      );
      const three = createDataHubClient({ url, retry: fast, concurrency: 3, serverVersion: KNOWN });
      await Promise.all(Array.from({ length: 9 }, () => three.request(exists, {})));
      expect(peak).toBe(3);
      // 10 requests one at a time take far longer than the timeout; each, once sent, takes far less
      peak = 0;
      delayMs = 30;
      const one = createDataHubClient({
        url,
        retry: { ...fast, retries: 0 },
        concurrency: 1,
        timeoutMs: 180,
        serverVersion: KNOWN,
      });
      const answers = await Promise.all(Array.from({ length: 10 }, () => one.request(exists, {})));
      expect(answers.every((a) => a.entityExists)).toBe(true);
      expect(peak).toBe(1);
      expect(one.sent.Exists).toBe(10);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
