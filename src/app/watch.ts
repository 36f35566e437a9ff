import type { DataHubClient } from '../datahub/client.js';
import { resolveModelOrDataset, type EntityRef } from '../datahub/resolve-entity.js';
import type { Identity } from './incident-identity.js';

/** Where watches are kept (`jobs/watch-store.ts`, in Redis with the alerts). */
export interface WatchKeeper {
  watch(
    user: string,
    w: EntityRef & { since: number },
    who: { email?: string; datahub?: string },
    now: number,
  ): Promise<boolean>;
  unwatch(user: string, urn: string): Promise<boolean>;
  watching(user: string): Promise<(EntityRef & { since: number })[]>;
}

export interface WatchDeps {
  client: DataHubClient;
  store: WatchKeeper;
  /** Slack user → DataHub user (`createIdentity`): a suspended DataHub user may not watch. */
  identity: (slackId: string) => Promise<Identity>;
  now?: () => number;
}

export type WatchOutcome =
  | { kind: 'watching'; entity: EntityRef; added: boolean; identity: Identity['kind'] }
  | { kind: 'inactive'; entity: EntityRef; name: string };

/**
 * `/janus watch <model|dataset>`: anyone may follow an entity they do not own; its alerts come to them as direct
 * messages. A person DataHub knows is remembered as that DataHub user, so their watches lapse when they leave.
 */
export async function watchEntity(deps: WatchDeps, ref: string, slackUser: string): Promise<WatchOutcome> {
  const entity = await resolveModelOrDataset(deps.client, ref);
  const id = await deps.identity(slackUser);
  if (id.kind === 'inactive') return { kind: 'inactive', entity, name: id.name };
  const who =
    id.kind === 'known'
      ? { email: id.actor.email, datahub: id.actor.urn }
      : id.kind === 'no-account'
        ? { email: id.email }
        : {};
  const now = (deps.now ?? Date.now)();
  const added = await deps.store.watch(slackUser, { ...entity, since: now }, who, now);
  return { kind: 'watching', entity, added, identity: id.kind };
}

/** `/janus unwatch <model|dataset>`: whether it was watched. A urn is taken as it is (DataHub may have dropped it). */
export async function unwatchEntity(
  deps: Pick<WatchDeps, 'client' | 'store'>,
  ref: string,
  slackUser: string,
): Promise<{ entity: EntityRef; was: boolean }> {
  const mine = await deps.store.watching(slackUser);
  const known = mine.find((w) => w.urn === ref || w.name === ref);
  const entity = known ?? (await resolveModelOrDataset(deps.client, ref));
  return { entity, was: await deps.store.unwatch(slackUser, entity.urn) };
}
