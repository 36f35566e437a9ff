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
const RENEW =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/** A lock could not be taken (still held by another scan) or was lost while waiting for the others of its batch. */
export class LockError extends Error {}

/**
 * Runs `fn` holding every one of these Redis locks (`SET NX PX`, released only by their holder): a batch of writes.
 * They are taken in sorted order, so holders of overlapping batches never wait on each other in a circle, then all
 * leases are renewed (one taken first may have run down while waiting for a later one). Without Redis, runs `fn`
 * directly: the caller re-reads DataHub inside `fn` either way, so the locks only close the race between processes.
 */
export async function withLocks<T>(
  redis: Redis | undefined,
  names: string[],
  fn: () => Promise<T>,
  opts: LockOptions = DEFAULT_LOCK,
): Promise<T> {
  if (!redis) return fn();
  const token = randomUUID();
  const held: string[] = [];
  try {
    for (const name of [...new Set(names)].sort()) {
      const key = `janus:lock:${name}`;
      const deadline = Date.now() + opts.waitMs;
      while ((await redis.set(key, token, 'PX', opts.leaseMs, 'NX')) !== 'OK') {
        if (Date.now() > deadline) throw new LockError(`lock ${name} is still held after ${opts.waitMs} ms`);
        await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
      }
      held.push(key);
    }
    const renewed = await Promise.all(held.map((key) => redis.eval(RENEW, 1, key, token, opts.leaseMs)));
    if (renewed.some((r) => r !== 1)) throw new LockError('a lock ran out while waiting for the others of its batch');
    return await fn();
  } finally {
    await Promise.all(held.map((key) => redis.eval(RELEASE, 1, key, token).catch(() => undefined)));
  }
}
