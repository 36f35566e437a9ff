import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';

import { BIN, requireBuiltBin } from './support/built-bin.js';

// Runs the built bin (`npm test` builds first) as its own process: `datahub-sim ...`, what `janus sim` mounts.

function datahubSim(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => out.stdout.includes('\n') && resolve(out.stdout));
    child.on('exit', () => reject(new Error(`exited before printing a line: ${out.stderr}`)));
  });
  firstLine.catch(() => undefined);
  return { child, out, exited, firstLine };
}

describe('datahub-sim as a process', () => {
  beforeAll(requireBuiltBin);
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints only the ready line, answers GraphQL, and exits 0 on %s',
    async (signal) => {
      const sim = datahubSim(['--port', '0']);
      const line = await sim.firstLine;
      expect(line).toMatch(/^datahub-sim ready http:\/\/127\.0\.0\.1:\d+\n$/);
      const url = line.trim().split(' ')[2]!;
      const res = await fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ entityExists(urn: "urn:li:corpuser:datahub") }' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveProperty('data');
      sim.child.kill(signal);
      expect(await sim.exited).toBe(0);
      expect(sim.out.stdout).toBe(line);
      expect(sim.out.stderr).toContain('catalog loaded');
    },
  );

  it.each([
    [['--port', 'abc']],
    [['--catalog', 'no/such/catalog.json', '--port', '0']],
    [['generate', '--models', '1']],
  ])('exits 2 with nothing on stdout for %j', async (args) => {
    const sim = datahubSim(args);
    expect(await sim.exited).toBe(2);
    expect(sim.out.stdout).toBe('');
    expect(sim.out.stderr).not.toBe('');
  });
});
