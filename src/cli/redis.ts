import { Redis } from 'ioredis';
import type { Config } from '../config/index.js';

/** A Redis connection when `REDIS_URL` is configured; commands that can do without Redis get undefined. */
export function optionalRedis(config: Config): Redis | undefined {
  if (!config.redis.url) return undefined;
  return new Redis(config.redis.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}

export const reportBaseUrl = (config: Config): string => config.server.publicUrl ?? `http://localhost:${config.server.port}`;
