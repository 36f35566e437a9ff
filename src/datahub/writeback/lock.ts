import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface LockOptions {
  /** How long a holder may keep the lock: a crashed holder blocks others at most this long. */
  leaseMs: number;
  /** How long to wait for a busy lock before giving up. */
  waitMs: number;
}

export const DEFAULT_LOCK: LockOptions = { leaseMs: 15_000, waitMs: 20_000 };

const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs `fn` holding a Redis lock (`SET NX PX`, released only by its holder). Without Redis, runs `fn` directly:
 * the caller re-reads DataHub inside `fn` either way, so the lock only closes the race between processes.
 */
export async function withLock<T>(redis: Redis | undefined, name: string, fn: () => Promise<T>, opts: LockOptions = DEFAULT_LOCK): Promise<T> {
  if (!redis) return fn();
  const key = `janus:lock:${name}`;
  const token = randomUUID();
  const deadline = Date.now() + opts.waitMs;
  while ((await redis.set(key, token, 'PX', opts.leaseMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new Error(`lock ${name} is still held after ${opts.waitMs} ms`);
    await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
  }
  try {
    return await fn();
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
