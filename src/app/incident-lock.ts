import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { JanusError } from '../errors.js';

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

const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** `SET NX PX` on `<prefix>:slack:incident-lock:<urn>`, released only by its holder: across every `janus serve`. */
export function redisIncidentLocks(
  redis: Redis,
  prefix: string,
  opts: IncidentLockOptions = DEFAULT_INCIDENT_LOCK,
): IncidentLocks {
  return {
    kind: 'redis',
    async run(urn, fn) {
      const key = `${prefix}:slack:incident-lock:${urn}`;
      const token = randomUUID();
      const started = Date.now();
      while ((await redis.set(key, token, 'PX', opts.leaseMs, 'NX')) !== 'OK') {
        if (Date.now() - started > opts.waitMs) throw new IncidentBusyError(urn, opts.waitMs);
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 40));
      }
      try {
        return await fn();
      } finally {
        await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
      }
    },
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
