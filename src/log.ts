import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** Every place a secret can sit in what Janus logs: tokens, signing secrets, auth headers. */
export const REDACT_PATHS = [
  'token',
  '*.token',
  '*.*.token',
  'botToken',
  '*.botToken',
  '*.*.botToken',
  'appToken',
  '*.appToken',
  '*.*.appToken',
  'httpToken',
  '*.httpToken',
  '*.*.httpToken',
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

/** Secret values Janus was given (the DataHub token): never printed, whatever text carries them. */
const SECRETS = new Set<string>();

/** Remembers a secret so that `redactText` removes it from any text. */
export function addSecret(value: string): void {
  if (value.length >= 4) SECRETS.add(value);
}

const BEARER = /\b(Bearer)\s+[^\s"',;)\]}]+/gi;
const SLACK_TOKEN = /\b(?:xox[abposr]|xapp)-[\w-]+/g;
/** The userinfo of a URL (`https://user:pass@host`, `redis://:pass@host`): credentials, whoever wrote them there. */
const URL_USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

/**
 * A text with every known secret, `Bearer <anything>`, Slack tokens and the credentials of URLs replaced by
 * `[redacted]`: for messages from elsewhere (a DataHub that echoes headers) that Janus prints or logs.
 */
export function redactText(text: string): string {
  let out = text
    .replace(BEARER, '$1 [redacted]')
    .replace(SLACK_TOKEN, '[redacted]')
    .replace(URL_USERINFO, '$1[redacted]@');
  for (const secret of SECRETS) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
  return out;
}

/** Log fields' strings (and an error's message) with secrets redacted: pino's paths cover keys, this the values. */
function redactFields(obj: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(obj)) {
    const clean =
      typeof v === 'string'
        ? redactText(v)
        : v instanceof Error
          ? { type: v.name, message: redactText(v.message) }
          : v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string'
            ? { ...v, message: redactText((v as { message: string }).message) }
            : v;
    if (clean !== v) (copy ??= { ...obj })[k] = clean;
  }
  return copy ?? obj;
}

/** Pino's levels, and `silent`: config's `log.level` (`LOG_LEVEL`) is one of these. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `auto`: readable lines on a terminal, JSON otherwise. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;

export interface LoggerOptions {
  level?: (typeof LOG_LEVELS)[number];
  format?: (typeof LOG_FORMATS)[number];
  /** Where lines go; defaults to stderr so stdout stays free for command output and protocols (MCP). */
  destination?: DestinationStream;
  name?: string;
}

/** A line drawn live at the bottom of stderr (a progress line), if any: erased before a log line prints. */
let liveLine: { clear(): void } | undefined;

/** The CLI's progress display sets its line while it draws, and unsets it when done. */
export function setLiveLine(line: { clear(): void } | undefined): void {
  liveLine = line;
}

/** Writes to stderr, erasing the live line (if one is drawn) first: the line is drawn again on its next frame. */
function stderrWriter(): (text: string) => void {
  const fd2 = pino.destination({ fd: 2, sync: true });
  return (text) => {
    liveLine?.clear();
    fd2.write(text);
  };
}

/** pino-pretty pipes into its destination: a stream around a writer. */
const writableOf = (write: (text: string) => void) =>
  new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      write(String(chunk));
      done();
    },
  });

/** JSON lines by default; readable lines when a person watches a terminal (or `format: pretty`). */
export function createLogger(options: LoggerOptions = {}): Logger {
  const { level = 'info', format = 'auto', name = 'janus' } = options;
  const readable = format === 'pretty' || (format === 'auto' && !options.destination && process.stderr.isTTY === true);
  const destination =
    options.destination ??
    (readable
      ? pretty({ destination: writableOf(stderrWriter()), colorize: true, ignore: 'pid,hostname' })
      : { write: stderrWriter() });
  return pino(
    {
      name,
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { log: redactFields },
      hooks: {
        logMethod(args, method) {
          // the message itself (`log.warn(obj, msg)` or `log.warn(msg)`)
          const i = typeof args[0] === 'string' ? 0 : 1;
          if (typeof args[i] === 'string') args[i] = redactText(args[i] as string);
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
}
