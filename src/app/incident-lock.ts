import type { Redis } from 'ioredis';
import { JanusError } from '../errors.js';
import { RedisLocks } from '../redis/lock.js';

/** One holder at a time per incident: two clicks (or two people) on one incident give one transition. */
export interface IncidentLocks {
  readonly kind: 'redis' | 'memory';
  run<T>(incidentUrn: string, fn: () => Promise<T>): Promise<T>;
}

export class IncidentBusyError extends JanusError {
  constructor(urn: string, waitedMs: number) {
    super(`incident ${urn} is still being changed by another click after ${waitedMs} ms`, 'slack.incident_busy');
  }
}

export interface IncidentLockOptions {
  /** How long a holder may keep the lock: a crashed holder blocks others at most this long. */
  leaseMs: number;
  /** How long a click waits for the lock before giving up. */
  waitMs: number;
}

export const DEFAULT_INCIDENT_LOCK: IncidentLockOptions = { leaseMs: 15_000, waitMs: 20_000 };

/** `<prefix>:slack:incident-lock:<urn>` (redis/lock.ts), released only by its holder: across every `janus serve`. */
export function redisIncidentLocks(
  redis: Redis,
  prefix: string,
  opts: IncidentLockOptions = DEFAULT_INCIDENT_LOCK,
): IncidentLocks {
  const locks = new RedisLocks(redis, prefix);
  return {
    kind: 'redis',
    run: (urn, fn) =>
      locks.run(`slack:incident-lock:${urn}`, fn, {
        ...opts,
        pauseMs: () => 20 + Math.random() * 40,
        busy: () => new IncidentBusyError(urn, opts.waitMs),
      }),
  };
}

/** Without Redis (one `janus serve`): a queue per incident in this process. */
export function memoryIncidentLocks(): IncidentLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    kind: 'memory',
    run(urn, fn) {
      const before = tails.get(urn) ?? Promise.resolve();
      const mine = before.then(fn, fn);
      const tail = mine.catch(() => undefined);
      tails.set(urn, tail);
      void tail.then(() => {
        if (tails.get(urn) === tail) tails.delete(urn);
      });
      return mine;
    },
  };
}
