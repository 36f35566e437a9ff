import type { webApi } from '@slack/bolt';
import type { Redis } from 'ioredis';
import { homeData } from '../app/app-home.js';
import { claimOwnership } from '../app/claim-ownership.js';
import { createIdentity } from '../app/incident-identity.js';
import { memoryIncidentLocks, redisIncidentLocks } from '../app/incident-lock.js';
import { incidentsOnOwnedTables } from '../app/owned-incidents.js';
import type { Config } from '../config/index.js';
import type { DataHubClient } from '../datahub/client.js';
import { readIncidentStatuses } from '../datahub/incident-facts.js';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import type { AlertState } from './alerts/types.js';
import { homeView } from './app-home-view.js';
import type { SlackMessage } from './present/kit.js';
import { slackIncidentApi } from './incident-show.js';
import { OrphanStore } from './orphan-store.js';
import type { ClaimHandlerDeps } from './owner-claim.js';

/** App Home: drawn for one member and published (`views.publish`), with a notice on top (a click's answer). */
export interface HomePublisher {
  publish(slackId: string, notice?: SlackMessage): Promise<void>;
  logger: Logger;
}

export interface OrphanHandlerOptions {
  web: webApi.WebClient;
  client: DataHubClient;
  slack: Config['slack'];
  history: VerdictHistory;
  /** Orphans, the owner index and the claim locks live under `<prefix>:` when Redis is configured. */
  redis?: Redis;
  prefix: string;
  /** The alerts' states (their incidents, for App Home); absent without Redis. */
  alerts?: () => Promise<AlertState[]>;
  logger: Logger;
  now?: () => number;
}

/** The Claim button's and App Home's dependencies: one identity cache for both (Slack member → DataHub user). */
export function createOrphanHandlerDeps(o: OrphanHandlerOptions): { claim: ClaimHandlerDeps; home: HomePublisher } {
  const client = o.web;
  const api = slackIncidentApi(client);
  const identity = createIdentity({ profile: (id) => api.profile(id), client: o.client, ttlMs: o.slack.identityTtlMs });
  const orphans = o.redis ? new OrphanStore(o.redis, o.prefix) : undefined;
  const now = o.now ?? Date.now;
  const home: HomePublisher = {
    logger: o.logger,
    async publish(slackId, notice) {
      const data = await homeData(
        {
          identity,
          history: o.history,
          ...(orphans ? { orphans } : {}),
          ...(o.alerts ? { alerts: o.alerts } : {}),
          incidentStatuses: (urns) => readIncidentStatuses(o.client, urns),
          ownedIncidents: (owners) => incidentsOnOwnedTables(o.client, owners),
          logger: o.logger,
        },
        slackId,
      );
      await client.views.publish({ user_id: slackId, view: homeView(data, now(), notice?.blocks) });
    },
  };
  const claim: ClaimHandlerDeps = {
    claim: (value, user) =>
      claimOwnership(
        {
          client: o.client,
          identity,
          locks: o.redis ? redisIncidentLocks(o.redis, o.prefix) : memoryIncidentLocks(),
          removeDeparted: o.slack.claimRemovesDeparted,
          logger: o.logger,
        },
        value,
        user,
      ),
    update: (channel, ts, m) => client.chat.update({ channel, ts, text: m.text, blocks: m.blocks }),
    ...(orphans ? { recordClaim: (urn, c) => orphans.setClaim(urn, c) } : {}),
    refreshHome: (user, notice) => home.publish(user, notice),
    now,
    logger: o.logger,
  };
  return { claim, home };
}
