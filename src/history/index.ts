import { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { MemoryScanHistory } from './memory.js';
import { RedisScanHistory } from './redis.js';
import type { ScanHistory } from './scan-history.js';

export * from './scan-history.js';
export { MemoryScanHistory } from './memory.js';
export { modelInHistory } from './model-in-history.js';
export { DEFAULT_KEY_PREFIX, RedisScanHistory, type RedisScanHistoryOptions } from './redis.js';

export interface OpenScanHistoryOptions {
  /** `config.redis.url` (`REDIS_URL`): Redis when set, memory otherwise. */
  redisUrl?: string;
  prefix?: string;
  depth?: number;
  /** Where Redis connection errors are reported (commands still fail with their own error). */
  logger?: Logger;
}

/**
 * The scan history for this configuration. The Redis connection is lazy and fails a command after one
 * reconnect attempt rather than queueing it forever; `close()` ends it.
 */
export function openScanHistory(options: OpenScanHistoryOptions = {}): ScanHistory {
  if (!options.redisUrl) return new MemoryScanHistory(options.depth);
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (err: Error) => options.logger?.warn({ err: err.message }, 'scan history: Redis connection error'));
  return new RedisScanHistory(redis, {
    ownsConnection: true,
    ...(options.prefix !== undefined ? { prefix: options.prefix } : {}),
    ...(options.depth !== undefined ? { depth: options.depth } : {}),
  });
}
