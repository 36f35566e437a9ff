import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../log.js';

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

/**
 * Connection options for BullMQ's own objects (queues, workers, flows): each opens and closes its connections itself,
 * so closing one never leaves another with a connection pulled from under it.
 */
export function bullOptions(url: string): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * 2 ** Math.min(times, 5), 5000),
  };
}
