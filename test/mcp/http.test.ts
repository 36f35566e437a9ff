import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../../src/mcp/http-transport.js';
import { createJanusMcpServer } from '../../src/mcp/server.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { depsFor, textOf, TOOL_NAMES } from './harness.js';
import { demoScore, demoVerdict, type DemoModel } from '../support/demo-verdicts.js';

let sim: RunningSim;
let server: http.Server;
let base: string;
let servers = 0;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  const deps = depsFor(sim.url);
  const handler = createMcpHttpHandler(() => (servers++, createJanusMcpServer(deps)));
  // What `janus serve` does when mcp.http is on: mount the handler at its path.
  server = http.createServer((req, res) => {
    if (req.url?.split('?')[0] === '/mcp') void handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await sim.close();
});

async function httpClient(): Promise<Client> {
  const c = new Client({ name: 'janus-http-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  return c;
}

describe('MCP over Streamable HTTP', () => {
  it('lists the tools and answers trust_model over real HTTP, one stateless server per request', async () => {
    const c = await httpClient();
    try {
      expect((await c.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
      const before = servers;
      const r = await c.callTool({ name: 'trust_model', arguments: { model: DEMO.modelNames.fraud } });
      expect(r.structuredContent).toMatchObject({
        model: { name: 'fraud_detector_v4' },
        score: demoScore('fraud'),
        band: demoVerdict('fraud').band,
      });
      expect(servers).toBe(before + 1);
      const bad = await c.callTool({ name: 'trust_model', arguments: { model: 'v2' } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad as CallToolResult)).toContain('matches 2 models');
    } finally {
      await c.close();
    }
  });

  it('serves several clients at once', async () => {
    const clients = await Promise.all([httpClient(), httpClient(), httpClient()]);
    const models: DemoModel[] = ['churn', 'sessionIntent', 'customerLtv'];
    try {
      const results = await Promise.all(
        clients.map((c, i) =>
          c.callTool({
            name: 'trust_model',
            arguments: { model: DEMO.models[models[i]!] },
          }),
        ),
      );
      expect(results.map((r) => (r.structuredContent as { score: number }).score)).toEqual(models.map(demoScore));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('answers GET and DELETE with 405: there are no sessions to stream or end', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'POST']);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('stateless');
    }
  });

  it('answers a body that is not JSON-RPC with a JSON-RPC error, and keeps serving', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const c = await httpClient();
    expect((await c.listTools()).tools).toHaveLength(7);
    await c.close();
  });
});
