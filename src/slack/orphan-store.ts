import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Orphan } from '../core/orphans.js';
import type { SlackMessage } from './present/kit.js';
import { parseStored as parsed } from '../stored-json.js';

const claim = z.object({ by: z.string(), name: z.string(), slackId: z.string(), at: z.number() });

const slackMessage = z.object({ text: z.string(), blocks: z.array(z.looseObject({ type: z.string() })) });

const orphanRecord = z.object({
  urn: z.string(),
  name: z.string(),
  kind: z.string(),
  departed: z.array(z.string()),
  models: z.array(z.string()),
  modelCount: z.number().int(),
  /** Which time this entity is orphaned (1 the first): each episode is posted once. */
  episode: z.number().int(),
  /** When this episode began (ms). */
  since: z.number(),
  /** The channels its ping was planned in. */
  channels: z.array(z.string()),
  /**
   * The models whose "No owner" alert names it (their verdicts' `missing_owner` root cause, when it began): the
   * alert, with its Claim button, is the one message about it in those models' channels.
   */
  alerted: z.array(z.string()).optional(),
  /** Someone claimed it from Slack (the next cycle sees the owner and forgets the orphan). */
  claimed: claim.optional(),
});
export type OrphanRecord = z.infer<typeof orphanRecord>;
export type OrphanClaim = z.infer<typeof claim>;

/** The delivery thread id of an orphan's episode: delivery keeps where each of its messages went under it. */
export const orphanThread = (r: Pick<OrphanRecord, 'urn' | 'episode'>) => `orphan:${r.urn}#${r.episode}`;

/**
 * What Janus knows of the catalog's orphans and owners between cycles, in Redis under `<prefix>:orphans:`:
 * - `state` (hash: urn → the orphan as recorded, its episode, where it was posted, who claimed it);
 * - `episodes` (hash: urn → how many times it has been orphaned: a new episode is posted again);
 * - `messages` (hash: `<orphan thread>|<channel>` → the ping as posted there, to show a claim in every channel);
 * - `owned` (hash: owner urn → the models it owns, users and groups): App Home's "your models".
 * Written by the cycle (the only writer of `state` membership); the claim adds `claimed`.
 */
export class OrphanStore {
  private readonly key: (name: string) => string;

  constructor(
    readonly redis: Redis,
    prefix: string,
  ) {
    this.key = (name) => `${prefix}:orphans:${name}`;
  }

  async all(): Promise<OrphanRecord[]> {
    const all = await this.redis.hvals(this.key('state'));
    return all.flatMap((v) => parsed(orphanRecord, v) ?? []);
  }

  async urns(): Promise<string[]> {
    return this.redis.hkeys(this.key('state'));
  }

  async get(urn: string): Promise<OrphanRecord | undefined> {
    return parsed(orphanRecord, await this.redis.hget(this.key('state'), urn));
  }

  /** New orphans: each gets its next episode; returns them as recorded. */
  async begin(
    orphans: Orphan[],
    now: number,
    alerted?: ReadonlyMap<string, readonly string[]>,
  ): Promise<OrphanRecord[]> {
    if (!orphans.length) return [];
    const tx = this.redis.multi();
    for (const o of orphans) tx.hincrby(this.key('episodes'), o.urn, 1);
    const episodes = ((await tx.exec()) ?? []).map(([, n]) => Number(n));
    const records = orphans.map((o, i): OrphanRecord => ({
      ...o,
      episode: episodes[i] ?? 1,
      since: now,
      channels: [],
      ...(alerted?.get(o.urn)?.length ? { alerted: [...alerted.get(o.urn)!] } : {}),
    }));
    await this.redis.hset(this.key('state'), Object.fromEntries(records.map((r) => [r.urn, JSON.stringify(r)])));
    return records;
  }

  /** The models reading still-orphaned entities move: their records follow (episode, channels and claim kept). */
  async refresh(orphans: Orphan[]): Promise<void> {
    if (!orphans.length) return;
    const before = await this.redis.hmget(this.key('state'), ...orphans.map((o) => o.urn));
    const changed: Record<string, string> = {};
    orphans.forEach((o, i) => {
      const r = parsed(orphanRecord, before[i]);
      if (!r) return;
      if (r.modelCount === o.modelCount && r.name === o.name && same(r.departed, o.departed)) return;
      changed[o.urn] = JSON.stringify({ ...r, ...o });
    });
    if (Object.keys(changed).length) await this.redis.hset(this.key('state'), changed);
  }

  /** Orphans no longer orphaned: forgotten (a later episode is posted again). */
  async forget(urns: string[]): Promise<void> {
    if (urns.length) await this.redis.hdel(this.key('state'), ...urns);
  }

  async setChannels(urn: string, channels: string[]): Promise<void> {
    const r = await this.get(urn);
    if (r) await this.redis.hset(this.key('state'), urn, JSON.stringify({ ...r, channels }));
  }

  async setClaim(urn: string, c: OrphanClaim): Promise<void> {
    const r = await this.get(urn);
    if (r) await this.redis.hset(this.key('state'), urn, JSON.stringify({ ...r, claimed: c }));
  }

  // --- the pings as posted, per channel ---

  async saveMessages(thread: string, messages: Record<string, SlackMessage>): Promise<void> {
    const entries = Object.entries(messages);
    if (entries.length)
      await this.redis.hset(
        this.key('messages'),
        Object.fromEntries(entries.map(([channel, m]) => [`${thread}|${channel}`, JSON.stringify(m)])),
      );
  }

  async message(thread: string, channel: string): Promise<SlackMessage | undefined> {
    return parsed(slackMessage, await this.redis.hget(this.key('messages'), `${thread}|${channel}`)) as
      SlackMessage | undefined;
  }

  async dropMessages(thread: string, channels: string[]): Promise<void> {
    if (channels.length) await this.redis.hdel(this.key('messages'), ...channels.map((c) => `${thread}|${c}`));
  }

  // --- who owns which models ---

  /** Replaces the owner → models index (one transaction: readers see the old or the new one). */
  async setOwned(owned: Map<string, string[]>): Promise<void> {
    const tx = this.redis.multi().del(this.key('owned'));
    if (owned.size)
      tx.hset(this.key('owned'), Object.fromEntries([...owned].map(([o, models]) => [o, JSON.stringify(models)])));
    await tx.exec();
  }

  /** The models any of these owners (a user and their groups) own. */
  async ownedBy(owners: string[]): Promise<string[]> {
    if (!owners.length) return [];
    const values = await this.redis.hmget(this.key('owned'), ...owners);
    return [...new Set(values.flatMap((v) => parsed(z.array(z.string()), v) ?? []))];
  }
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
