import type { SimContext } from '../schema/context.js';
import { editEntityOr } from './grants.js';
import { canEditAssertions, canEditIncidents, canEditProperties, canUpdateTags, isAuthorized } from './checks.js';

/**
 * The `privileges` field of an entity (EntityPrivilegesResolver.addCommonPrivileges at 63defa4c2d), for the checks
 * the simulator's schema keeps: what the token's user may do to this entity. Tags are asked with the wildcard tag.
 */
export function entityPrivileges(ctx: SimContext, urn: string): Record<string, boolean> {
  const owners = isAuthorized(ctx, editEntityOr('EDIT_ENTITY_OWNERS'), urn);
  const assertions = canEditAssertions(ctx, urn);
  return {
    canEditProperties: canEditProperties(ctx, urn),
    canEditTags: canUpdateTags(ctx, urn, null, 1),
    canEditLinks: isAuthorized(ctx, editEntityOr('EDIT_ENTITY_DOC_LINKS'), urn),
    canEditOwners: owners,
    canEditIncidents: canEditIncidents(ctx, urn),
    canEditAssertions: assertions,
    canEditAssertionOwners: owners || assertions,
  };
}
