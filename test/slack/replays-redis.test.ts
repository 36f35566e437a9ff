import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisReplays, REPLAY_WINDOW_MS } from '../../src/server/slack-request-guard.js';
import { cleanPrefix, REDIS_URL, testPrefix } from '../support/service.js';

// Issue 20, case 6: an accepted (timestamp, signature) is kept in Redis, under the service's prefix, for the window,
// so a replay to any Janus process on that Redis is dropped.
const prefix = testPrefix();
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await cleanPrefix(prefix);
  redis.disconnect();
});

describe('Slack replays in Redis', () => {
  it('says first time once per key across stores, under the prefix, expiring with the window', async () => {
    const a = redisReplays(redis, prefix);
    const b = redisReplays(redis, prefix);
    expect(await a.firstTime('1700000000:v0=abc', REPLAY_WINDOW_MS)).toBe(true);
    expect(await b.firstTime('1700000000:v0=abc', REPLAY_WINDOW_MS)).toBe(false);
    expect(await b.firstTime('1700000000:v0=abd', REPLAY_WINDOW_MS)).toBe(true);
    const ttl = await redis.pttl(`${prefix}:slack:seen:1700000000:v0=abc`);
    expect(ttl).toBeGreaterThan(REPLAY_WINDOW_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(REPLAY_WINDOW_MS);
  });
});
