import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { onTestFinished } from 'vitest';
import { ServiceState } from '../../src/jobs/service-state.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { startSim, type RunningSim, type SimOptions } from '@janus/datahub-sim';
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

/** The public URL every process of a test's deployment names: the report links any of them writes agree. */
export const PUBLIC_URL = 'http://janus.example.test';

export interface ServiceBed {
  sim: RunningSim;
  prefix: string;
  /** The service settings of the test: Redis and its prefix, DataHub, a scan every second, the public URL. */
  env: Record<string, string>;
  /** The service's state in Redis, under the test's prefix. */
  state: ServiceState;
  /** Starts `janus serve` or `janus worker` with the test's settings (and `extra`); stopped when the test finishes. */
  start(command: 'serve' | 'worker', extra?: Record<string, string>, args?: string[]): JanusProcess;
}

/**
 * What a service test runs against: a demo simulator (with `sim` options), a Redis prefix of its own and the service
 * settings. When the test finishes, its processes are stopped, the simulator closed and the prefix's keys deleted.
 */
export async function serviceBed(
  opts: { sim?: SimOptions; redisUrl?: string; env?: Record<string, string> } = {},
): Promise<ServiceBed> {
  const redisUrl = opts.redisUrl ?? REDIS_URL;
  const sim = await startSim({ demo: true, port: 0, ...opts.sim });
  const prefix = testPrefix();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => undefined); // a test may take its Redis away on purpose
  const running: JanusProcess[] = [];
  onTestFinished(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await sim.close();
    await cleanPrefix(prefix, redisUrl);
    redis.disconnect();
  });
  const env = {
    REDIS_URL: redisUrl,
    DATAHUB_GMS_URL: sim.url,
    JANUS_REDIS_PREFIX: prefix,
    JANUS_CYCLE_INTERVAL: '1s',
    JANUS_PUBLIC_URL: PUBLIC_URL,
    ...opts.env,
  };
  return {
    sim,
    prefix,
    env,
    state: new ServiceState(redis, prefix),
    start(command, extra = {}, args = []) {
      const p = startJanus(command, { ...env, ...extra }, args);
      running.push(p);
      return p;
    },
  };
}

/** What a scan would still write: nothing once the service's write-back has all landed. */
export async function stillToWrite(sim: RunningSim): Promise<string[]> {
  const client = createDataHubClient({ url: sim.url, retry: { retries: 10, sleep: async () => undefined } });
  const policy = judgePolicy(judgeSchema.parse({}));
  const r = await writeBackModels({ client, policy, reportBaseUrl: PUBLIC_URL }, 'all', { dryRun: true });
  return r.plan.map((w) => JSON.stringify(w));
}

/**
 * Polls until `check` holds (returns truthy) or the time is up. The default wait is a guard against a hang, not a
 * target: a cycle of a service under a full CI run on 2 cores has taken over 20 s.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 45_000,
  /** What to tell when the time is up (e.g. a process's last log lines), so a slow machine's failure says why. */
  explain?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${explain ? `\n${explain()}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once a cycle has committed: recorded as the last one, and none of its writes still pending. */
export const committedCycle = (state: ServiceState, what = 'a committed cycle', timeoutMs = 45_000) =>
  eventually(async () => (await state.lastCycle()) && !(await state.pending()), what, timeoutMs);

/** Resolves once `n` more cycles have committed (each records itself as the last). */
export async function moreCycles(state: ServiceState, n: number, timeoutMs = 60_000): Promise<void> {
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

/** A process's last log lines, one a line: what a timed-out wait shows. */
export const lastLogs =
  (p: JanusProcess, n = 30) =>
  () =>
    p.logs
      .slice(-n)
      .map((l) => JSON.stringify(l))
      .join('\n');

/** The completed cycles a process logged (its `cycle judged` and `cycle found nothing new` lines need debug). */
export const logged = (p: JanusProcess, msg: string) => p.logs.filter((l) => l.msg === msg);
