import type { webApi } from '@slack/bolt';
import type { Redis } from 'ioredis';
import {
  actOnIncident,
  checkIncidentAction,
  type Checked,
  type IncidentActionOutcome,
  type IncidentActionRequest,
  type IncidentView,
  type Refusal,
} from '../app/incident-action.js';
import { createIdentity } from '../app/incident-identity.js';
import { memoryIncidentLocks, redisIncidentLocks } from '../app/incident-lock.js';
import { createResponders, type Responders } from '../app/responders.js';
import type { Config } from '../config/index.js';
import { acceptIncidentRisk } from '../app/accept-incident-risk.js';
import { DEFAULT_ACCEPTANCE_POLICY } from '../core/acceptance/acceptance.js';
import type { Actor } from '../core/incident-authorization.js';
import type { JudgePolicy } from '../core/verdict.js';
import type { IncidentFacts } from '../datahub/incident-facts.js';
import type { DataHubClient } from '../datahub/client.js';
import type { Logger } from '../log.js';
import { usergroupMembers } from './usergroup-members.js';
import type { SlackMessage } from './present/kit.js';
import { MemoryIncidentMessages, RedisIncidentMessages, type IncidentMessages } from './incident-messages.js';
import { actionReply } from './present/incident-replies.js';
import {
  rememberMessage,
  replyInThreads,
  showIncident,
  slackIncidentApi,
  type MessageRef,
  type SlackIncidentApi,
} from './incident-show.js';

/**
 * Where a click's result is drawn, under the incident's lock: the clicked channel message (`chat.update`, tracked for
 * the reverse sync), or a drawer of its own (an ephemeral message, through its `response_url`: never tracked).
 */
export type ShowOn = { message: MessageRef } | { draw: (view: IncidentView) => Promise<void> };

/** What the incident buttons' handlers call: the use case bound to Slack, DataHub, the locks and the message store. */
export interface IncidentHandlerDeps {
  /** The use case; `on` (when the click has somewhere to draw) shows the result. */
  act(req: Omit<IncidentActionRequest, 'show'>, on: ShowOn | undefined): Promise<IncidentActionOutcome>;
  /** Identity and authorization alone (before the Resolve modal opens). */
  check(value: string, slackUser: string): Promise<Refusal | Checked>;
  show(message: MessageRef, view: IncidentView): Promise<boolean>;
  remember(message: MessageRef, incidentUrn: string): Promise<void>;
  api: SlackIncidentApi;
  /** How long the Resolve button may check before the modal opens anyway (its trigger lasts 3 s). */
  precheckMs: number;
  messages: IncidentMessages;
  /** Publishes the member's App Home again, `notice` on top: how a click from App Home is answered. */
  home?: (slackUser: string, notice: SlackMessage | undefined) => Promise<void>;
  /** Resolve's "Accept the risk": writes the acceptance (docs/accepted-risk.md) on the models with the finding. */
  accept?: (
    actor: Actor,
    incident: IncidentFacts,
    req: { reason: string; days: number },
  ) => Promise<{ models: string[] }>;
  /** `judge.acceptance.maxDays`: the longest duration the modal offers. */
  acceptanceMaxDays?: number;
  logger: Logger;
}

export interface IncidentHandlerOptions {
  web: webApi.WebClient;
  client: DataHubClient;
  slack: Config['slack'];
  /** Locks and the message store live under `<prefix>:slack:` when Redis is configured; in this process otherwise. */
  redis?: Redis;
  prefix: string;
  home?: IncidentHandlerDeps['home'];
  logger: Logger;
  /** The on-call responders check, shared with the snooze command (else one of its own). */
  responders?: Responders;
  /** The judge's policy: with it, Resolve offers "Accept the risk" (else only a resolution). */
  policy?: JudgePolicy;
}

/** "Accept the risk" bound to DataHub: the person's DataHub user name is who accepted. */
function acceptingDeps(
  client: DataHubClient,
  policy: JudgePolicy,
): Pick<IncidentHandlerDeps, 'accept' | 'acceptanceMaxDays'> {
  return {
    acceptanceMaxDays: (policy.acceptance ?? DEFAULT_ACCEPTANCE_POLICY).maxDays,
    accept: async (actor, incident, req) => {
      if (!incident.key || !incident.entity) throw new Error('not one of Janus’s incidents: no finding to accept');
      const by = actor.urn.replace(/^urn:li:corpuser:/, '');
      const { models } = await acceptIncidentRisk(
        { client, policy },
        { key: incident.key, dataset: incident.entity.urn, models: incident.models },
        { by, ...req },
      );
      return { models };
    },
  };
}

export function createIncidentHandlerDeps(o: IncidentHandlerOptions): IncidentHandlerDeps {
  const api = slackIncidentApi(o.web);
  const messages = o.redis ? new RedisIncidentMessages(o.redis, o.prefix) : new MemoryIncidentMessages();
  const actions = {
    client: o.client,
    identity: createIdentity({ profile: (id) => api.profile(id), client: o.client, ttlMs: o.slack.identityTtlMs }),
    policy: { who: o.slack.actors, admins: o.slack.admins, responders: o.slack.responders.length > 0 },
    responders:
      o.responders ?? createResponders({ ids: o.slack.responders, members: usergroupMembers(o.web), logger: o.logger }),
    locks: o.redis ? redisIncidentLocks(o.redis, o.prefix) : memoryIncidentLocks(),
    logger: o.logger,
  };
  const show = (message: MessageRef, view: IncidentView) => showIncident({ api, messages }, message, view);
  return {
    act: async (req, on) => {
      const outcome = await actOnIncident(actions, {
        ...req,
        show: async (view) => {
          if (!on) return;
          if ('draw' in on) await on.draw(view);
          else await show(on.message, view);
        },
      });
      // the human record: who did what (and their note) in the thread of every message showing the incident
      if (outcome.kind === 'done') {
        const thread = on && 'message' in on ? on.message : undefined;
        const { failed } = await replyInThreads({ api, messages }, outcome.view.urn, actionReply(outcome), thread);
        if (failed.length) o.logger.warn({ incident: outcome.view.urn, failed }, 'could not reply in a thread');
      }
      return outcome;
    },
    check: (value, user) => checkIncidentAction(actions, value, user),
    show,
    remember: (message, urn) => rememberMessage(messages, message, urn),
    api,
    precheckMs: 1500,
    messages,
    ...(o.home ? { home: o.home } : {}),
    ...(o.policy ? acceptingDeps(o.client, o.policy) : {}),
    logger: o.logger,
  };
}
