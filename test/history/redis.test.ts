import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { optionalRedis, verdictHistory } from '../../src/compose/redis.js';
import { loadConfig } from '../../src/config/index.js';
import { RedisVerdictHistory, type VerdictHistory } from '../../src/history/index.js';
import { scanHistoryContract } from './contract.js';
import { at, modelUrn, verdict } from './verdicts.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
const prefixes: string[] = [];
const opened: VerdictHistory[] = [];

/** Each history gets its own key prefix; every key under it is deleted after the test. */
function freshPrefix(): string {
  const prefix = `janus-test:${randomUUID()}:`;
  prefixes.push(prefix);
  return prefix;
}

/** The verdict history as the commands open it (src/compose/redis.ts): `redis.prefix` and Redis at `redisUrl`, if any. */
function openVerdictHistory(o: { redisUrl?: string; prefix?: string }): VerdictHistory {
  const env = { ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}), JANUS_REDIS_PREFIX: o.prefix?.replace(/:$/, '') };
  const config = loadConfig({ env, cwd: '/nonexistent' });
  return verdictHistory(config, optionalRedis(config), { ownsConnection: true });
}

afterEach(async () => {
  for (const h of opened.splice(0)) await h.close();
  for (const prefix of prefixes.splice(0)) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
});
afterAll(() => redis.quit());

scanHistoryContract(
  async (depth) => new RedisVerdictHistory(redis, { prefix: freshPrefix(), ...(depth ? { depth } : {}) }),
);

describe('the Redis scan history', () => {
  it('keeps its keys under its prefix: a sorted set per model and one hash of latest summaries', async () => {
    const prefix = freshPrefix();
    const h = new RedisVerdictHistory(redis, { prefix });
    await h.record(verdict('fraud', 80, 'at_risk', at(1)));
    expect((await redis.keys(`${prefix}*`)).sort()).toEqual([
      `${prefix}latest`,
      `${prefix}scores:${modelUrn('fraud')}`,
      `${prefix}verdict:${modelUrn('fraud')}`,
    ]);
    expect(await redis.type(`${prefix}scores:${modelUrn('fraud')}`)).toBe('zset');
    expect(
      await redis.zscore(
        `${prefix}scores:${modelUrn('fraud')}`,
        JSON.stringify({ scannedAt: at(1), score: 80, band: 'at_risk' }),
      ),
    ).toBe(String(Date.parse(at(1))));
  });

  it('is shared by every process pointed at the same Redis and prefix', async () => {
    const prefix = freshPrefix();
    const writer = openVerdictHistory({ redisUrl: REDIS_URL, prefix });
    const reader = openVerdictHistory({ redisUrl: REDIS_URL, prefix });
    opened.push(writer, reader);
    expect(writer.kind).toBe('redis');
    await writer.record(verdict('fraud', 80, 'at_risk', at(1)));
    expect((await reader.latest()).map((s) => s.name)).toEqual(['fraud']);
  });

  it('skips values it did not write instead of failing the whole answer', async () => {
    const prefix = freshPrefix();
    const h = new RedisVerdictHistory(redis, { prefix });
    await h.record(verdict('fraud', 80, 'at_risk', at(1)));
    await redis.zadd(`${prefix}scores:${modelUrn('fraud')}`, Date.parse(at(2)), 'not json');
    await redis.hset(`${prefix}latest`, modelUrn('odd'), JSON.stringify({ urn: 'x' }));
    await redis.set(`${prefix}verdict:${modelUrn('odd')}`, JSON.stringify({ model: { urn: 'x' } }));
    expect(await h.history(modelUrn('fraud'))).toEqual([{ scannedAt: at(1), score: 80, band: 'at_risk' }]);
    expect((await h.latest()).map((s) => s.name)).toEqual(['fraud']);
    expect(await h.latestVerdict(modelUrn('odd'))).toBeUndefined();
  });

  it('fails a command with an error, not a hang, when Redis is not there', async () => {
    const h = openVerdictHistory({ redisUrl: 'redis://127.0.0.1:1', prefix: freshPrefix() });
    opened.push(h);
    await expect(h.latest()).rejects.toThrow();
  });

  it('is memory when no Redis URL is configured', () => {
    expect(openVerdictHistory({}).kind).toBe('memory');
  });
});
