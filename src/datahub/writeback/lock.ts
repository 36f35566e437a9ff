import type { RedisLocks } from '../../redis/lock.js';

/** A batch's locks: a crashed holder blocks others at most `leaseMs`; a writer waits `waitMs` for a busy one. */
export const WRITE_LOCK = { leaseMs: 15_000, waitMs: 20_000 };

/**
 * Runs `fn` holding the Redis lock of every write of a batch, `<redis.prefix>:lock:<name>` (redis/lock.ts). Without
 * Redis, runs `fn` directly: the caller re-reads DataHub inside `fn` either way, so the locks only close the race
 * between processes.
 */
export function withLocks<T>(locks: RedisLocks | undefined, names: string[], fn: () => Promise<T>): Promise<T> {
  return locks
    ? locks.run(
        names.map((name) => `lock:${name}`),
        fn,
        WRITE_LOCK,
      )
    : fn();
}
