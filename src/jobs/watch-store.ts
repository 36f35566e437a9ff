import type { Redis } from 'ioredis';
import { z } from 'zod';
import { parseStored as parsed } from '../stored-json.js';

/** Who a watcher is in DataHub when they watched (their watches lapse once DataHub says they left). */
const watcherSchema = z.object({
  email: z.string().optional(),
  /** The DataHub user (`urn:li:corpuser:…`), when Slack gave an email DataHub knows. */
  datahub: z.string().optional(),
  /** When DataHub last said the user is active (ms). */
  checkedAt: z.number().default(0),
  /** The direct message channel Argos opened with them (`conversations.open`). */
  dm: z.string().optional(),
});
export type Watcher = z.infer<typeof watcherSchema>;

export interface Watch {
  urn: string;
  name: string;
  kind: 'model' | 'dataset';
  since: number;
}
const watchSchema = z.object({
  urn: z.string(),
  name: z.string(),
  kind: z.enum(['model', 'dataset']),
  since: z.number(),
});

/**
 * Subscriptions (`/janus watch`), under `<prefix>:watch:`, shared by every process:
 * - `of:<entity urn>` (set of Slack user ids): who watches it, what the alert consumer reads per transition;
 * - `user:<slack id>` (hash: entity urn → the watch): what `/janus watching` lists;
 * - `who:<slack id>` (the watcher: DataHub user, DM channel); `dm-users` (hash: DM channel → Slack id).
 */
export class WatchStore {
  private readonly key: (name: string) => string;

  constructor(
    readonly redis: Redis,
    prefix: string,
  ) {
    this.key = (name) => `${prefix}:watch:${name}`;
  }

  /** Whether the watch is new. */
  async watch(user: string, w: Watch, who: Omit<Watcher, 'checkedAt' | 'dm'>, now: number): Promise<boolean> {
    const before = await this.watcher(user);
    const record: Watcher = { ...before, ...who, checkedAt: now };
    const [[, added]] = (await this.redis
      .multi()
      .sadd(this.key(`of:${w.urn}`), user)
      .hset(this.key(`user:${user}`), w.urn, JSON.stringify(w))
      .set(this.key(`who:${user}`), JSON.stringify(record))
      .exec()) as [[unknown, number]];
    return added === 1;
  }

  /** Whether there was such a watch. */
  async unwatch(user: string, urn: string): Promise<boolean> {
    const [[, removed]] = (await this.redis
      .multi()
      .srem(this.key(`of:${urn}`), user)
      .hdel(this.key(`user:${user}`), urn)
      .exec()) as [[unknown, number]];
    return removed === 1;
  }

  /** A user's watches, by name. */
  async watching(user: string): Promise<Watch[]> {
    const all = await this.redis.hvals(this.key(`user:${user}`));
    return all
      .map((v) => parsed(watchSchema, v))
      .filter((w): w is Watch => !!w)
      .sort((a, b) => a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
  }

  /** The watchers of each entity (those with none left out). */
  async watchersOf(urns: string[]): Promise<Map<string, string[]>> {
    const unique = [...new Set(urns)];
    const out = new Map<string, string[]>();
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const tx = this.redis.pipeline();
      for (const u of part) tx.smembers(this.key(`of:${u}`));
      const replies = (await tx.exec()) ?? [];
      part.forEach((u, n) => {
        const ids = (replies[n]?.[1] as string[] | undefined) ?? [];
        if (ids.length) out.set(u, ids.sort());
      });
    }
    return out;
  }

  async watcher(user: string): Promise<Watcher | undefined> {
    return parsed(watcherSchema, await this.redis.get(this.key(`who:${user}`)));
  }

  async setWatcher(user: string, w: Watcher): Promise<void> {
    const tx = this.redis.multi().set(this.key(`who:${user}`), JSON.stringify(w));
    if (w.dm) tx.hset(this.key('dm-users'), w.dm, user);
    await tx.exec();
  }

  /** The watcher a DM channel of Argos's belongs to (undefined: not a watch's DM). */
  async dmUser(channel: string): Promise<string | undefined> {
    return (await this.redis.hget(this.key('dm-users'), channel)) ?? undefined;
  }

  /** Every watch of a user ends (they left the company: DataHub suspended them). Returns the entities. */
  async lapse(user: string): Promise<string[]> {
    const urns = await this.redis.hkeys(this.key(`user:${user}`));
    const tx = this.redis.multi();
    for (const u of urns) tx.srem(this.key(`of:${u}`), user);
    tx.del(this.key(`user:${user}`));
    await tx.exec();
    return urns;
  }
}
