import { UNAUTHORIZED_OWNERS, authorize, canUpdateOwners } from '../../auth/checks.js';
import { asserteeOf } from './assertions.js';
import type { SimContext } from '../../schema/context.js';
import { badRequest } from '../../schema/errors.js';
import { auditStamp, existsInDataHub, requireUrn } from './gms-rules.js';
import {
  addOwnersToResource,
  removeOwnerFromResource,
  systemOwnershipTypeUrn,
  type OwnerToAdd,
} from './ownership-aspect.js';

interface OwnerInput {
  ownerUrn: string;
  ownerEntityType: 'CORP_USER' | 'CORP_GROUP';
  type?: string | null;
  ownershipTypeUrn?: string | null;
}

interface AddOwnerInput extends OwnerInput {
  resourceUrn: string;
}

interface AddOwnersInput {
  owners: OwnerInput[];
  resourceUrn: string;
}

const PREFIX = 'Failed to change ownership for resource(s).';

/** OwnerUtils.validateOwner, in DataHub's order. */
function validateOwner(ctx: SimContext, owner: OwnerInput): void {
  const kind = requireUrn(owner.ownerUrn).entityType;
  if (owner.ownerEntityType === 'CORP_GROUP' && kind !== 'corpGroup') {
    throw badRequest(`${PREFIX} Expected a corp group urn, found ${owner.ownerUrn}`);
  }
  if (owner.ownerEntityType === 'CORP_USER' && kind !== 'corpuser') {
    throw badRequest(`${PREFIX} Expected a corp user urn, found ${owner.ownerUrn}.`);
  }
  if (!existsInDataHub(ctx.store, owner.ownerUrn)) {
    throw badRequest(`${PREFIX} Owner with urn ${owner.ownerUrn} does not exist.`);
  }
  if (owner.ownershipTypeUrn && !existsInDataHub(ctx.store, owner.ownershipTypeUrn)) {
    throw badRequest(`${PREFIX} Custom Ownership type with urn ${owner.ownershipTypeUrn} does not exist.`);
  }
  if (!owner.type && !owner.ownershipTypeUrn) {
    throw badRequest(`${PREFIX} Expected either type or ownershipTypeUrn to be specified.`);
  }
}

/** OwnerUtils.validateAddOwnerInput: the resource must exist, then the owner is validated. */
function validateAddOwnerInput(ctx: SimContext, owner: OwnerInput, resourceUrn: string): void {
  if (!existsInDataHub(ctx.store, resourceUrn)) {
    throw badRequest(`Failed to change ownership for resource ${resourceUrn}. Resource does not exist.`);
  }
  validateOwner(ctx, owner);
}

/** The deprecated type defaults to NONE; the type urn defaults to the system type of that enum. */
const toOwnerToAdd = (o: OwnerInput): OwnerToAdd => {
  const type = o.type ?? 'NONE';
  return { ownerUrn: o.ownerUrn, type, typeUrn: o.ownershipTypeUrn ?? systemOwnershipTypeUrn(type) };
};

/** OwnerUtils.validateAuthorizedToUpdateOwners, before any input is validated (Add/AddOwners/RemoveOwnerResolver). */
const checkOwnersPrivilege = (ctx: SimContext, resourceUrn: string) =>
  authorize(
    ctx,
    canUpdateOwners(ctx, resourceUrn, (urn) => asserteeOf(ctx, urn)),
    UNAUTHORIZED_OWNERS,
  );

/**
 * AddOwnerResolver. DataHub passes the owner urn where OwnerUtils expects the resource urn, so the
 * "resource exists" check is made on the owner and the resource itself is never checked: an owner can
 * be added to an entity that has no aspects yet (and the write then creates it). Reproduced as is.
 */
export function addOwner(_: unknown, { input }: { input: AddOwnerInput }, ctx: SimContext): boolean {
  requireUrn(input.ownerUrn);
  requireUrn(input.resourceUrn);
  checkOwnersPrivilege(ctx, input.resourceUrn);
  validateAddOwnerInput(ctx, input, input.ownerUrn);
  addOwnersToResource(ctx.store, input.resourceUrn, [toOwnerToAdd(input)], auditStamp(ctx));
  return true;
}

/** AddOwnersResolver: the resource must exist and every owner must be valid before anything is written. */
export function addOwners(_: unknown, { input }: { input: AddOwnersInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  checkOwnersPrivilege(ctx, input.resourceUrn);
  for (const owner of input.owners) validateAddOwnerInput(ctx, owner, input.resourceUrn);
  addOwnersToResource(ctx.store, input.resourceUrn, input.owners.map(toOwnerToAdd), auditStamp(ctx));
  return true;
}

interface RemoveOwnerInput {
  ownerUrn: string;
  ownershipTypeUrn?: string | null;
  resourceUrn: string;
}

/** RemoveOwnerResolver: the resource must exist; the owner's entries (of the type, or all) are removed. */
export function removeOwner(_: unknown, { input }: { input: RemoveOwnerInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  requireUrn(input.ownerUrn);
  checkOwnersPrivilege(ctx, input.resourceUrn);
  if (!existsInDataHub(ctx.store, input.resourceUrn)) {
    throw badRequest(`Failed to change ownership for resource ${input.resourceUrn}. Resource does not exist.`);
  }
  removeOwnerFromResource(ctx.store, input.resourceUrn, input.ownerUrn, input.ownershipTypeUrn, auditStamp(ctx));
  return true;
}
