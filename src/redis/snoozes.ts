import type { Redis } from 'ioredis';
import { alertsKey, type ParseStored } from './parse.js';

/**
 * Entities whose alerts are snoozed: `<prefix>:alerts:snoozes` (hash: entity urn → until when, and who). The same
 * hash of records by entity keeps what the snoozes' announcements need (`snooze-told`, `snooze-ended`).
 */
export class Snoozes<T> {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly parse: ParseStored<T>,
    name = 'snoozes',
  ) {
    this.key = alertsKey(prefix)(name);
  }

  async snooze(urn: string, entry: T): Promise<void> {
    await this.redis.hset(this.key, urn, JSON.stringify(entry));
  }

  /** Removes a snooze; what it was, if there was one. */
  async unsnooze(urn: string): Promise<T | undefined> {
    const [[, was]] = (await this.redis.multi().hget(this.key, urn).hdel(this.key, urn).exec()) as [
      [unknown, string | null],
    ];
    return this.parse(was);
  }

  async snoozes(): Promise<Record<string, T>> {
    const all = await this.redis.hgetall(this.key);
    const out: Record<string, T> = {};
    for (const [k, v] of Object.entries(all)) {
      const e = this.parse(v);
      if (e) out[k] = e;
    }
    return out;
  }

  async dropSnoozes(urns: string[]): Promise<void> {
    if (urns.length) await this.redis.hdel(this.key, ...urns);
  }
}
