import { z } from 'zod';
import type { Owner } from '../core/graph.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { toOwners } from './map-entity.js';
import { defineOperation } from './operation.js';
import { ownershipSchema } from './queries/response-pieces.js';
import { defineBatchOperation } from './batch-operation.js';
import { namingPrivilege } from './privileges.js';

/** DataHub's system ownership type a claim from Slack gives the clicker. */
export const TECHNICAL_OWNER = 'urn:li:ownershipType:__system__technical_owner';

const entityOwners = z.object({
  entity: z
    .object({
      urn: z.string(),
      type: z.string(),
      name: z.string().nullish(),
      properties: z.object({ name: z.string().nullish() }).nullish(),
      ownership: ownershipSchema,
    })
    .nullish(),
});
const entityOwnersOp = defineOperation<{ urn: string }, z.infer<typeof entityOwners>>('entity-owners', entityOwners);
type OwnerInput = {
  input: { ownerUrn: string; resourceUrn: string; ownerEntityType?: string; ownershipTypeUrn?: string };
};
// repeat-safe in DataHub: re-adding the same owner and type replaces the entry; removing an absent owner is a no-op
const addOwnerOp = defineBatchOperation<OwnerInput, unknown>('write/add-owner', z.boolean().nullish(), {
  idempotent: true,
});
const removeOwnerOp = defineBatchOperation<OwnerInput, unknown>('write/remove-owner', z.boolean().nullish(), {
  idempotent: true,
});

/** An entity's name and owners as DataHub holds them now; undefined when DataHub has no such entity. */
export async function readEntityOwners(
  client: DataHubClient,
  urn: string,
): Promise<{ urn: string; name: string; owners: Owner[] } | undefined> {
  const { entity: e } = await client.request(entityOwnersOp, { urn });
  if (!e) return undefined;
  return { urn: e.urn, name: e.properties?.name ?? e.name ?? shortName(e.urn), owners: toOwners(e.ownership) };
}

async function write(client: DataHubClient, op: typeof addOwnerOp, input: OwnerInput['input']): Promise<void> {
  const [answer] = await client.requestEach(op, [{ input }]);
  if (answer?.status === 'failed') throw namingPrivilege(answer.error, 'claimOwnership');
  if (answer?.status !== 'landed') throw new Error(`DataHub did not run ${op.field} on ${input.resourceUrn}`);
}

/** `addOwner`: the user becomes a TECHNICAL_OWNER of the entity. */
export const addTechnicalOwner = (client: DataHubClient, resourceUrn: string, userUrn: string) =>
  write(client, addOwnerOp, {
    ownerUrn: userUrn,
    ownerEntityType: 'CORP_USER',
    ownershipTypeUrn: TECHNICAL_OWNER,
    resourceUrn,
  });

/** `removeOwner` of every ownership type the owner holds on the entity. */
export const removeOwner = (client: DataHubClient, resourceUrn: string, ownerUrn: string) =>
  write(client, removeOwnerOp, { ownerUrn, resourceUrn });
