import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ServiceState } from '../../jobs/service-state.js';
import { CLI } from '../cli/run-janus.js';

export const REDIS_URL = process.env.JANUS_TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of the test's own (queues and service keys); `cleanPrefix` deletes everything under it. */
export const testPrefix = () => `jt-${randomUUID().slice(0, 8)}`;

export async function cleanPrefix(prefix: string, url = REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (let cursor = '0'; ;) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      if ((cursor = next) === '0') break;
    }
  } catch {
    // a Redis that is gone took the keys with it
  } finally {
    redis.disconnect();
  }
}

export interface JanusProcess {
  child: ChildProcess;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  /** The URL `janus serve` says it serves at (what report links start with), once ready. */
  url?: string;
  /** The same, to send requests to (the listening address). */
  http?: string;
  ready: Promise<void>;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  kill(): void;
}

/** `janus serve` or `janus worker` as its own process, logging JSON, with the service settings of the test. */
export function startJanus(
  command: 'serve' | 'worker',
  env: Record<string, string>,
  args: string[] = [],
): JanusProcess {
  const child = spawn(
    process.execPath,
    [CLI, command, ...(command === 'serve' ? ['--port', '0', '--host', '127.0.0.1'] : []), ...args],
    {
      env: { PATH: process.env.PATH ?? '', JANUS_LOG_FORMAT: 'json', JANUS_LOG_LEVEL: 'info', REDIS_URL, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  const p: JanusProcess = {
    child,
    logs,
    ready: new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /janus (serve|worker) ready ?(\S*)/.exec(out);
        if (m) {
          if (m[2]) {
            p.url = m[2];
            p.http = m[2].replace('localhost', '127.0.0.1');
          }
          resolve();
        }
      });
      child.on('exit', (code) =>
        reject(new Error(`janus ${command} exited (${code}) before it was ready: ${JSON.stringify(logs.slice(-5))}`)),
      );
    }),
    exited: new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? (signal ? (`killed by ${signal}` as never) : null))),
    ),
    /** SIGTERM, and SIGKILL if it has not exited 15 s later: a test never leaves a process behind. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
      try {
        return await p.exited;
      } finally {
        clearTimeout(late);
      }
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
  p.ready.catch(() => undefined);
  let buffer = '';
  child.stderr!.on('data', (c: Buffer) => {
    buffer += c.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  return p;
}

/** The transitions the service emitted, from its notifications queue. */
export async function emittedTransitions(
  prefix: string,
  url = REDIS_URL,
): Promise<{ id: string; kind: string; state?: string; key?: string; model?: string }[]> {
  const queue = new Queue('notifications', { connection: { url }, prefix });
  try {
    const jobs = await queue.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed']);
    return jobs.map((j) => {
      const t = (
        j.data as { transition: { id: string; kind: string; state?: string; key?: string; model?: { name: string } } }
      ).transition;
      return {
        id: t.id,
        kind: t.kind,
        ...(t.state ? { state: t.state } : {}),
        ...(t.key ? { key: t.key } : {}),
        ...(t.model ? { model: t.model.name } : {}),
      };
    });
  } finally {
    await queue.close();
  }
}

/** Polls until `check` holds (returns truthy) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once a cycle has committed: recorded as the last one, and none of its writes still pending. */
export const committedCycle = (state: ServiceState, what = 'a committed cycle', timeoutMs = 20_000) =>
  eventually(async () => (await state.lastCycle()) && !(await state.pending()), what, timeoutMs);

/** Resolves once `n` more cycles have committed (each records itself as the last). */
export async function moreCycles(state: ServiceState, n: number, timeoutMs = 30_000): Promise<void> {
  const seen = new Set<string>([(await state.lastCycle())?.id ?? '']);
  const want = seen.size + n;
  await eventually(
    async () => {
      const last = await state.lastCycle();
      if (last && !(await state.pending())) seen.add(last.id);
      return seen.size >= want;
    },
    `${n} more committed cycles`,
    timeoutMs,
  );
}

/** The completed cycles a process logged (its `cycle judged` and `cycle found nothing new` lines need debug). */
export const logged = (p: JanusProcess, msg: string) => p.logs.filter((l) => l.msg === msg);
