/** The simulator in a process of its own (`janus sim --catalog ... --latency-ms ...`), and its counters. */
import { spawn, type ChildProcess } from 'node:child_process';
import { z } from 'zod';
import { CLI, ROOT } from './paths.js';
import { cpuMsOf, peakRssKb } from './proc.js';

const statsSchema = z.object({
  requests: z.number(),
  byOperation: z.record(z.string(), z.number()),
  byRootField: z.record(z.string(), z.number()),
  mutations: z.number(),
  responseBytes: z.number(),
});
export type SimStats = z.infer<typeof statsSchema>;

export interface SimProcess {
  url: string;
  pid: number;
  /** Time from spawn to the ready line (loading the catalog). */
  startMs: number;
  stats(): Promise<SimStats>;
  resetStats(): Promise<void>;
  /** Peak resident memory so far (Linux; undefined elsewhere). */
  peakRssKb(): number | undefined;
  /** CPU time used so far, in ms (Linux; undefined elsewhere): the simulator's share of a measurement's time. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

const READY = /^datahub-sim ready (\S+)$/m;

export async function startSimProcess(opts: {
  catalog: string;
  latencyMs: number;
  readyTimeoutMs?: number;
}): Promise<SimProcess> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [CLI, 'sim', '--catalog', opts.catalog, '--port', '0', '--latency-ms', String(opts.latencyMs)],
    {
      cwd: ROOT,
      // as a Node service runs in production: graphql-js's development checks (a cross-realm test on every failed
      // `instanceof`) cost the simulator about a quarter of a nested lineage walk's time; Janus runs as users start it
      env: { ...process.env, JANUS_LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => fail(new Error(`simulator not ready after ${opts.readyTimeoutMs ?? 300_000} ms`)),
      opts.readyTimeoutMs ?? 300_000,
    );
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${e.message}\n${stderr}`));
    };
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const m = READY.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => fail(new Error(`simulator exited (${code}) before it was ready`)));
    child.once('error', fail);
  });
  const startMs = performance.now() - started;
  const control = async (route: string, method = 'GET') => {
    const res = await fetch(`${url}${route}`, { method });
    if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status}`);
    return res;
  };
  return {
    url,
    pid: child.pid!,
    startMs,
    stats: async () => statsSchema.parse(await (await control('/__sim/stats')).json()),
    resetStats: async () => void (await control('/__sim/stats/reset', 'POST')),
    peakRssKb: () => peakRssKb(child.pid!),
    cpuMs: () => cpuMsOf(child.pid!),
    stop: () => stopChild(child),
  };
}

/** SIGTERM, then SIGKILL if it has not exited after a while. */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
