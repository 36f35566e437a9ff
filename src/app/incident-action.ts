import { authorize, type ActingPolicy, type Actor, type OwnerRef } from '../core/incident-authorization.js';
import {
  decide,
  isIncidentUrn,
  type IncidentAction,
  type IncidentStatus,
  type Resolution,
} from '../core/incident-status.js';
import {
  decideTriage,
  withAssignee,
  type IncidentControl,
  type IncidentPeople,
  type IncidentWrite,
} from '../core/incident-triage.js';
import { detectorOfKey } from '../core/writeback/conventions.js';
import type { DataHubClient } from '../datahub/client.js';
import { readIncidentFacts, readModelOwners, writeIncident, type IncidentFacts } from '../datahub/incident-facts.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { Logger } from '../log.js';
import type { Identity } from './incident-identity.js';
import type { IncidentLocks } from './incident-lock.js';
import type { Responders } from './responders.js';

/**
 * A Slack button on a DataHub incident: who clicked (Slack → email → DataHub user), whether they may act (owners of
 * the dataset or of the models it affects, directly or through a group, or an admin), then, under the incident's
 * lock, its status read again and the transition written (`updateIncidentStatus`, the person named in the message;
 * `updateIncident` when priority or assignees change: Acknowledge assigns the acknowledger) and shown (`show`, still
 * under the lock: one final message however many clicks).
 */

export interface IncidentActionDeps {
  client: DataHubClient;
  identity: (slackId: string) => Promise<Identity>;
  policy: ActingPolicy;
  /** Whether a member is an on-call responder (`slack.responders`): they may act as admins do. */
  responders?: Responders;
  locks: IncidentLocks;
  logger?: Logger;
  now?: () => number;
}

/** What a Slack message shows of an incident. */
export interface IncidentView {
  urn: string;
  title: string;
  status: IncidentStatus;
  /** Priority and assignees, when read. */
  people?: IncidentPeople;
}

/** Why a click was not acted on, before anything was written. */
export type Refusal =
  | { kind: 'malformed'; value: string }
  | { kind: 'no-email' }
  | { kind: 'no-account'; email: string }
  | { kind: 'inactive'; email: string; name: string }
  | { kind: 'not-found'; urn: string }
  | { kind: 'refused'; entity: string; owners: string[]; admins: boolean; responders?: boolean };

export type IncidentActionOutcome =
  | Refusal
  | {
      kind: 'done';
      action: IncidentAction | IncidentControl;
      view: IncidentView;
      actor: Actor;
      /** The Slack message could not be updated (the incident did change): why. */
      showFailed?: string;
    }
  | {
      kind: 'unchanged';
      already: 'acknowledged' | 'resolved' | 'open' | 'assigned' | 'priority' | 'stage';
      by: string | null;
      view: IncidentView;
      showFailed?: string;
    };

/** Who clicked and what they clicked on, once they may act. */
export interface Checked {
  kind: 'allowed';
  actor: Actor;
  incident: IncidentFacts;
}

/** Identity and authorization, nothing written: a refusal, or who may act on which incident. */
export async function checkIncidentAction(
  deps: IncidentActionDeps,
  value: string,
  slackUser: string,
): Promise<Refusal | Checked> {
  if (!isIncidentUrn(value)) return { kind: 'malformed', value };
  const identity = await deps.identity(slackUser);
  if (identity.kind !== 'known') return identity;
  const incident = await readIncidentFacts(deps.client, value);
  if (!incident) return { kind: 'not-found', urn: value };
  const actor = identity.actor;
  const entity = incident.entity;
  const datasetOwners = entity?.owners ?? [];
  const facts = { responder: (await deps.responders?.(slackUser)) ?? false };
  let verdict = authorize(deps.policy, actor, datasetOwners, facts);
  if (!verdict.allowed) {
    // only when the dataset's owners do not decide: the affected models' owners (a leak's own models, or every model below)
    const owners: OwnerRef[] = [...datasetOwners, ...(await affectedModelOwners(deps.client, incident))];
    verdict = authorize(deps.policy, actor, owners, facts);
  }
  if (!verdict.allowed)
    return {
      kind: 'refused',
      entity: entity?.name ?? incident.urn,
      owners: verdict.owners,
      admins: verdict.admins,
      ...(verdict.responders ? { responders: true } : {}),
    };
  deps.logger?.debug({ incident: incident.urn, user: actor.urn, as: verdict.as, via: verdict.via }, 'may act');
  return { kind: 'allowed', actor, incident };
}

