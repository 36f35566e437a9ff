import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createMcpHttpHandler } from '../../src/mcp/http-transport.js';
import { createJanusMcpServer } from '../../src/mcp/server.js';
import { createJanusServer } from '../../src/server/index.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { depsFor } from '../mcp/harness.js';
import { anyText, fuzz, STACK_FRAME, urnLike } from './support.js';

// The fuzz suite, MCP over HTTP (issue 20): requests to `janus serve`'s `/mcp` (mcp.http on), as Janus's HTTP server
// mounts it: any method, headers right and wrong, bodies from garbage to JSON-RPC calls of every tool with generated
// arguments, single and batched. Invariant: never a 500 and no stack trace; a status of the transport's contract; a
// well-formed request answered once, with its id; the server answers the next request.
let sim: RunningSim;
let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  const logger = createLogger({ level: 'silent' });
  const deps = depsFor(sim.url);
  const { server } = createJanusServer({
    judge: () => Promise.reject(new Error('not used')),
    logger,
    mounts: [
      { path: '/mcp', name: 'mcp', handler: createMcpHttpHandler(() => createJanusMcpServer(deps), { logger }) },
    ],
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  await close?.();
  await sim?.close();
});

const TOOLS = ['trust_model', 'explain_finding', 'blast_radius', 'model_incidents', 'score_history', 'nope'];
const args = fc.oneof(
  fc.record({ model: fc.oneof(urnLike(), anyText(), fc.constant(DEMO.modelNames.fraud)) }, { requiredKeys: [] }),
  fc.record({ dataset: fc.oneof(urnLike(), fc.constant(DEMO.datasets.stgSessions)) }),
  fc.record({ model: fc.constant(DEMO.modelNames.fraud), finding: anyText() }, { requiredKeys: [] }),
  fc.jsonValue({ maxDepth: 2 }),
);
const id = fc.oneof(fc.nat({ max: 1_000_000 }), fc.string({ minLength: 1, maxLength: 8 }));
type Rpc = { message: Record<string, unknown>; id?: unknown };
const request: fc.Arbitrary<Rpc> = fc.oneof(
  fc.tuple(id, fc.constantFrom(...TOOLS), args).map(([i, name, a]) => ({
    message: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: a } },
    id: i,
  })),
  fc
    .tuple(id, fc.constantFrom('tools/list', 'ping', 'resources/list', 'no/such/method'))
    .map(([i, method]) => ({ message: { jsonrpc: '2.0', id: i, method }, id: i })),
  id.map((i) => ({
    message: {
      jsonrpc: '2.0',
      id: i,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
    },
    id: i,
  })),
  fc.constantFrom('notifications/initialized', 'notifications/cancelled').map((method) => ({
    message: { jsonrpc: '2.0', method },
  })),
);

interface Sent {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The single JSON-RPC request it carries, well-formed and with the headers the transport asks for. */
  expect?: Rpc;
}
const ACCEPT = 'application/json, text/event-stream';
const sent: fc.Arbitrary<Sent> = fc.oneof(
  {
    weight: 5,
    arbitrary: request.map((r) => ({ method: 'POST', headers: {}, body: JSON.stringify(r.message), expect: r })),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(request, { minLength: 1, maxLength: 4 })
      .map((rs) => ({ method: 'POST', headers: {}, body: JSON.stringify(rs.map((r) => r.message)) })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('POST', 'GET', 'DELETE', 'PUT', 'PATCH'),
        fc.record(
          {
            'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
            accept: fc.constantFrom(ACCEPT, 'application/json', 'text/html', '*/*', ''),
            'mcp-session-id': fc.string({ maxLength: 20 }),
            'mcp-protocol-version': fc.constantFrom('2025-06-18', '2024-11-05', 'bogus'),
          },
          { requiredKeys: [] },
        ),
        fc.oneof(
          anyText(),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          request.map((r) => JSON.stringify(r.message).slice(0, -3)),
        ),
      )
      .map(([method, headers, body]) => ({
        method,
        headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v))),
        ...(method === 'GET' ? {} : { body }),
      })),
  },
);

/** The statuses the stateless Streamable HTTP transport answers with: never a 500. */
const CONTRACT = new Set([200, 202, 400, 404, 405, 406, 415]);

async function send(s: Sent): Promise<{ status: number; type: string; text: string }> {
  const headers = { 'content-type': 'application/json', accept: ACCEPT, ...s.headers };
  const res = await fetch(`${base}/mcp`, {
    method: s.method,
    headers,
    ...(s.body !== undefined ? { body: s.body } : {}),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('fuzz: MCP over HTTP', () => {
  it('answers every request within the transport’s contract, never a 500; a well-formed request once, with its id', async () => {
    const statuses: Record<number, number> = {};
    await fuzz(
      'mcp over http',
      fc.asyncProperty(sent, async (s) => {
        const r = await send(s);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        expect(
          CONTRACT.has(r.status),
          `${s.method} ${s.body?.slice(0, 200)} → ${r.status} ${r.text.slice(0, 200)}`,
        ).toBe(true);
        expect(r.text).not.toMatch(STACK_FRAME);
        if (r.text && r.type.includes('application/json')) JSON.parse(r.text);
        if (s.expect?.id !== undefined) {
          expect(r.status).toBe(200);
          const reply = JSON.parse(r.text) as { id?: unknown; result?: unknown; error?: unknown };
          expect(reply.id).toEqual(s.expect.id);
          expect(reply.result !== undefined || reply.error !== undefined).toBe(true);
        }
      }),
      1_500,
      60_000,
    );
    console.log(`mcp over http statuses: ${JSON.stringify(statuses)}`);
    // still serving after all of it
    const last = await send({
      method: 'POST',
      headers: {},
      body: JSON.stringify({ jsonrpc: '2.0', id: 'last', method: 'tools/list' }),
    });
    expect(last.status).toBe(200);
    expect(JSON.parse(last.text)).toMatchObject({ id: 'last', result: { tools: expect.any(Array) } });
  }, 120_000);
});
