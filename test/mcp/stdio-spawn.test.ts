import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { CLI, requireBuiltCli } from '../cli/run-janus.js';
import { textOf, TOOL_NAMES } from './harness.js';
import { demoScore, demoVerdict } from '../support/demo-verdicts.js';

let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
});
afterAll(() => sim?.close());

const env = () => ({
  PATH: process.env.PATH ?? '',
  DATAHUB_GMS_URL: sim.url,
  JANUS_LOG_LEVEL: 'info',
  JANUS_LOG_FORMAT: 'json',
});

describe('janus mcp as a child process over stdio', () => {
  beforeAll(requireBuiltCli);
  it('lists the tools, answers trust_model and an error, logs only to stderr, and stops when the client hangs up', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: env(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const protocolErrors: Error[] = [];
    const client = new Client({ name: 'janus-spawn-test', version: '1.0.0' });
    client.onerror = (e) => protocolErrors.push(e);
    await client.connect(transport);
    const pid = transport.pid!;

    expect(client.getServerVersion()).toMatchObject({ name: 'janus' });
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    const r = (await client.callTool({
      name: 'trust_model',
      arguments: { model: DEMO.modelNames.fraud },
    })) as CallToolResult;
    expect(r.structuredContent).toMatchObject({
      model: { urn: DEMO.models.fraud },
      score: demoScore('fraud'),
      band: demoVerdict('fraud').band,
    });
    expect((r.structuredContent as { findings: { detector: string }[] }).findings[0]!.detector).toBe('target_leakage');
    const bad = (await client.callTool({
      name: 'trust_model',
      arguments: { model: 'no_such_model' },
    })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('no model named "no_such_model"');

    await client.close();
    expect(protocolErrors).toEqual([]);
    const logs = stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(logs.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'Janus MCP server listening on stdio',
        'MCP tool returned an error',
        'MCP client hung up; stopping',
      ]),
    );
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('writes nothing but JSON-RPC to stdout and exits 0 as soon as stdin closes, even after reading DataHub', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lineCount = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => stdout.split('\n').length - 1 >= n && resolve();
        child.stdout.on('data', check);
        check();
      });
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await lineCount(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'trust_model', arguments: { model: DEMO.modelNames.churn } },
    });
    await lineCount(2);
    child.stdin.end();
    expect(await exited).toBe(0);
    const [init, trust, ...rest] = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rest).toEqual([]);
    expect(init).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'janus' }, capabilities: { tools: {} } },
    });
    expect(trust).toMatchObject({
      jsonrpc: '2.0',
      id: 2,
      result: { structuredContent: { score: demoScore('churn'), band: demoVerdict('churn').band } },
    });
  });

  it('lets scan_model write only when started with --allow-writes or JANUS_MCP_ALLOW_WRITES=true', async () => {
    const own = await startSim({ demo: true, port: 0 });
    const scan = async (args: string[], extraEnv: Record<string, string>, model: string) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp', ...args],
        env: { ...env(), DATAHUB_GMS_URL: own.url, ...extraEnv },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'janus-spawn-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        return (await client.callTool({ name: 'scan_model', arguments: { model } })) as CallToolResult;
      } finally {
        await client.close();
      }
    };
    try {
      // three processes side by side: the refused one writes nothing, whatever the others write
      const [refused, byFlag, byEnv] = await Promise.all([
        scan([], {}, DEMO.modelNames.sessionIntent),
        scan(['--allow-writes'], {}, DEMO.modelNames.sessionIntent),
        scan([], { JANUS_MCP_ALLOW_WRITES: 'true' }, DEMO.modelNames.campaignUplift),
      ]);
      expect(refused.isError).toBe(true);
      expect(byFlag.isError, textOf(byFlag)).toBeFalsy();
      expect((byFlag.structuredContent as { applied: { kind: string }[] }).applied.map((w) => w.kind)).toContain(
        'raiseIncident',
      );
      expect(byEnv.isError, textOf(byEnv)).toBeFalsy();
      expect(byEnv.structuredContent as { model: { name: string }; applied: unknown[] }).toMatchObject({
        model: { name: 'campaign_uplift_v1' },
      });
      expect((byEnv.structuredContent as { applied: unknown[] }).applied.length).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('answers every request piped in with the end of input right after them, then exits 0 (issue 20, case 7)', async () => {
    const rpc = (id: number, method: string, params: Record<string, unknown> = {}) =>
      JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const input = [
      rpc(1, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'pipe', version: '1' },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      rpc(2, 'tools/call', { name: 'trust_model', arguments: { model: DEMO.modelNames.fraud } }),
      'not json at all',
      rpc(3, 'tools/list'),
    ].join('\n');
    const child = spawn(process.execPath, [CLI, 'mcp'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin.end(`${input}\n`);
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(0);
    const replies = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number } });
    expect(replies.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2, 3, null]));
    expect(replies.find((r) => r.id === null)?.error?.code).toBe(-32700);
  });
});
