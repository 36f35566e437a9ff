import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createJanusMcpServer } from '../../src/mcp/server.js';
import { serveStdio } from '../../src/mcp/stdio.js';
import { INVALID_REQUEST, MCP_MAX_LINE_BYTES, PARSE_ERROR } from '../../src/mcp/stdio-transport.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { depsFor } from './harness.js';
import { demoScore } from '../support/demo-verdicts.js';

// Issue 20, case 7: MCP over stdio lost replies at the end of input, answered a malformed line with silence, and
// stopped on a 12 MB line.
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0, latencyMs: 5 });
});
afterAll(() => sim.close());

type Reply = { id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** Writes the lines to a Janus MCP server's stdin, ends it, and returns every reply once the server has stopped. */
async function session(lines: (string | Buffer)[], maxLineBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const logs: string[] = [];
  const logger = createLogger({ level: 'debug', format: 'json', destination: { write: (l: string) => logs.push(l) } });
  const served = serveStdio(createJanusMcpServer(depsFor(sim.url)), {
    stdin,
    stdout,
    logger,
    ...(maxLineBytes ? { maxLineBytes } : {}),
  });
  for (const l of lines) stdin.write(typeof l === 'string' ? `${l}\n` : l);
  stdin.end();
  await served;
  const replies = out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Reply);
  return { replies, logs: logs.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const rpc = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const INIT = rpc(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'pipe', version: '1' },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

describe('MCP over stdio', () => {
  it('answers every request piped in before the end of input', async () => {
    const { replies } = await session([
      INIT,
      INITIALIZED,
      rpc(2, 'tools/call', { name: 'trust_model', arguments: { model: DEMO.modelNames.fraud } }),
      rpc(3, 'tools/list'),
    ]);
    expect(replies.map((r) => r.id).sort()).toEqual([1, 2, 3]);
    expect(replies.find((r) => r.id === 2)!.result!.structuredContent).toMatchObject({ score: demoScore('fraud') });
  });

  it('answers a line that is not JSON -32700 and one that is not JSON-RPC -32600, id null, logged at debug', async () => {
    const { replies, logs } = await session([
      INIT,
      '{"jsonrpc": "2.0", "id": 7, "method"',
      '{"hello": "world"}',
      '[]',
      rpc(4, 'tools/list'),
    ]);
    const errors = replies.filter((r) => r.error);
    expect(errors.map((r) => [r.id, r.error!.code])).toEqual([
      [null, PARSE_ERROR],
      [null, INVALID_REQUEST],
      [null, INVALID_REQUEST],
    ]);
    expect(replies.some((r) => r.id === 4 && r.result)).toBe(true);
    expect(logs.filter((l) => l.level === 20 && String(l.msg).startsWith('MCP line'))).toHaveLength(3);
  });

  it(`refuses a line over the limit (${MCP_MAX_LINE_BYTES} bytes by default) with an error reply, and goes on`, async () => {
    const huge = Buffer.alloc(12 * 1024 * 1024, 'a');
    const { replies } = await session([INIT, Buffer.concat([huge, Buffer.from('\n')]), rpc(5, 'tools/list')]);
    const refused = replies.find((r) => r.error?.code === INVALID_REQUEST);
    expect(refused?.id).toBeNull();
    expect(refused?.error?.message).toContain('over the limit');
    expect(replies.some((r) => r.id === 5 && r.result)).toBe(true);
  });
});
