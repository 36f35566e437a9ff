import { ORPHAN_KINDS } from '../core/orphans.js';
import type { Actor } from '../core/incident-authorization.js';
import type { DataHubClient } from '../datahub/client.js';
import { addTechnicalOwner, readEntityOwners, removeOwner } from '../datahub/claim-ownership.js';
import type { Logger } from '../log.js';
import type { Identity } from './incident-identity.js';
import type { IncidentLocks } from './incident-lock.js';

export interface ClaimDeps {
  client: DataHubClient;
  /** Slack user → DataHub user (incident-identity.ts). */
  identity: (slackId: string) => Promise<Identity>;
  /** One claim at a time per entity (the incident buttons' locks, keyed `claim:<urn>`). */
  locks: IncidentLocks;
  /** Remove the departed (suspended) owners in the same click (`slack.claimRemovesDeparted`). */
  removeDeparted: boolean;
  logger: Logger;
}

export type ClaimOutcome =
  | { kind: 'claimed'; entity: { urn: string; name: string }; actor: Actor; removed: string[] }
  /** Someone still here owns it already (the first claim, or an owner added elsewhere): nothing written. */
  | { kind: 'already'; entity: { urn: string; name: string }; owners: string[] }
  | { kind: 'refused'; identity: Exclude<Identity, { kind: 'known' }> }
  | { kind: 'bad-value' }
  | { kind: 'gone'; urn: string };

const ENTITY_URN = new RegExp(`^urn:li:(${ORPHAN_KINDS.join('|')}):.+`);

/**
 * Claim ownership (`janus.owner.claim`): the clicker becomes a TECHNICAL_OWNER of the orphan in DataHub. Under a
 * lock per entity the owners are read again first: an owner still here means it was claimed already, and nothing is
 * written (ten clicks, or two people at once, give one `addOwner`). Anyone with an active DataHub account may claim.
 */
export async function claimOwnership(deps: ClaimDeps, value: string, slackUser: string): Promise<ClaimOutcome> {
  if (!ENTITY_URN.test(value)) return { kind: 'bad-value' };
  const who = await deps.identity(slackUser);
  if (who.kind !== 'known') return { kind: 'refused', identity: who };
  const actor = who.actor;
  return deps.locks.run(`claim:${value}`, async () => {
    const e = await readEntityOwners(deps.client, value);
    if (!e) return { kind: 'gone', urn: value };
    const entity = { urn: e.urn, name: e.name };
    const present = e.owners.filter((o) => !o.departed);
    if (present.length) return { kind: 'already', entity, owners: present.map((o) => o.name) };
    await addTechnicalOwner(deps.client, e.urn, actor.urn);
    const removed: string[] = [];
    if (deps.removeDeparted)
      for (const o of e.owners.filter((x) => x.departed && x.urn !== actor.urn)) {
        await removeOwner(deps.client, e.urn, o.urn);
        removed.push(o.urn);
      }
    deps.logger.info({ entity: e.urn, owner: actor.urn, removed }, 'ownership claimed from Slack');
    return { kind: 'claimed', entity, actor, removed };
  });
}
