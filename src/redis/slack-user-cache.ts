import type { Redis } from 'ioredis';
import { alertsKey } from './parse.js';

/** Slack ids found by email, each with a TTL: `<prefix>:alerts:user:<email>` (`-`: Slack knows no such user). */
export class SlackUserCache {
  private readonly key: (email: string) => string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    const key = alertsKey(prefix);
    this.key = (email) => key(`user:${email.toLowerCase()}`);
  }

  /** The Slack id cached for an email: a string, null (Slack knows no such user), undefined (not cached). */
  async cachedUser(email: string): Promise<string | null | undefined> {
    const v = await this.redis.get(this.key(email));
    return v === null ? undefined : v === '-' ? null : v;
  }

  async cacheUser(email: string, id: string | null, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(email), id ?? '-', 'PX', ttlMs);
  }
}
