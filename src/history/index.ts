import { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { MemoryVerdictHistory } from './memory.js';
import { RedisVerdictHistory } from './redis.js';
import type { VerdictHistory } from './verdict-history.js';

export * from './verdict-history.js';
export { MemoryVerdictHistory } from './memory.js';
export { modelInHistory } from './model-in-history.js';
export { DEFAULT_KEY_PREFIX, RedisVerdictHistory, type RedisVerdictHistoryOptions } from './redis.js';

export interface OpenVerdictHistoryOptions {
  /** `config.redis.url` (`REDIS_URL`): Redis when set, memory otherwise. */
  redisUrl?: string;
  prefix?: string;
  depth?: number;
  /** Where Redis connection errors are reported (commands still fail with their own error). */
  logger?: Logger;
}

/**
 * The verdict history for this configuration. The Redis connection is lazy and fails a command after one
 * reconnect attempt rather than queueing it forever; `close()` ends it.
 */
export function openVerdictHistory(options: OpenVerdictHistoryOptions = {}): VerdictHistory {
  if (!options.redisUrl) return new MemoryVerdictHistory(options.depth);
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (err: Error) => options.logger?.warn({ err: err.message }, 'scan history: Redis connection error'));
  return new RedisVerdictHistory(redis, {
    ownsConnection: true,
    ...(options.prefix !== undefined ? { prefix: options.prefix } : {}),
    ...(options.depth !== undefined ? { depth: options.depth } : {}),
  });
}
