import type { Config } from '../config/index.js';
import type { Logger } from '../log.js';
import type { Redis } from 'ioredis';
import { limitBody } from '../server/body-limit.js';
import type { Mount } from '../server/index.js';
import { guardSlackRequests, memoryReplays, redisReplays } from '../server/slack-request-guard.js';
import { createSlackApp, SLACK_PATH, type SlackAppOptions } from '../slack/bolt-app.js';

/** Slack's payloads are a few kB: a body past this is refused (413) as it arrives, before it is buffered or verified. */
export const SLACK_MAX_BODY_BYTES = 1 << 20;

/** Slack is on only when both the bot token and the signing secret are set. */
export const slackEnabled = (slack: Config['slack']): boolean => !!(slack.botToken && slack.signingSecret);

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
}

/**
 * The Slack app for `janus serve`, its token checked with Slack, mounted at /slack/events behind the body limit and
 * the request guard (src/server); undefined when off (and says which).
 */
export async function slackMount(deps: SlackMountDeps): Promise<Mount | undefined> {
  const { slack } = deps.config;
  if (!slack.botToken || !slack.signingSecret) {
    const missing = [!slack.botToken && 'SLACK_BOT_TOKEN', !slack.signingSecret && 'SLACK_SIGNING_SECRET'].filter(
      Boolean,
    );
    deps.logger.info({ missing }, 'Slack off: /janus needs both SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET');
    return undefined;
  }
  const app = createSlackApp({
    botToken: slack.botToken,
    signingSecret: slack.signingSecret,
    apiUrl: slack.apiUrl,
    logger: deps.logger,
    listeners: deps.listeners,
  });
  await app.init();
  deps.logger.info({ path: SLACK_PATH, ...deps.describe }, 'Slack on: answering /janus');
  const replays = deps.redis ? redisReplays(deps.redis, deps.redisPrefix ?? 'janus', deps.logger) : memoryReplays();
  const guarded = guardSlackRequests(
    { signingSecret: slack.signingSecret, apiUrl: slack.apiUrl, replays, logger: deps.logger, path: SLACK_PATH },
    app.handler,
  );
  return { path: SLACK_PATH, name: 'slack', handler: limitBody(SLACK_MAX_BODY_BYTES, guarded) };
}
