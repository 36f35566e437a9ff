import type { Redis } from 'ioredis';
import { alertsKey, type ParseStored } from './parse.js';

/**
 * Delivery's memory, which keeps each thread in order: `<prefix>:alerts:threads` (hash: `<alert>|<channel>` → the
 * message's channel id and ts, and the last message delivered).
 */
export class AlertThreads<T> {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly parse: ParseStored<T>,
  ) {
    this.key = alertsKey(prefix)('threads');
  }

  async thread(alert: string, channel: string): Promise<T | undefined> {
    return this.parse(await this.redis.hget(this.key, `${alert}|${channel}`));
  }

  async setThread(alert: string, channel: string, rec: T): Promise<void> {
    await this.redis.hset(this.key, `${alert}|${channel}`, JSON.stringify(rec));
  }
}
