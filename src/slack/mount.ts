import type { Config } from '../config/index.js';
import type { Logger } from '../log.js';
import type { Mount } from '../server/index.js';
import { createSlackApp, SLACK_PATH, type SlackAppOptions } from './app.js';

/** Slack is on only when both the bot token and the signing secret are set. */
export const slackEnabled = (slack: Config['slack']): boolean => !!(slack.botToken && slack.signingSecret);

export interface SlackMountDeps {
  config: Pick<Config, 'slack'>;
  logger: Logger;
  /**
   * Binds the commands and actions: the composition root (`src/cli/commands/serve-slack.ts`) passes `handlers/`'s,
   * so nothing in src/slack imports handlers/ (handlers use src/slack, never the other way round).
   */
  listeners: SlackAppOptions['listeners'];
  /** Said in the start line (e.g. where the verdicts come from). */
  describe?: Record<string, unknown>;
}

/** The Slack app for `janus serve`, its token checked with Slack, mounted at /slack/events; undefined when off (and says which). */
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
  return { path: SLACK_PATH, name: 'slack', handler: app.handler };
}
