import { Redis } from 'ioredis';
import type { Config } from '../config/index.js';
import { MemoryVerdictHistory, RedisVerdictHistory, type VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { RedisLocks } from '../redis/lock.js';

/**
 * A Redis connection when `REDIS_URL` is configured; commands that can do without Redis get undefined. A lost
 * connection fails the commands that need it (a lock, a history write) after two retries, each with its own error.
 */
export function optionalRedis(config: Config, logger?: Logger): Redis | undefined {
  if (!config.redis.url) return undefined;
  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (err: Error) => logger?.warn({ err: err.message }, 'Redis connection error'));
  return redis;
}

export const reportBaseUrl = (config: Config): string =>
  config.server.publicUrl ?? `http://localhost:${config.server.port}`;

/** Where the verdict history's keys start: `redis.prefix` (`JANUS_REDIS_PREFIX`) and a colon, as the service keeps them. */
export const historyKeyPrefix = (config: Config): string => `${config.redis.prefix}:`;

/**
 * The verdict history on this connection (the one every process pointed at the same Redis and prefix shares), or in
 * memory without Redis. `ownsConnection`: its `close()` ends the connection.
 */
export function verdictHistory(
  config: Config,
  redis: Redis | undefined,
  o: { ownsConnection?: boolean } = {},
): VerdictHistory {
  if (!redis) return new MemoryVerdictHistory();
  return new RedisVerdictHistory(redis, {
    prefix: historyKeyPrefix(config),
    ...(o.ownsConnection ? { ownsConnection: true } : {}),
  });
}

/** The write-back's locks on this connection, under `redis.prefix`; none without Redis (one writer, no race). */
export const writeBackLocks = (config: Config, redis: Redis | undefined): { locks?: RedisLocks } =>
  redis ? { locks: new RedisLocks(redis, config.redis.prefix) } : {};
