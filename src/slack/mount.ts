import { registerListeners } from '../../handlers/index.js';
import type { JudgeDeps } from '../app/judge-model.js';
import { currentVerdict } from '../app/current-verdict.js';
import { reportUrlFor } from '../app/write-back.js';
import type { Config } from '../config/index.js';
import type { ScanHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { entityUrl } from '../report/datahub-links.js';
import type { Mount } from '../server/index.js';
import type { Redis } from 'ioredis';
import { createSlackApp, SLACK_PATH } from './app.js';
import { createIncidentHandlerDeps } from './incident-deps.js';

/** Slack is on only when both the bot token and the signing secret are set. */
export const slackEnabled = (slack: Config['slack']): boolean => !!(slack.botToken && slack.signingSecret);

export interface SlackMountDeps {
  config: Pick<Config, 'slack' | 'datahub' | 'redis'>;
  judge: JudgeDeps;
  history: ScanHistory;
  logger: Logger;
  /** Where people reach Janus (known once listening): the verdict links to the Model Impact Report there. */
  reportBaseUrl: () => string;
  /** The incident buttons' locks and message store (under `redis.prefix`); in this process without it. */
  redis?: Redis;
}

/** The Slack app for `janus serve` (its composition root: the one place that joins `handlers/` to the app), its token checked with Slack, mounted at /slack/events; undefined when off (and says which). */
export async function slackMount(deps: SlackMountDeps): Promise<Mount | undefined> {
  const { slack, datahub } = deps.config;
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
    listeners: (app, logger) =>
      registerListeners(app, {
        verdict: (ref) =>
          currentVerdict(
            { ...deps.judge, history: deps.history, maxAgeMs: slack.verdictMaxAgeMs, logger: deps.logger },
            ref,
          ),
        links: (v) => {
          const datahubUrl = entityUrl(datahub.uiUrl, v.model.urn);
          return { reportUrl: reportUrlFor(deps.reportBaseUrl(), v.model.urn), ...(datahubUrl ? { datahubUrl } : {}) };
        },
        logger,
        incidents: createIncidentHandlerDeps({
          web: app.client,
          client: deps.judge.client,
          slack,
          ...(deps.redis ? { redis: deps.redis } : {}),
          prefix: deps.config.redis.prefix,
          logger,
        }),
      }),
  });
  await app.init();
  deps.logger.info(
    { path: SLACK_PATH, history: deps.history.kind, verdictMaxAgeMs: slack.verdictMaxAgeMs },
    'Slack on: answering /janus',
  );
  return { path: SLACK_PATH, name: 'slack', handler: app.handler };
}
