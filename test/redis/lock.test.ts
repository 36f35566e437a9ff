import { describe, expect, it } from 'vitest';
import { IncidentBusyError, redisIncidentLocks } from '../../src/app/incident-lock.js';
import { withLocks } from '../../src/datahub/writeback/lock.js';
import { ServiceState } from '../../src/jobs/service-state.js';
import { LockError, RedisLocks } from '../../src/redis/lock.js';
import { redisWithPrefixes } from '../support/redis-prefixes.js';

/** The one Redis lock (issue 36): prefix, token, renewal while held, release by its holder only. */

const { redis, prefix } = redisWithPrefixes();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A promise `fn` waits on, opened by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('the write-back lock honours redis.prefix', () => {
  it('holds `<prefix>:lock:<name>` while the batch runs, and frees it after', async () => {
    const p = prefix();
    const seen = await withLocks(new RedisLocks(redis, p), ['incident:k1'], () => redis.get(`${p}:lock:incident:k1`));
    expect(seen).toMatch(/^[0-9a-f-]{36}$/);
    expect(await redis.exists(`${p}:lock:incident:k1`)).toBe(0);
  });

  it('two deployments (two prefixes) on one Redis do not block each other', async () => {
    const [a, b] = [prefix(), prefix()];
    const order: string[] = [];
    await withLocks(new RedisLocks(redis, a), ['incident:k'], async () => {
      order.push('a in');
      // were the lock shared, this would wait for `a` (which waits for it) until it gave up with a LockError
      await withLocks(new RedisLocks(redis, b), ['incident:k'], async () => void order.push('b in'));
      order.push('a out');
    });
    expect(order).toEqual(['a in', 'b in', 'a out']);
  });

  it('one prefix: a second holder of the same name waits until the first releases', async () => {
    const p = prefix();
    const order: string[] = [];
    const first = gate();
    const a = withLocks(new RedisLocks(redis, p), ['incident:k'], async () => {
      order.push('a in');
      await first.opened;
      order.push('a out');
    });
    while (!order.length) await sleep(5);
    const b = withLocks(new RedisLocks(redis, p), ['incident:k'], async () => void order.push('b in'));
    await sleep(300);
    expect(order).toEqual(['a in']);
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a in', 'a out', 'b in']);
  });
});

describe('RedisLocks', () => {
  it('releases only while the token is still the holder’s', async () => {
    const locks = new RedisLocks(redis, prefix());
    expect(await locks.take('x', 'mine', 10_000)).toBe(true);
    expect(await locks.take('x', 'theirs', 10_000)).toBe(false);
    await locks.release('x', 'theirs');
    expect(await redis.get(locks.key('x'))).toBe('mine');
    expect(await locks.renew('x', 'theirs', 10_000)).toBe(false);
    await locks.release('x', 'mine');
    expect(await redis.exists(locks.key('x'))).toBe(0);
  });

  it('renews the lease while the holder runs: a run longer than its lease keeps the lock', async () => {
    const locks = new RedisLocks(redis, prefix());
    const stillHeld = await locks.run(
      'long',
      async () => {
        await sleep(1_000);
        return redis.exists(locks.key('long'));
      },
      { leaseMs: 300, waitMs: 1_000 },
    );
    expect(stillHeld).toBe(1);
    expect(await redis.exists(locks.key('long'))).toBe(0);
  });

  it('gives up on a busy lock after waitMs with a LockError, or the caller’s own error', async () => {
    const p = prefix();
    const locks = new RedisLocks(redis, p);
    await locks.take('busy', 'someone', 10_000);
    await expect(locks.run('busy', async () => 'ran', { leaseMs: 1_000, waitMs: 100 })).rejects.toBeInstanceOf(
      LockError,
    );
    const incidents = redisIncidentLocks(redis, p, { leaseMs: 1_000, waitMs: 100 });
    await locks.take('slack:incident-lock:urn:li:incident:1', 'someone', 10_000);
    await expect(incidents.run('urn:li:incident:1', async () => 'ran')).rejects.toBeInstanceOf(IncidentBusyError);
    // the waiter never took (so never released) the holder's lock
    expect(await redis.get(locks.key('busy'))).toBe('someone');
  });

  it('releases a lock whose holder threw', async () => {
    const locks = new RedisLocks(redis, prefix());
    await expect(
      locks.run(
        'boom',
        async () => {
          throw new Error('boom');
        },
        { leaseMs: 1_000, waitMs: 100 },
      ),
    ).rejects.toThrow('boom');
    expect(await redis.exists(locks.key('boom'))).toBe(0);
  });

  it('keeps the key names a running service holds (an upgrade in place): the cycle lock', async () => {
    const p = prefix();
    const state = new ServiceState(redis, p);
    expect(await state.lock('t1', 10_000)).toBe(true);
    expect(await redis.get(`${p}:svc:cycle-lock`)).toBe('t1');
    expect(await state.lock('t2', 10_000)).toBe(false);
    expect(await state.renew('t1', 20_000)).toBe(true);
    expect(await redis.pttl(`${p}:svc:cycle-lock`)).toBeGreaterThan(10_000);
    await state.unlock('t2');
    expect(await redis.exists(`${p}:svc:cycle-lock`)).toBe(1);
    await state.unlock('t1');
    expect(await redis.exists(`${p}:svc:cycle-lock`)).toBe(0);
  });

  it('the Slack incident lock is `<prefix>:slack:incident-lock:<urn>`', async () => {
    const p = prefix();
    const seen = await redisIncidentLocks(redis, p).run('urn:li:incident:2', () =>
      redis.exists(`${p}:slack:incident-lock:urn:li:incident:2`),
    );
    expect(seen).toBe(1);
  });
});
