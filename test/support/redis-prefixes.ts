import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { cleanPrefix, REDIS_URL, testPrefix } from './service.js';

/**
 * A test file's Redis connection and a fresh key prefix per call; every prefix handed out is cleaned and the
 * connection closed after the file's tests.
 */
export function redisWithPrefixes(): { redis: Redis; prefix: () => string } {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const p of prefixes) await cleanPrefix(p);
    redis.disconnect();
  });
  return {
    redis,
    prefix: () => {
      const p = testPrefix();
      prefixes.push(p);
      return p;
    },
  };
}
