/**
 * `janus serve` or `janus worker` as its own process, as an operator starts one: the service settings in its
 * environment, JSON logs to a file of bench/out/service/ (for a look after a miss), stopped with SIGTERM.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CLI, OUT } from './paths.js';
import { cpuMsOf, rssKb } from './proc.js';
import { stopChild } from './sim-process.js';

export interface ServiceProcess {
  pid: number;
  /** User + system CPU so far (ms), from /proc. */
  cpuMs(): number;
  /** Resident memory now (KiB), from /proc. */
  rssKb(): number | undefined;
  stop(): Promise<void>;
}

const LOG_DIR = path.join(OUT, 'service');

/** `BENCH_CPU_PROF=1`: each service process writes a V8 CPU profile to bench/out/service/ when it stops. */
const cpuProfile = (name: string) =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', LOG_DIR, '--cpu-prof-name', `${name}.cpuprofile`] : [];

/** Starts the process and resolves once it prints its ready line (`janus serve ready <url>`, `janus worker ready`). */
export async function startServiceProcess(
  command: 'serve' | 'worker',
  env: Record<string, string>,
  opts: { args?: string[]; logName: string; readyTimeoutMs?: number },
): Promise<ServiceProcess> {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.openSync(path.join(LOG_DIR, `${opts.logName}.log`), 'w');
  const http = command === 'serve' ? ['--port', '0', '--host', '127.0.0.1'] : [];
  const child = spawn(process.execPath, [...cpuProfile(opts.logName), CLI, command, ...http, ...(opts.args ?? [])], {
    cwd: LOG_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      JANUS_LOG_FORMAT: 'json',
      JANUS_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', log],
  });
  fs.closeSync(log);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`janus ${command} not ready after ${opts.readyTimeoutMs ?? 60_000} ms`)),
      opts.readyTimeoutMs ?? 60_000,
    );
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(e);
    };
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/janus (serve|worker) ready/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) =>
      fail(
        new Error(
          `janus ${command} exited (${code}) before it was ready; see ${path.relative(OUT, LOG_DIR)}/${opts.logName}.log`,
        ),
      ),
    );
  });
  const pid = child.pid!;
  return { pid, cpuMs: () => cpuMsOf(pid) ?? NaN, rssKb: () => rssKb(pid), stop: () => stopChild(child, 30_000) };
}

/** The settings every service process of the bench gets: DataHub, Redis under the run's prefix, no full refresh. */
export const serviceEnv = (
  o: { simUrl: string; redisUrl: string; prefix: string; intervalMs: number },
  more: Record<string, string> = {},
): Record<string, string> => ({
  DATAHUB_GMS_URL: o.simUrl,
  REDIS_URL: o.redisUrl,
  JANUS_REDIS_PREFIX: o.prefix,
  JANUS_CYCLE_INTERVAL: `${o.intervalMs / 1000}s`,
  JANUS_CYCLE_REFRESH: '1000h',
  JANUS_PUBLIC_URL: 'http://janus.bench.test',
  ...more,
});
