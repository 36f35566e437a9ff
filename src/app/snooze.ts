import { authorize, type ActingPolicy } from '../core/incident-authorization.js';
import type { DataHubClient } from '../datahub/client.js';
import { readAlertRouting } from '../datahub/read-alert-routing.js';
import { resolveModelOrDataset, type EntityRef } from '../datahub/resolve-entity.js';
import type { Identity } from './incident-identity.js';

/** Where snoozes are kept (the Slack alerts' Redis store). */
export interface SnoozeStore {
  snooze(urn: string, entry: { until: number; by: string; name: string }): Promise<void>;
  unsnooze(urn: string): Promise<{ until: number; by: string; name: string } | undefined>;
}

export interface SnoozeDeps {
  client: DataHubClient;
  store: SnoozeStore;
  /**
   * Who may silence an entity: its owners in DataHub (directly or through a group) and the admins, as for acting on
   * incidents (`slack.actors`, `slack.admins`). Silencing another team's alerts is not anyone's to do.
   */
  access: { identity: (slackId: string) => Promise<Identity>; policy: ActingPolicy };
  now?: () => number;
}

export type SnoozeOutcome =
  | { outcome: 'snoozed'; entity: EntityRef; until: number }
  /** Argos cannot tell who the asker is in DataHub. */
  | { outcome: 'unknown'; entity: EntityRef; identity: Exclude<Identity, { kind: 'known' }> }
  /** The asker neither owns it nor is an admin: who may instead. */
  | { outcome: 'refused'; entity: EntityRef; owners: string[]; admins: boolean };

/**
 * `/janus snooze <model|dataset> <duration>`: no Slack alerts about it until then, if the asker may silence it.
 * Transitions are still recorded; when the snooze ends, an alert still open is posted once.
 */
export async function snoozeEntity(deps: SnoozeDeps, ref: string, ms: number, by: string): Promise<SnoozeOutcome> {
  const e = await resolveModelOrDataset(deps.client, ref);
  const identity = await deps.access.identity(by);
  if (identity.kind !== 'known') return { outcome: 'unknown', entity: e, identity };
  const owners = (await readAlertRouting(deps.client, [e.urn])).get(e.urn)?.owners ?? [];
  const may = authorize(deps.access.policy, identity.actor, owners);
  if (!may.allowed) return { outcome: 'refused', entity: e, owners: may.owners, admins: may.admins };
  const until = (deps.now ?? Date.now)() + ms;
  await deps.store.snooze(e.urn, { until, by, name: e.name });
  return { outcome: 'snoozed', entity: e, until };
}

/** `/janus unsnooze <model|dataset>`: alerts about it again (from the next cycle); whether it was snoozed. Anyone may. */
export async function unsnoozeEntity(
  deps: Pick<SnoozeDeps, 'client' | 'store' | 'now'>,
  ref: string,
): Promise<EntityRef & { was: boolean }> {
  const e = await resolveModelOrDataset(deps.client, ref);
  const was = await deps.store.unsnooze(e.urn);
  return { ...e, was: !!was && was.until > (deps.now ?? Date.now)() };
}
