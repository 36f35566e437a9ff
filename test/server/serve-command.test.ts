import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { CLI, requireBuiltCli } from '../cli/run-janus.js';
import { cleanPrefix, REDIS_URL, testPrefix } from '../support/service.js';

// `janus serve` as a process; its behaviour in this process is serve-in-process.test.ts (unit tier).
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(() => sim.close());

describe('janus serve as a process (the built CLI)', () => {
  beforeAll(requireBuiltCli);
  it.each(['SIGTERM', 'SIGINT'] as const)('prints the ready line, serves, and exits 0 on %s', async (signal) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATAHUB_GMS_URL: sim.url,
        JANUS_LOG_LEVEL: 'info',
        JANUS_LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) =>
        (out.stdout += c.toString()).includes('\n') ? resolve(out.stdout) : undefined,
      );
      child.on('exit', () => reject(new Error(`exited before it was ready: ${out.stderr}`)));
    });
    const url = /^janus serve ready (\S+)\n$/.exec(line)![1]!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    child.kill(signal);
    expect(await exited).toBe(0);
    expect(out.stderr).toContain('"msg":"serving Model Impact Reports"');
    expect(out.stderr).toContain('"msg":"stopping: no new jobs; in-flight ones get to finish"');
  });
});

describe('janus serve stopped while it starts (issue 38: start-up)', () => {
  beforeAll(requireBuiltCli);
  const prefix = testPrefix();
  afterAll(() => cleanPrefix(prefix));
  it('exits 0 on a SIGTERM sent the moment its HTTP server listens, before the service is ready', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      env: {
        PATH: process.env.PATH ?? '',
        DATAHUB_GMS_URL: sim.url,
        REDIS_URL,
        JANUS_REDIS_PREFIX: prefix,
        JANUS_LOG_LEVEL: 'info',
        JANUS_LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // the line the server logs as it starts listening: /healthz answers from here on, the service is not started yet
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (c: Buffer) => {
        out.stderr += c.toString();
        if (out.stderr.includes('"msg":"serving Model Impact Reports"')) resolve();
      });
      child.on('exit', () => reject(new Error(`exited before it listened: ${out.stderr}`)));
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.stderr).toContain('"msg":"stopping: no new jobs; in-flight ones get to finish"');
    expect(out.stdout).not.toContain('janus serve ready');
  });
});

describe('janus serve with MCP over HTTP allowed to write (issue 38: who may call)', () => {
  beforeAll(requireBuiltCli);
  const env = (extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? '',
    DATAHUB_GMS_URL: sim.url,
    JANUS_LOG_FORMAT: 'json',
    JANUS_MCP_HTTP: 'true',
    JANUS_MCP_ALLOW_WRITES: 'true',
    ...extra,
  });

  it('refuses to start without a credential: exit 2 naming the setting', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { env: env({}), stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await new Promise((r) => child.on('close', r))).toBe(2);
    expect(stderr).toContain('JANUS_MCP_HTTP_TOKEN');
  });

  it('answers an unauthenticated scan_model 401 and writes nothing; the token never reaches the logs', async () => {
    const token = 'serve-mcp-token-0123456789abcdef';
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
      env: env({ JANUS_MCP_HTTP_TOKEN: token, JANUS_LOG_LEVEL: 'debug' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise((r) => child.on('close', r));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        const m = /^janus serve ready (\S+)\n/.exec((stdout += c.toString()));
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`exited before it was ready: ${stderr}`)));
    });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:/); // this machine only, by default
      sim.resetStats();
      const call = (headers: Record<string, string>) =>
        fetch(`${url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'scan_model', arguments: { model: 'session_intent_v1' } },
          }),
        });
      expect((await call({})).status).toBe(401);
      expect((await call({ origin: 'https://evil.example', authorization: `Bearer ${token}` })).status).toBe(403);
      expect(sim.stats().mutations).toBe(0);
      const ok = await call({ authorization: `Bearer ${token}` });
      expect(ok.status).toBe(200);
      expect(sim.stats().mutations).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(stderr).toContain('MCP HTTP request refused');
    expect(stderr).not.toContain(token);
  });
});