async function affectedModelOwners(client: DataHubClient, incident: IncidentFacts): Promise<OwnerRef[]> {
  const leak = incident.key && detectorOfKey(incident.key) === 'target_leakage';
  const models =
    leak || incident.models.length
      ? incident.models
      : incident.entity?.urn.startsWith('urn:li:dataset:')
        ? ((await readDownstreamModels(client, [incident.entity.urn]))[incident.entity.urn] ?? []).map((m) => m.urn)
        : [];
  return models.length ? readModelOwners(client, models) : [];
}

export interface IncidentActionRequest {
  action: IncidentAction | IncidentControl;
  /** The priority or stage chosen in the menu. */
  choice?: string;
  /** The button's value: the incident urn (checked, never trusted). */
  value: string;
  slackUser: string;
  resolution?: { stage: Resolution; note: string };
  /** Shows the incident's status after the click on the clicked message, under the incident's lock. */
  show: (view: IncidentView) => Promise<void>;
}

/** Acknowledge, resolve or reopen an incident for a Slack user: at most one transition however many clicks at once. */
export async function actOnIncident(
  deps: IncidentActionDeps,
  req: IncidentActionRequest,
): Promise<IncidentActionOutcome> {
  const checked = await checkIncidentAction(deps, req.value, req.slackUser);
  if (checked.kind !== 'allowed') return checked;
  const { actor } = checked;
  const urn = checked.incident.urn;
  return deps.locks.run(urn, async () => {
    // read again under the lock: a second click sees what the first one wrote
    const current = (await readIncidentFacts(deps.client, urn)) ?? checked.incident;
    const decision = decideWrite(req, current, actor);
    const show = async (view: IncidentView) =>
      req.show(view).then(
        () => ({}),
        (err: unknown) => ({ showFailed: err instanceof Error ? err.message : String(err) }),
      );
    if (decision.kind === 'unchanged') {
      const view = { urn, title: current.title, status: current.status, people: current.people };
      return { kind: 'unchanged', already: decision.already, by: decision.by, view, ...(await show(view)) };
    }
    const { write } = decision;
    await writeIncident(deps.client, urn, write);
    deps.logger?.info(
      {
        incident: urn,
        action: req.action,
        user: actor.urn,
        state: write.status?.state,
        stage: write.status?.stage,
        priority: write.people?.priority,
        assignees: write.people?.assigneeUrns,
      },
      'incident changed from Slack',
    );
    const view: IncidentView = {
      urn,
      title: current.title,
      status: write.status ? { ...write.status, updatedAt: (deps.now ?? Date.now)(), updatedBy: null } : current.status,
      people: write.people ? peopleAfter(current.people, write.people, actor) : current.people,
    };
    return { kind: 'done', action: req.action, view, actor, ...(await show(view)) };
  });
}

type WriteDecision =
  | Extract<ReturnType<typeof decideTriage>, { kind: 'apply' }>
  | {
      kind: 'unchanged';
      already: Extract<IncidentActionOutcome, { kind: 'unchanged' }>['already'];
      by: string | null;
    };

/** A button's transition (Acknowledge also assigns the acknowledger), or a menu's change. */
function decideWrite(req: IncidentActionRequest, current: IncidentFacts, actor: Actor): WriteDecision {
  const { action } = req;
  if (action === 'assign' || action === 'priority' || action === 'stage')
    return decideTriage(action, current, actor, req.choice);
  const decision = decide(action, current.status, actor, req.resolution);
  if (decision.kind === 'unchanged') return decision;
  const write: IncidentWrite = { status: decision.input };
  if (action === 'ack') write.people = withAssignee(current.people, actor.urn);
  return { kind: 'apply', write };
}

/** The people after a write: the assignees' names as read, the actor's as known. */
const peopleAfter = (before: IncidentPeople, input: IncidentWrite['people'] & {}, actor: Actor): IncidentPeople => ({
  priority: input.priority,
  assignees: input.assigneeUrns.map(
    (urn) => before.assignees.find((a) => a.urn === urn) ?? { urn, name: urn === actor.urn ? actor.name : urn },
  ),
});
