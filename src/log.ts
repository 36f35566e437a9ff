import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogConfig } from './config/schema.js';

export type { Logger };

/** Every place a secret can sit in what Janus logs: tokens, signing secrets, auth headers. */
export const REDACT_PATHS = [
  'token',
  '*.token',
  '*.*.token',
  'botToken',
  '*.botToken',
  '*.*.botToken',
  'signingSecret',
  '*.signingSecret',
  '*.*.signingSecret',
  'password',
  '*.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  '*.headers.Authorization',
  'headers.cookie',
  '*.headers.cookie',
];

export interface LoggerOptions extends Partial<LogConfig> {
  /** Where lines go; defaults to stderr so stdout stays free for command output and protocols (MCP). */
  destination?: DestinationStream;
  name?: string;
}

/** JSON lines by default; readable lines when a person watches a terminal (or `format: pretty`). */
export function createLogger(options: LoggerOptions = {}): Logger {
  const { level = 'info', format = 'auto', name = 'janus' } = options;
  const readable = format === 'pretty' || (format === 'auto' && !options.destination && process.stderr.isTTY === true);
  const destination =
    options.destination ??
    (readable
      ? pretty({ destination: 2, sync: true, colorize: true, ignore: 'pid,hostname' })
      : pino.destination({ fd: 2, sync: true }));
  return pino({ name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}
