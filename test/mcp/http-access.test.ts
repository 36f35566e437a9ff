import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { mcpHttpAccess } from '../../src/mcp/http-access.js';
import { createMcpHttpHandler } from '../../src/mcp/http-transport.js';
import { createJanusMcpServer } from '../../src/mcp/server.js';
import { createJanusServer } from '../../src/server/index.js';
import { configSchema } from '../../src/config/schema.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { depsFor } from './harness.js';

// MCP over HTTP with writes allowed, as `janus serve` mounts it: who may call (issue 38, probe finding 1).
const TOKEN = 'a-token-of-its-own-0123456789';
let sim: RunningSim;
let base: string;
let port: number;
let close: () => Promise<void>;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  const logger = createLogger({ level: 'silent' });
  const config = configSchema.parse({
    mcp: { http: true, allowWrites: true, httpToken: TOKEN, allowedOrigins: 'https://agent.example.com' },
    server: { publicUrl: 'https://janus.example.com' },
  });
  const deps = depsFor(sim.url, { allowWrites: true });
  const handler = createMcpHttpHandler(() => createJanusMcpServer(deps), { logger, access: mcpHttpAccess(config) });
  const { server } = createJanusServer({
    judge: () => Promise.reject(new Error('not used')),
    logger,
    mounts: [{ path: '/mcp', name: 'mcp', handler }],
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  await close?.();
  await sim?.close();
});

const scanCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'scan_model', arguments: { model: DEMO.modelNames.sessionIntent } },
});

/** node:http, not fetch: fetch sets the Host header itself. */
function post(headers: Record<string, string>): Promise<{ status: number; auth?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        const auth = res.headers['www-authenticate'];
        resolve({ status: res.statusCode!, ...(auth ? { auth } : {}), text });
      });
    });
    req.on('error', reject);
    req.end(scanCall);
  });
}

describe('who may call the MCP tools over HTTP', () => {
  it.each([
    ['no credential', {}, 401, 'bearer token'],
    ['a wrong token', { authorization: 'Bearer a-token-of-its-own-01234567890' }, 401, 'bearer token'],
    ['a token in another scheme', { authorization: `Basic ${TOKEN}` }, 401, 'bearer token'],
    ['a foreign Origin', { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' }, 403, 'Origin'],
    ['a rebound host name', { authorization: `Bearer ${TOKEN}`, host: 'evil.example:80' }, 403, 'Host'],
  ])('refuses %s before any tool runs: no DataHub write', async (_, headers, status, word) => {
    sim.resetStats();
    const r = await post(headers);
    expect(r.status).toBe(status);
    expect(JSON.parse(r.text).error.message).toContain(word);
    if (status === 401) expect(r.auth).toBe('Bearer realm="janus-mcp"');
    expect(sim.stats().requests).toBe(0);
    expect(sim.stats().mutations).toBe(0);
  });

  it('lets the token through, from localhost, the public host and an allowed origin: the scan writes', async () => {
    sim.resetStats();
    const ok = await post({ authorization: `Bearer ${TOKEN}`, origin: 'https://agent.example.com' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('session_intent_v1');
    expect(sim.stats().mutations).toBeGreaterThan(0);
    const viaPublicName = await post({ authorization: `bearer ${TOKEN}`, host: `janus.example.com:${port}` });
    expect(viaPublicName.status).toBe(200);
    const samePublicOrigin = await post({ authorization: `Bearer ${TOKEN}`, origin: 'https://janus.example.com' });
    expect(samePublicOrigin.status).toBe(200);
  });

  it('refuses to be built with writes on and no credential', () => {
    const config = configSchema.parse({ mcp: { http: true, allowWrites: true } });
    expect(() => mcpHttpAccess(config)).toThrow(/JANUS_MCP_HTTP_TOKEN/);
    const readOnly = mcpHttpAccess(configSchema.parse({ mcp: { http: true } }));
    expect(readOnly).toEqual({ allowedHosts: ['localhost', '127.0.0.1', '[::1]'], allowedOrigins: [] });
  });
});
