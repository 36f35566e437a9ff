import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { CLI, requireBuiltCli } from '../cli/run-janus.js';

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
