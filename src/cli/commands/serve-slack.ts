import type { App } from '@slack/bolt';
import { registerListeners } from '../../../handlers/index.js';
import { currentVerdict } from '../../app/current-verdict.js';
import type { JudgeDeps } from '../../app/judge-model.js';
import type { SnoozeDeps } from '../../app/snooze.js';
import { reportUrlFor } from '../../app/write-back.js';
import type { Config } from '../../config/index.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import { entityUrl } from '../../html-report/datahub-links.js';
import { createIncidentHandlerDeps } from '../../slack/incident-deps.js';
import { createOrphanHandlerDeps } from '../../slack/orphan-deps.js';
import { AlertStore } from '../../../jobs/alert-store.js';
import type { Redis } from 'ioredis';

export interface SlackListenerDeps {
  config: Pick<Config, 'slack' | 'datahub' | 'redis'>;
  judge: JudgeDeps;
  history: VerdictHistory;
  logger: Logger;
  /** Where people reach Janus (known once listening): the verdict links to the Model Impact Report there. */
  reportBaseUrl: () => string;
  /** Snoozes (the alerts' Redis store); absent without Redis. */
  snooze?: SnoozeDeps;
  /** The incident buttons' locks and message store (under `redis.prefix`); in this process without it. */
  redis?: Redis;
}

/**
 * The Slack app's composition root: `handlers/` bound to the use cases they call. The one place that joins them;
 * `src/slack` builds the app with whatever listeners it is given.
 */
export function slackListeners(deps: SlackListenerDeps): (app: App, logger: Logger) => void {
  const { slack, datahub } = deps.config;
  return (app, logger) =>
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
      ...(deps.snooze ? { snooze: deps.snooze } : {}),
      logger,
      incidents: createIncidentHandlerDeps({
        web: app.client,
        client: deps.judge.client,
        slack,
        ...(deps.redis ? { redis: deps.redis } : {}),
        prefix: deps.config.redis.prefix,
        logger,
      }),
      orphans: createOrphanHandlerDeps({
        web: app.client,
        client: deps.judge.client,
        slack,
        history: deps.history,
        ...(deps.redis ? { redis: deps.redis, alerts: alertStates(deps.redis, deps.config.redis.prefix) } : {}),
        prefix: deps.config.redis.prefix,
        logger,
      }),
    });
}

/** The alerts' states, for App Home's open incidents (the alerts' Redis store). */
const alertStates = (redis: Redis, prefix: string) => {
  const store = new AlertStore(redis, prefix);
  return () => store.allStates();
};
