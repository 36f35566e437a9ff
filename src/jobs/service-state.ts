import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AnnouncedCause, AnnouncedModel } from '../core/transitions.js';
import { announcedCause, announcedModel } from '../queues/payloads.js';
import { parseStored as parsed } from '../stored-json.js';
import { DELETE_IF_EQUAL, RedisLocks } from '../redis/lock.js';

const lastCycle = z.object({
  id: z.string(),
  at: z.number(),
  ms: z.number(),
  judged: z.number(),
  full: z.boolean(),
  transitions: z.number(),
});
export type LastCycle = z.infer<typeof lastCycle>;

/** The cycle lock's name under the prefix (redis/lock.ts): `<prefix>:svc:cycle-lock`. */
const CYCLE_LOCK = 'svc:cycle-lock';

/**
 * What the service keeps in Redis between cycles, whichever process ran them, under `<prefix>:svc:`: what was
 * announced of each model and root cause (hashes), the last completed cycle, the cycle lock and the pending commit.
 */
export class ServiceState {
  private readonly key: (name: string) => string;
  private readonly locks: RedisLocks;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = (name) => `${prefix}:svc:${name}`;
    this.locks = new RedisLocks(redis, prefix);
  }

  async announcedModels(urns: string[]): Promise<Record<string, AnnouncedModel | undefined>> {
    const out: Record<string, AnnouncedModel | undefined> = {};
    for (let i = 0; i < urns.length; i += 1000) {
      const part = urns.slice(i, i + 1000);
      const values = await this.redis.hmget(this.key('models'), ...part);
      part.forEach((urn, n) => (out[urn] = parsed(announcedModel, values[n])));
    }
    return out;
  }

  async announcedCauses(): Promise<Record<string, AnnouncedCause>> {
    const all = await this.redis.hgetall(this.key('causes'));
    const out: Record<string, AnnouncedCause> = {};
    for (const [k, v] of Object.entries(all)) {
      const c = parsed(announcedCause, v);
      if (c) out[k] = c;
    }
    return out;
  }

  /** The cycle's outcome, at once: announced states, the last completed cycle, and its pending commit cleared. */
  async commit(
    models: Record<string, AnnouncedModel>,
    causes: Record<string, AnnouncedCause>,
    done: LastCycle,
    commitId?: string,
  ): Promise<void> {
    const tx = this.redis.multi();
    const m = Object.entries(models);
    for (let i = 0; i < m.length; i += 1000)
      tx.hset(this.key('models'), Object.fromEntries(m.slice(i, i + 1000).map(([k, v]) => [k, JSON.stringify(v)])));
    const c = Object.entries(causes);
    for (let i = 0; i < c.length; i += 1000)
      tx.hset(this.key('causes'), Object.fromEntries(c.slice(i, i + 1000).map(([k, v]) => [k, JSON.stringify(v)])));
    tx.set(this.key('last-cycle'), JSON.stringify(done));
    if (commitId) tx.eval(DELETE_IF_EQUAL, 1, this.key('pending'), commitId);
    await tx.exec();
  }

  async lastCycle(): Promise<LastCycle | undefined> {
    return parsed(lastCycle, await this.redis.get(this.key('last-cycle')));
  }

  /** The commit job of the last cycle whose writes have not all landed, if any. */
  pending(): Promise<string | null> {
    return this.redis.get(this.key('pending'));
  }

  async setPending(commitId: string): Promise<void> {
    await this.redis.set(this.key('pending'), commitId);
  }

  async clearPending(commitId: string): Promise<void> {
    await this.redis.eval(DELETE_IF_EQUAL, 1, this.key('pending'), commitId);
  }

  /** Two cycles never run at once, whichever processes hold them: `SET NX PX`, renewed while the cycle runs. */
  lock(token: string, leaseMs: number): Promise<boolean> {
    return this.locks.take(CYCLE_LOCK, token, leaseMs);
  }

  renew(token: string, leaseMs: number): Promise<boolean> {
    return this.locks.renew(CYCLE_LOCK, token, leaseMs);
  }

  unlock(token: string): Promise<void> {
    return this.locks.release(CYCLE_LOCK, token);
  }
}
