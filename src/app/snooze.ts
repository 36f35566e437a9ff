import { authorize, type ActingPolicy } from '../core/incident-authorization.js';
import type { DataHubClient } from '../datahub/client.js';
import { readAlertRouting } from '../datahub/read-alert-routing.js';
import { resolveModelOrDataset, type EntityRef } from '../datahub/resolve-entity.js';
import type { Identity } from './incident-identity.js';
import type { Responders } from './responders.js';

interface Snooze {
  until: number;
  /** Who snoozed it (Slack id). */
  by: string;
  name: string;
  kind?: 'model' | 'dataset';
}

/** Where snoozes are kept (the Slack alerts' Redis store). */
export interface SnoozeStore {
  snooze(urn: string, entry: Snooze): Promise<void>;
  unsnooze(urn: string): Promise<Snooze | undefined>;
  /** A snooze ended early, for the alert timers to announce where it was announced. */
  snoozeEnded(urn: string, entry: Snooze & { endedBy: string; at: number }): Promise<void>;
}

export interface SnoozeDeps {
  client: DataHubClient;
  store: SnoozeStore;
  /**
   * Who may silence an entity: its owners in DataHub (directly or through a group), the admins and the on-call
   * responders, as for acting on incidents (`slack.actors`, `slack.admins`, `slack.responders`). Silencing another team's alerts is not anyone's to do.
   */
  access: { identity: (slackId: string) => Promise<Identity>; policy: ActingPolicy; responders?: Responders };
  /**
   * Asks the alert timers to run now: they announce a new snooze (and an ended one) wherever its alerts would go,
   * and post what an ended one held back. Without it they do so at their next run.
   */
  changed?: () => Promise<void>;
  now?: () => number;
}

export type SnoozeOutcome =
  | { outcome: 'snoozed'; entity: EntityRef; until: number }
  /** Argos cannot tell who the asker is in DataHub. */
  | { outcome: 'unknown'; entity: EntityRef; identity: Exclude<Identity, { kind: 'known' }> }
  /** The asker neither owns it nor is an admin: who may instead. */
  | { outcome: 'refused'; entity: EntityRef; owners: string[]; admins: boolean; responders?: boolean };

/**
 * `/janus snooze <model|dataset> <duration>`: no Slack alerts about it until then, if the asker may silence it.
 * Transitions are still recorded; when the snooze ends, an alert still open is posted once.
 */
export async function snoozeEntity(deps: SnoozeDeps, ref: string, ms: number, by: string): Promise<SnoozeOutcome> {
  const e = await resolveModelOrDataset(deps.client, ref);
  const identity = await deps.access.identity(by);
  if (identity.kind !== 'known') return { outcome: 'unknown', entity: e, identity };
  const owners = (await readAlertRouting(deps.client, [e.urn])).get(e.urn)?.owners ?? [];
  const responder = (await deps.access.responders?.(by)) ?? false;
  const may = authorize(deps.access.policy, identity.actor, owners, { responder });
  if (!may.allowed) {
    const { owners: who, admins, responders } = may;
    return { outcome: 'refused', entity: e, owners: who, admins, ...(responders ? { responders } : {}) };
  }
  const until = (deps.now ?? Date.now)() + ms;
  await deps.store.snooze(e.urn, { until, by, name: e.name, kind: e.kind });
  await kick(deps);
  return { outcome: 'snoozed', entity: e, until };
}

/**
 * `/janus unsnooze <model|dataset>`: alerts about it again; whether it was snoozed, and by whom. Anyone may: it
 * silences nothing, and the announcement names who ended it wherever the snooze was announced.
 */
export async function unsnoozeEntity(
  deps: Pick<SnoozeDeps, 'client' | 'store' | 'now' | 'changed'>,
  ref: string,
  by: string,
): Promise<EntityRef & { was?: Snooze }> {
  const e = await resolveModelOrDataset(deps.client, ref);
  const was = await deps.store.unsnooze(e.urn);
  const now = (deps.now ?? Date.now)();
  if (!was || was.until <= now) return e;
  await deps.store.snoozeEnded(e.urn, { ...was, kind: was.kind ?? e.kind, endedBy: by, at: now });
  await kick(deps);
  return { ...e, was };
}

/** The timers asked to run now; if that fails, their next scheduled run does the same. */
const kick = (deps: Pick<SnoozeDeps, 'changed'>) => deps.changed?.().catch(() => undefined);
