import type { IncomingMessage, ServerResponse } from 'node:http';
import { App, HTTPReceiver, HTTPReceiverDeferredRequestError, type Receiver, type webApi } from '@slack/bolt';
import { JanusError } from '../errors.js';
import type { Logger } from '../log.js';
import { boltLogger } from './logger.js';

/** Where Slack posts slash commands and interactivity (one Bolt endpoint for everything). */
export const SLACK_PATH = '/slack/events';

/**
 * The WebClient's retries: a 429 waits the Retry-After Slack gives, then tries again; other failures back off
 * briefly. Bounded, so a request never waits minutes (the default policy retries for about 30).
 */
export const SLACK_RETRY: webApi.RetryOptions = { retries: 3, factor: 2, minTimeout: 250, maxTimeout: 2000 };

/** Slack's payloads are a few kB: anything far larger is refused before it is read. */
const MAX_BODY_BYTES = 1 << 20;

/** What Janus's Slack app needs whichever way Slack reaches it. */
export interface SlackAppBaseOptions {
  botToken: string;
  /** Slack's Web API base (`slack.apiUrl`); tests point it at a fake Slack. */
  apiUrl?: string;
  logger: Logger;
  /** Binds the commands and actions (the composition root passes `handlers/`); gets the app's `unit: slack` logger. */
  listeners: (app: App, logger: Logger) => void;
}

export interface SlackAppOptions extends SlackAppBaseOptions {
  signingSecret: string;
}

export interface SlackApp {
  app: App;
  /** Answers requests to SLACK_PATH: mount it on Janus's HTTP server. Never throws. */
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Checks the bot token with Slack (`auth.test`); call once before serving. */
  init(): Promise<void>;
}

/** Slack could not be reached, or refused a token, when the app started. */
export class SlackStartError extends JanusError {
  constructor(message: string) {
    super(message, 'slack.start');
  }
}

/**
 * The Bolt app on a receiver, the listeners bound and failures logged; side-effect free until `init()`, which checks
 * the bot token with Slack (`auth.test`) and says which setting to fix when Slack refuses it.
 */
export function boltApp(
  opts: SlackAppBaseOptions,
  receiver: (logger: ReturnType<typeof boltLogger>) => Receiver,
): { app: App; log: Logger; init(): Promise<void> } {
  const log = opts.logger.child({ unit: 'slack' });
  const logger = boltLogger(log);
  const app = new App({
    token: opts.botToken,
    receiver: receiver(logger),
    logger,
    deferInitialization: true,
    clientOptions: { ...(opts.apiUrl ? { slackApiUrl: opts.apiUrl } : {}), retryConfig: SLACK_RETRY, timeout: 10_000 },
  });
  opts.listeners(app, log);
  app.error(async (error) => {
    log.error({ err: error.message, code: (error as { code?: string }).code }, 'Slack request failed');
    throw error;
  });
  const init = async () => {
    try {
      await app.init();
    } catch (err) {
      throw startError(err, { method: 'auth.test', token: 'bot token', setting: 'SLACK_BOT_TOKEN' }, opts.apiUrl);
    }
  };
  return { app, log, init };
}

/** A Web API failure at start as one line: the token Slack refused and its setting, or where Slack was not reached. */
export function startError(
  err: unknown,
  what: { method: string; token: string; setting: string },
  apiUrl: string | undefined,
): SlackStartError {
  const code = (err as { data?: { error?: string } }).data?.error;
  return new SlackStartError(
    code
      ? `Slack refused the ${what.token} (${what.method}: ${code}): check ${what.setting}`
      : `Slack could not be reached at ${apiUrl ?? 'https://slack.com/api/'} (${what.method}): ${(err as Error).message}`,
  );
}

/** Janus's Slack app in HTTP mode: Bolt with its HTTPReceiver at SLACK_PATH and the given listeners. */
export function createSlackApp(opts: SlackAppOptions): SlackApp {
  let receiver!: HTTPReceiver;
  const { app, log, init } = boltApp(opts, (logger) => {
    receiver = new HTTPReceiver({ signingSecret: opts.signingSecret, endpoints: SLACK_PATH, logger });
    return receiver;
  });

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return reply(res, 413);
    try {
      receiver.requestListener(req, res);
    } catch (err) {
      if (!(err instanceof HTTPReceiverDeferredRequestError)) {
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'Slack request not handled');
        return reply(res, 500);
      }
      if (req.method !== 'POST') return reply(res, 405, { allow: 'POST' });
      reply(res, 404);
    }
  };
  return { app, handler, init };
}

function reply(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-length': 0, ...headers });
  res.end();
}
