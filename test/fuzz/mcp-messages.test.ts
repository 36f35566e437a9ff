import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createJanusMcpServer } from '../../src/mcp/server.js';
import { serveStdio } from '../../src/mcp/stdio.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { depsFor } from '../mcp/harness.js';
import { anyText, fuzz, STACK_FRAME, urnLike } from './support.js';

// The fuzz suite, MCP surface (issue 20): lines on stdio, from garbage to well-formed JSON-RPC calls of every tool
// with generated arguments. Invariant: the server never stops early; each request (an id) is answered exactly once,
// each line it cannot read gets one error reply with id null; no reply carries a stack trace.
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(() => sim.close());

const TOOLS = [
  'trust_model',
  'explain_finding',
  'list_at_risk_models',
  'blast_radius',
  'model_incidents',
  'score_history',
  'scan_model',
  'nope',
];
const args = fc.oneof(
  fc.record(
    { model: fc.oneof(urnLike(), anyText(), fc.constantFrom(DEMO.modelNames.fraud, DEMO.models.churn)) },
    { requiredKeys: [] },
  ),
  fc.record({ dataset: fc.oneof(urnLike(), fc.constant(DEMO.datasets.stgSessions)) }),
  fc.record(
    { model: fc.constant(DEMO.modelNames.fraud), finding: anyText(), limit: fc.oneof(fc.integer(), anyText()) },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

type Line = { text: string; id?: number | string; unreadable?: boolean };
const line = (n: number): fc.Arbitrary<Line> =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...TOOLS), args).map(([name, a]) => ({
      text: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name, arguments: a } }),
      id: n,
    })),
    fc.constantFrom('tools/list', 'resources/list', 'prompts/list', 'ping', 'no/such/method').map((method) => ({
      text: JSON.stringify({ jsonrpc: '2.0', id: `s${n}`, method }),
      id: `s${n}`,
    })),
    fc.constantFrom('notifications/initialized', 'notifications/cancelled', 'notifications/x').map((method) => ({
      text: JSON.stringify({ jsonrpc: '2.0', method, params: { requestId: 999 } }),
    })),
    // not JSON, JSON that is not JSON-RPC, or JSON-RPC cut short
    fc
      .oneof(
        anyText(),
        fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      )
      .map((text) => ({ text, unreadable: true })),
  );

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
});

async function session(lines: Line[]) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const logger = createLogger({ level: 'silent' });
  const served = serveStdio(createJanusMcpServer(depsFor(sim.url)), { stdin, stdout, logger });
  stdin.write(`${INIT}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  for (const l of lines) stdin.write(`${l.text.replace(/\n/g, ' ')}\n`);
  stdin.end();
  await served;
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id?: unknown; result?: unknown; error?: unknown });
}

describe('fuzz: MCP messages on stdio', () => {
  it('answers each request once, and each unreadable line once with id null', async () => {
    let lines = 0;
    await fuzz(
      'mcp messages (sessions of 40 lines)',
      fc.asyncProperty(
        fc
          .array(fc.nat({ max: 1_000_000 }), { minLength: 40, maxLength: 40 })
          .chain((ns) => fc.tuple(...ns.map((n, i) => line(i * 1_000_000 + n)))),
        async (session_) => {
          lines += session_.length;
          const replies = await session(session_);
          const text = JSON.stringify(replies);
          expect(text).not.toMatch(STACK_FRAME);
          for (const l of session_.filter((x) => x.id !== undefined))
            expect(
              replies.filter((r) => r.id === l.id),
              `replies to ${l.text}`,
            ).toHaveLength(1);
          // an unreadable line is a JSON-RPC error with id null; a JSON value that happens to be a notification is fine
          const nulls = replies.filter((r) => r.id === null);
          expect(nulls.length).toBeLessThanOrEqual(session_.filter((l) => l.unreadable).length);
          for (const r of nulls) expect(r.error).toBeDefined();
        },
      ),
      60,
      90_000,
    );
    console.log(`mcp lines: ${lines}`);
    expect(lines).toBeGreaterThanOrEqual(1_200);
  }, 150_000);
});
