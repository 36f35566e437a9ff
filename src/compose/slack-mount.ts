import type { Config } from '../config/index.js';
import type { Logger } from '../log.js';
import type { Redis } from 'ioredis';
import { limitBody } from '../server/body-limit.js';
import type { Mount } from '../server/index.js';
import { guardSlackRequests, memoryReplays, redisReplays } from '../server/slack-request-guard.js';
import { createSlackApp, SLACK_PATH, type SlackAppOptions } from '../slack/bolt-app.js';
import { createSocketSlackApp } from '../slack/socket-app.js';

/** Slack's payloads are a few kB: a body past this is refused (413) as it arrives, before it is buffered or verified. */
export const SLACK_MAX_BODY_BYTES = 1 << 20;

/**
 * How Slack reaches Janus: over a WebSocket Janus opens (Socket Mode) when the app-level token is set, else by posting
 * to /slack/events (HTTP) when the signing secret is; off without the bot token, or with neither.
 */
export function slackMode(slack: Config['slack']): 'socket' | 'http' | undefined {
  if (!slack.botToken) return undefined;
  return slack.appToken ? 'socket' : slack.signingSecret ? 'http' : undefined;
}

/** Slack answers `/janus`: the bot token, and the app-level token or the signing secret. */
export const slackEnabled = (slack: Config['slack']): boolean => slackMode(slack) !== undefined;

/** The Slack edge of `janus serve`: in HTTP mode a mount on the HTTP server; in Socket Mode a connection to close. */
export interface SlackEdge {
  mode: 'socket' | 'http';
  mount?: Mount;
  /** Closes the Socket Mode connection; nothing to do in HTTP mode (the server closes). */
  close(): Promise<void>;
}

export interface SlackMountDeps {
  config: Pick<Config, 'slack'>;
  logger: Logger;
  /**
   * Binds the commands and actions: `slackListeners` (src/compose/slack.ts) passes `handlers/`'s, so nothing in
   * src/slack imports handlers/ (handlers use src/slack, never the other way round).
   */
  listeners: SlackAppOptions['listeners'];
  /** Said in the start line (e.g. where the verdicts come from). */
  describe?: Record<string, unknown>;
  /** Accepted requests are remembered here (under `redisPrefix`) so a replay is dropped; in memory without it. */
  redis?: Redis;
  redisPrefix?: string;
  /** Socket Mode's ping timeout and reconnect step (ms); tests shorten it (`createSocketSlackApp`). */
  socketPingTimeoutMs?: number;
}

/**
 * The Slack app for `janus serve`, its tokens checked with Slack: in Socket Mode connected (nothing mounted); in HTTP
 * mode mounted at /slack/events behind the body limit and the request guard (src/server). Undefined when off (and
 * says which settings are missing).
 */
export async function slackMount(deps: SlackMountDeps): Promise<SlackEdge | undefined> {
  const { slack } = deps.config;
  const mode = slackMode(slack);
  if (!mode) {
    const missing = [
      !slack.botToken && 'SLACK_BOT_TOKEN',
      !slack.appToken && !slack.signingSecret && 'SLACK_APP_TOKEN or SLACK_SIGNING_SECRET',
    ].filter(Boolean);
    deps.logger.info(
      { missing },
      'Slack off: /janus needs SLACK_BOT_TOKEN, and SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP)',
    );
    return undefined;
  }
  const base = { botToken: slack.botToken!, apiUrl: slack.apiUrl, logger: deps.logger, listeners: deps.listeners };
  if (mode === 'socket') {
    const socket = createSocketSlackApp({
      ...base,
      appToken: slack.appToken!,
      ...(deps.socketPingTimeoutMs ? { pingTimeoutMs: deps.socketPingTimeoutMs } : {}),
    });
    await socket.start();
    deps.logger.info({ mode, ...deps.describe }, 'Slack on: answering /janus over Socket Mode');
    return { mode, close: () => socket.stop() };
  }
  const app = createSlackApp({ ...base, signingSecret: slack.signingSecret! });
  await app.init();
  deps.logger.info({ mode, path: SLACK_PATH, ...deps.describe }, 'Slack on: answering /janus');
  const replays = deps.redis ? redisReplays(deps.redis, deps.redisPrefix ?? 'janus', deps.logger) : memoryReplays();
  const guarded = guardSlackRequests(
    { signingSecret: slack.signingSecret!, apiUrl: slack.apiUrl, replays, logger: deps.logger, path: SLACK_PATH },
    app.handler,
  );
  const mount = { path: SLACK_PATH, name: 'slack', handler: limitBody(SLACK_MAX_BODY_BYTES, guarded) };
  return { mode, mount, close: async () => {} };
}
