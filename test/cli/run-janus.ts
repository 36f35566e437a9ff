import { spawn } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { CLI } from '../support/built-cli.js';

export { CLI, requireBuiltCli } from '../support/built-cli.js';

export interface JanusRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `janus <args>` as its own process with only the environment given (plus PATH). */
export function runJanus(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<JanusRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', JANUS_LOG_LEVEL: 'error', ...env },
      cwd: cwd ?? process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
    // 'close', not 'exit': the process can exit before its output has been read from the pipes
    child.on('close', (code) => resolve({ code, ...out }));
  });
}

/** The demo simulator for a file's CLI runs, and the environment that points `janus` at it: started before, closed after. */
export function useDemoSim(): { sim: RunningSim; env: Record<string, string> } {
  const demo = {} as { sim: RunningSim; env: Record<string, string> };
  beforeAll(async () => {
    demo.sim = await startSim({ demo: true, port: 0 });
    demo.env = { DATAHUB_GMS_URL: demo.sim.url };
  });
  afterAll(() => demo.sim?.close());
  return demo;
}
