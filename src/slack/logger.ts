import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '../log.js';

/**
 * Bolt's and the WebClient's logs through Janus's logger. Their debug lines can hold whole request bodies, so
 * they go to `trace`; an Error among the arguments becomes the line's `err`.
 */
export function boltLogger(log: Logger): BoltLogger {
  const line =
    (level: 'trace' | 'info' | 'warn' | 'error') =>
    (...parts: unknown[]) => {
      const err = parts.find((p): p is Error => p instanceof Error);
      const text = parts
        .filter((p) => p !== err)
        .map((p) => (typeof p === 'string' ? p : JSON.stringify(p)))
        .join(' ');
      log[level]({ bolt: true, ...(err ? { err: err.message } : {}) }, text || err?.message || 'slack');
    };
  return {
    debug: line('trace'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    setLevel: () => {},
    getLevel: () =>
      log.isLevelEnabled('info') ? LogLevel.INFO : log.isLevelEnabled('warn') ? LogLevel.WARN : LogLevel.ERROR,
    setName: () => {},
  };
}
