import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuiltCli, runJanus } from './run-janus.js';

// `janus sim` is the simulator's own command (its package tests its `datahub-sim` bin) mounted in Janus: with
// Janus's logger, and Janus's exit codes.

describe('janus sim as a process', () => {
  beforeAll(requireBuiltCli);

  it('prints only the ready line, answers GraphQL, logs on stderr, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'sim', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = { stdout: '', stderr: '' };
    child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()).includes('\n') && resolve(out.stdout));
      child.on('exit', () => reject(new Error(`exited before printing a line: ${out.stderr}`)));
    });
    expect(line).toMatch(/^datahub-sim ready http:\/\/127\.0\.0\.1:\d+\n$/);
    const res = await fetch(`${line.trim().split(' ')[2]}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ entityExists(urn: "urn:li:corpuser:datahub") }' }),
    });
    expect(await res.json()).toEqual({ data: { entityExists: true } });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.stdout).toBe(line);
    expect(out.stderr).toContain('catalog loaded');
  });

  it.each([
    [['sim', '--port', 'abc']],
    [['sim', '--catalog', 'no/such/catalog.json', '--port', '0']],
    [['sim', 'generate', '--models', '1']],
  ])('exits 2 with nothing on stdout for %j', async (args) => {
    const run = await runJanus(args);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).not.toBe('');
  });
});
