import type { App } from '@slack/bolt';
import { registerListeners } from '../../handlers/index.js';
import { currentVerdict } from '../../app/current-verdict.js';
import { createIdentity } from '../../app/incident-identity.js';
import type { JudgeDeps } from '../../app/judge-model.js';
import { openIncidentsOf } from '../../app/model-incidents.js';
import { ownersOf } from '../../app/owners.js';
import type { SnoozeDeps } from '../../app/snooze.js';
import { reportUrlFor } from '../../app/write-back.js';
import type { Config } from '../../config/index.js';
import { resolveModel } from '../../datahub/resolve-model.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import { entityUrl } from '../../html-report/datahub-links.js';
import { createIncidentHandlerDeps } from '../../slack/incident-deps.js';
import { slackIncidentApi } from '../../slack/incident-show.js';
import { AlertStore } from '../../jobs/alert-store.js';
import { openAlerts } from '../../jobs/open-alerts.js';
import { scanRequests } from '../../jobs/scan-request.js';
import { WatchStore } from '../../jobs/watch-store.js';
import { createOrphanHandlerDeps } from '../../slack/orphan-deps.js';
import type { Redis } from 'ioredis';

export interface SlackListenerDeps {
  config: Pick<Config, 'slack' | 'datahub' | 'redis'>;
  judge: JudgeDeps;
  history: VerdictHistory;
  logger: Logger;
  /** Where people reach Janus (known once listening): the verdict links to the Model Impact Report there. */
  reportBaseUrl: () => string;
  /** Snoozes (the alerts' Redis store); absent without Redis. Who may snooze is Slack's to tell: added here. */
  snooze?: Omit<SnoozeDeps, 'access'>;
  /** The incident buttons' locks and message store, watches, cycle requests (under `redis.prefix`). */
  redis?: Redis;
}

/**
 * The Slack app's composition root: `handlers/` bound to the use cases they call. The one place that joins them;
 * `src/slack` builds the app with whatever listeners it is given.
 */
export function slackListeners(deps: SlackListenerDeps): (app: App, logger: Logger) => void {
  const { slack, datahub } = deps.config;
  const client = deps.judge.client;
  const prefix = deps.config.redis.prefix;
  const reportUrl = (urn: string) => reportUrlFor(deps.reportBaseUrl(), urn);
  return (app, logger) => {
    // Slack member → DataHub person, for everything a person does through Argos (watches, snoozes)
    const identity = createIdentity({
      profile: (id) => slackIncidentApi(app.client).profile(id),
      client,
      ttlMs: slack.identityTtlMs,
    });
    const policy = { who: slack.actors, admins: slack.admins };
    return registerListeners(app, {
      verdict: (ref) =>
        currentVerdict(
          { ...deps.judge, history: deps.history, maxAgeMs: slack.verdictMaxAgeMs, logger: deps.logger },
          ref,
        ),
      links: (v) => {
        const datahubUrl = entityUrl(datahub.uiUrl, v.model.urn);
        return { reportUrl: reportUrl(v.model.urn), ...(datahubUrl ? { datahubUrl } : {}) };
      },
      ...(deps.snooze ? { snooze: { ...deps.snooze, access: { identity, policy } } } : {}),
      history: deps.history,
      resolve: (ref) => resolveModel(client, ref),
      reportUrl,
      openIncidents: (v) => openIncidentsOf(client, v),
      owners: (ref) =>
        ownersOf(
          { client, history: deps.history, ...(slack.fallbackChannel ? { fallback: slack.fallbackChannel } : {}) },
          ref,
        ),
      ...(deps.redis
        ? {
            scan: scanRequests(deps.redis, { prefix }),
            watch: {
              client,
              store: new WatchStore(deps.redis, prefix),
              identity,
            },
          }
        : {}),
      logger,
      incidents: createIncidentHandlerDeps({
        web: app.client,
        client,
        slack,
        ...(deps.redis ? { redis: deps.redis } : {}),
        prefix,
        logger,
      }),
      unfurl: {
        history: deps.history,
        ...(deps.redis ? { openAlerts: openAlerts(new AlertStore(deps.redis, prefix)) } : {}),
        reportUrl,
        ...(datahub.uiUrl ? { datahubUiUrl: datahub.uiUrl } : {}),
        reportBaseUrl: deps.reportBaseUrl,
        logger,
      },
      orphans: createOrphanHandlerDeps({
        web: app.client,
        client,
        slack,
        history: deps.history,
        ...(deps.redis ? { redis: deps.redis, alerts: alertStates(deps.redis, prefix) } : {}),
        prefix,
        logger,
      }),
    });
  };
}

/** The alerts' states, for App Home's open incidents (the alerts' Redis store). */
const alertStates = (redis: Redis, prefix: string) => {
  const store = new AlertStore(redis, prefix);
  return () => store.allStates();
};
