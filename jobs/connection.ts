import { Redis } from 'ioredis';
import type { Logger } from '../src/log.js';

/**
 * A connection for BullMQ: workers block on Redis, so a command waits for a reconnect rather than failing after a
 * few retries (`maxRetriesPerRequest: null`, as BullMQ requires), and reconnects forever with a capped backoff.
 */
export function bullConnection(url: string, logger: Logger, role: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(200 * 2 ** Math.min(times, 5), 5000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) logger.warn({ role, err: err.message }, 'Redis connection lost; reconnecting');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info({ role }, 'Redis connection back');
    down = false;
  });
  return redis;
}
