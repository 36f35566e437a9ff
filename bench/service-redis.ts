/** What the bench reads of a running service in Redis under its key prefix: the last cycle, the transitions emitted; cleaned after. */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '../src/jobs/names.js';
import type { NotificationData } from '../src/queues/payloads.js';
import { ServiceState, type LastCycle } from '../src/jobs/service-state.js';

export interface EmittedTransition {
  id: string;
  kind: string;
  state?: string;
  key?: string;
  /** When the commit queued it (BullMQ's job timestamp, ms). */
  queuedAt: number;
}

export interface ServiceRedis {
  url: string;
  prefix: string;
  /** The last completed cycle, once its write-back landed (no commit pending); undefined before. */
  committed(): Promise<LastCycle | undefined>;
  transitions(): Promise<EmittedTransition[]>;
  /** Write-back jobs completed so far. */
  writeJobs(): Promise<number>;
  /** Deletes every key under the prefix and closes the connections. */
  clean(): Promise<void>;
}

/** A key prefix of a run's own. */
export const benchPrefix = (name: string) => `jb-${name}-${randomUUID().slice(0, 8)}`;

/** Whether a Redis answers at `url` (the service rows need one). */
export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export function serviceRedis(url: string, prefix: string): ServiceRedis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const state = new ServiceState(redis, prefix);
  const notifications = new Queue(QUEUES.notifications, { connection: { url }, prefix });
  const writeback = new Queue(QUEUES.writeback, { connection: { url }, prefix });
  return {
    url,
    prefix,
    async committed() {
      const [last, pending] = await Promise.all([state.lastCycle(), state.pending()]);
      return pending ? undefined : last;
    },
    async transitions() {
      const jobs = await notifications.getJobs(['completed', 'waiting', 'active', 'delayed', 'failed']);
      return jobs.map((j) => {
        const t = (j.data as NotificationData).transition;
        return {
          id: t.id,
          kind: t.kind,
          ...(t.kind === 'cause' ? { state: t.state, key: t.key } : {}),
          queuedAt: j.timestamp,
        };
      });
    },
    writeJobs: async () => (await writeback.getJobCounts('completed')).completed ?? 0,
    async clean() {
      await Promise.all([notifications.close(), writeback.close()]);
      for (let cursor = '0'; ;) {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        if ((cursor = next) === '0') break;
      }
      await redis.quit();
    },
  };
}

/** Polls until a cycle newer than `after` has committed; returns it, or undefined when `timeoutMs` passed first. */
export async function nextCommitted(
  r: ServiceRedis,
  after: string | undefined,
  timeoutMs: number,
  pollMs = 100,
): Promise<LastCycle | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const last = await r.committed();
    if (last && last.id !== after) return last;
    await new Promise((res) => setTimeout(res, pollMs));
  }
  return undefined;
}
