import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Deletes a key only while it holds this value: a lock released by its holder alone, a pending id by its owner. */
export const DELETE_IF_EQUAL =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const RENEW_IF_EQUAL =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

export interface LockOptions {
  /** How long a holder may keep a lock unrenewed: a crashed holder blocks others at most this long. */
  leaseMs: number;
  /** How long to wait for a busy lock before giving up. */
  waitMs: number;
  /** The pause between two tries at a busy lock (default 25–75 ms, random so waiters do not march in step). */
  pauseMs?: () => number;
  /** The error thrown when a lock is still busy after `waitMs` (default a LockError). */
  busy?: (name: string, waitedMs: number) => Error;
}

/** A lock could not be taken in time, or ran out while waiting for the others of its batch. */
export class LockError extends Error {}

const defaultPause = () => 25 + Math.random() * 50;

/**
 * Locks in Redis under `<prefix>:<name>` (`redis.prefix`, so two Janus deployments on one Redis never block each
 * other): `SET NX PX` with a random token, renewed while held, released only while the token is still the holder's
 * (Lua, so a holder whose lease ran out never frees the next holder's lock).
 */
export class RedisLocks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  key(name: string): string {
    return `${this.prefix}:${name}`;
  }

  /** One try: whether `token` holds the lock now. */
  async take(name: string, token: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.set(this.key(name), token, 'PX', leaseMs, 'NX')) === 'OK';
  }

  /** Extends the lease while `token` still holds the lock; whether it did. */
  async renew(name: string, token: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.eval(RENEW_IF_EQUAL, 1, this.key(name), token, leaseMs)) === 1;
  }

  async release(name: string, token: string): Promise<void> {
    await this.redis.eval(DELETE_IF_EQUAL, 1, this.key(name), token);
  }

  /**
   * Runs `fn` holding every one of these locks. They are taken in sorted order (holders of overlapping sets never
   * wait on each other in a circle), each waited for up to `waitMs`; then all are renewed at once (one taken first
   * may have run down while waiting for a later one), and again every third of the lease while `fn` runs.
   */
  async run<T>(names: string | string[], fn: () => Promise<T>, opts: LockOptions): Promise<T> {
    const token = randomUUID();
    const held: string[] = [];
    const pause = opts.pauseMs ?? defaultPause;
    let renewal: ReturnType<typeof setInterval> | undefined;
    try {
      for (const name of [...new Set(typeof names === 'string' ? [names] : names)].sort()) {
        const deadline = Date.now() + opts.waitMs;
        while (!(await this.take(name, token, opts.leaseMs))) {
          if (Date.now() > deadline)
            throw opts.busy?.(name, opts.waitMs) ?? new LockError(`lock ${name} is still held after ${opts.waitMs} ms`);
          await new Promise((r) => setTimeout(r, pause()));
        }
        held.push(name);
      }
      const renewAll = () => Promise.all(held.map((name) => this.renew(name, token, opts.leaseMs)));
      if (held.length > 1 && (await renewAll()).some((ok) => !ok))
        throw new LockError('a lock ran out while waiting for the others of its batch');
      renewal = setInterval(() => void renewAll().catch(() => undefined), opts.leaseMs / 3);
      renewal.unref();
      return await fn();
    } finally {
      if (renewal) clearInterval(renewal);
      await Promise.all(held.map((name) => this.release(name, token).catch(() => undefined)));
    }
  }
}
