import type { App } from '@slack/bolt';
import type { Redis } from 'ioredis';
import { registerListeners } from '../handlers/index.js';
import { currentVerdict } from '../app/current-verdict.js';
import { datasetStanding } from '../app/dataset-standing.js';
import { searchModelsAndDatasets } from '../app/search-catalog.js';
import { createIdentity } from '../app/incident-identity.js';
import { createResponders } from '../app/responders.js';
import type { JudgeDeps } from '../app/judge-model.js';
import { openIncidentsOf } from '../app/model-incidents.js';
import { ownersOf } from '../app/owners.js';
import type { Config } from '../config/index.js';
import { AT_RISK_PATH, entityUrl, reportUrlFor } from '../core/links.js';
import { findDatasetByName } from '../datahub/resolve-entity.js';
import { resolveModel } from '../datahub/resolve-model.js';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { createIncidentHandlerDeps } from '../slack/incident-deps.js';
import { slackIncidentApi } from '../slack/incident-show.js';
import { postTestAlert } from '../slack/test-alert-post.js';
import { createOrphanHandlerDeps } from '../slack/orphan-deps.js';
import { usergroupMembers } from '../slack/usergroup-members.js';
import { AlertStore } from '../jobs/alert-store.js';
import { alertTimersNow } from '../jobs/alert-timers.js';
import { openAlerts } from '../jobs/open-alerts.js';
import { scanRequests } from '../jobs/scan-request.js';
import { WatchStore } from '../jobs/watch-store.js';

export interface SlackListenerDeps {
  config: Pick<Config, 'slack' | 'datahub' | 'redis'>;
  judge: JudgeDeps;
  history: VerdictHistory;
  logger: Logger;
  /** Where people reach Janus (known once listening): the verdict links to the Model Impact Report there. */
  reportBaseUrl: () => string;
  /**
   * The alerts' store (snoozes, unfurls' open alerts, App Home's incidents), the incident buttons' locks and
   * message store, watches, cycle requests (under `redis.prefix`); all of them are off without it.
   */
  redis?: Redis;
}

/**
 * The Slack app's composition root: `handlers/` bound to the use cases they call, each store built once here.
 * `src/slack` builds the app with whatever listeners it is given.
 */
export function slackListeners(deps: SlackListenerDeps): (app: App, logger: Logger) => void {
  const { slack, datahub } = deps.config;
  const client = deps.judge.client;
  const prefix = deps.config.redis.prefix;
  const reportUrl = (urn: string) => reportUrlFor(deps.reportBaseUrl(), urn);
  const redis = deps.redis;
  const alerts = redis ? new AlertStore(redis, prefix) : undefined;
  const watches = redis ? new WatchStore(redis, prefix) : undefined;
  // every `/janus trust`, mention and unfurl reads its verdict through here: the history when fresh, else judged now
  const verdictDeps = { ...deps.judge, history: deps.history, maxAgeMs: slack.verdictMaxAgeMs, logger: deps.logger };
  // a dataset's unfurl and `/janus trust <dataset>`: its incidents in DataHub, the findings rooted there, whom they hurt
  const standing = (urn: string, name?: string) => datasetStanding({ client, history: deps.history }, urn, name);
  return (app, logger) => {
    // Slack member → DataHub person, for everything a person does through Argos (watches, snoozes)
    const identity = createIdentity({
      profile: (id) => slackIncidentApi(app.client).profile(id),
      client,
      ttlMs: slack.identityTtlMs,
    });
    const policy = { who: slack.actors, admins: slack.admins, responders: slack.responders.length > 0 };
    // the on-call responders (`slack.responders`) act and snooze as admins do: one membership cache for both
    const responders = createResponders({ ids: slack.responders, members: usergroupMembers(app.client), logger });
    // a snooze begun or ended is announced by the alert timers: asked to run now rather than at their next turn
    const changed = redis ? alertTimersNow(redis, prefix) : undefined;
    const orphans = createOrphanHandlerDeps({
      web: app.client,
      client,
      slack,
      history: deps.history,
      // App Home's open incidents: the alerts' states
      ...(redis && alerts ? { redis, alerts: () => alerts.allStates() } : {}),
      prefix,
      logger,
    });
    return registerListeners(app, {
      verdict: (ref) => currentVerdict(verdictDeps, ref),
      links: (v) => {
        const datahubUrl = entityUrl(datahub.uiUrl, v.model.urn);
        return { reportUrl: reportUrl(v.model.urn), ...(datahubUrl ? { datahubUrl } : {}) };
      },
      ...(alerts
        ? {
            snooze: {
              client,
              store: alerts,
              access: { identity, policy, responders },
              ...(changed ? { changed } : {}),
            },
          }
        : {}),
      history: deps.history,
      resolve: (ref) => resolveModel(client, ref),
      // `/janus test`: posted with the bot token, as alerts are
      postAlert: (channel, message) => postTestAlert(app.client, channel, message),
      reportUrl,
      atRiskUrl: () => `${deps.reportBaseUrl().replace(/\/+$/, '')}${AT_RISK_PATH}`,
      openIncidents: (v) => openIncidentsOf(client, v),
      search: (text) => searchModelsAndDatasets({ client, history: deps.history }, text),
      datahubUrl: (urn) => entityUrl(datahub.uiUrl, urn),
      dataset: async (ref) => {
        const found = await findDatasetByName(client, ref);
        if (!found) return undefined;
        const datahubUrl = entityUrl(datahub.uiUrl, found.urn);
        return { standing: await standing(found.urn, found.name), ...(datahubUrl ? { datahubUrl } : {}) };
      },
      owners: (ref) =>
        ownersOf(
          { client, history: deps.history, ...(slack.fallbackChannel ? { fallback: slack.fallbackChannel } : {}) },
          ref,
        ),
      ...(redis && watches
        ? { scan: scanRequests(redis, { prefix }), watch: { client, store: watches, identity } }
        : {}),
      logger,
      incidents: createIncidentHandlerDeps({
        web: app.client,
        client,
        slack,
        ...(redis ? { redis } : {}),
        prefix,
        // a click in App Home is answered by publishing it again
        home: (user, notice) => orphans.home.publish(user, notice),
        logger,
        responders,
        policy: deps.judge.policy,
      }),
      unfurl: {
        history: deps.history,
        ...(alerts ? { openAlerts: openAlerts(alerts) } : {}),
        reportUrl,
        dataset: (urn) => standing(urn),
        ...(datahub.uiUrl ? { datahubUiUrl: datahub.uiUrl } : {}),
        reportBaseUrl: deps.reportBaseUrl,
        logger,
      },
      orphans,
    });
  };
}
