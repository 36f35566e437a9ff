// The privilege checks of DataHub's GraphQL mutations (datahub-graphql-core at 63defa4c2d): each is the
// DisjunctivePrivilegeGroup its resolver or util builds, on the resource it builds it on.
import type { SimContext } from '../schema/context.js';
import { SimError } from '../schema/errors.js';
import { entityTypeOf } from '../urn.js';
import { editEntityOr, satisfies, type Requirement } from './grants.js';

/** The AuthorizationException text most resolvers throw (403, `UNAUTHORIZED`). */
export const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

export const isAuthorized = (ctx: SimContext, requirement: Requirement, resourceUrn?: string): boolean =>
  satisfies(ctx.grants, requirement, resourceUrn);

/** Throws DataHub's AuthorizationException (403) when the check fails. */
export function authorize(ctx: SimContext, allowed: boolean, message = UNAUTHORIZED): void {
  if (!allowed) throw new SimError('UNAUTHORIZED', message);
}

/** IncidentUtils / RaiseIncidentResolver / UpdateIncidentStatusResolver: on the incident's entity. */
export const canEditIncidents = (ctx: SimContext, resourceUrn: string) =>
  isAuthorized(ctx, editEntityOr('EDIT_ENTITY_INCIDENTS'), resourceUrn);

/**
 * LabelUtils.isAuthorizedToUpdateTags → AuthUtil.isAuthorizedForTagModification: no tag asks nothing; else
 * EDIT_ENTITY or the tag privilege on the target (EDIT_DATASET_COL_TAGS for a dataset's column). Policies that
 * restrict which tags (the tags are the check's sub-resources) are not simulated.
 */
export function canUpdateTags(
  ctx: SimContext,
  targetUrn: string,
  subResource: string | null | undefined,
  tags: number,
) {
  if (tags === 0) return true;
  const column = !!subResource && entityTypeOf(targetUrn) === 'dataset';
  return isAuthorized(ctx, editEntityOr(column ? 'EDIT_DATASET_COL_TAGS' : 'EDIT_ENTITY_TAGS'), targetUrn);
}

/** AuthorizationUtils.canCreateTags: a platform check. */
export const canCreateTags = (ctx: SimContext) => isAuthorized(ctx, [['CREATE_TAGS'], ['MANAGE_TAGS']]);

/**
 * AuthorizationUtils.canManageStructuredProperties: MANAGE on the structuredProperty entity type (AuthUtil: UPDATE
 * and DELETE of PoliciesConfig's structuredProperty map, conjoined), with no urn.
 */
export const MANAGE_STRUCTURED_PROPERTIES: Requirement = [
  ['EDIT_ENTITY', 'DELETE_ENTITY'],
  ['EDIT_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'],
  ['MANAGE_STRUCTURED_PROPERTIES', 'DELETE_ENTITY'],
  ['MANAGE_STRUCTURED_PROPERTIES'],
];
export const canManageStructuredProperties = (ctx: SimContext) => isAuthorized(ctx, MANAGE_STRUCTURED_PROPERTIES);

/** AuthorizationUtils.canEditProperties (structured properties of an asset). */
export const canEditProperties = (ctx: SimContext, assetUrn: string) =>
  isAuthorized(ctx, editEntityOr('EDIT_ENTITY_PROPERTIES'), assetUrn);

/** AssertionUtils.isAuthorizedToEditAssertionFromAssertee: on the asserted entity, not the assertion. */
export const canEditAssertions = (ctx: SimContext, asserteeUrn: string) =>
  isAuthorized(ctx, editEntityOr('EDIT_ENTITY_ASSERTIONS'), asserteeUrn);

/** ReportOperationResolver. */
export const canReportOperation = (ctx: SimContext, urn: string) =>
  isAuthorized(ctx, editEntityOr('EDIT_ENTITY_OPERATIONS'), urn);

/**
 * GlossaryUtils.canUpdateGlossaryEntity, as far as the simulator keeps glossaries: MANAGE_GLOSSARIES for a term or
 * node (MANAGE_GLOSSARY_CHILDREN on a parent node is not simulated).
 */
const canManageGlossaryEntity = (ctx: SimContext, urn: string) =>
  ['glossaryTerm', 'glossaryNode'].includes(entityTypeOf(urn) ?? '') && isAuthorized(ctx, [['MANAGE_GLOSSARIES']]);

/** LinkUtils.isAuthorizedToUpdateLinks, or a glossary entity's manager (Add/Upsert/RemoveLinkResolver). */
export const canUpdateLinks = (ctx: SimContext, urn: string) =>
  isAuthorized(ctx, editEntityOr('EDIT_ENTITY_DOC_LINKS'), urn) || canManageGlossaryEntity(ctx, urn);

/** OwnerUtils.validateAuthorizedToUpdateOwners' own message. */
export const UNAUTHORIZED_OWNERS = 'Unauthorized to update owners. Please contact your DataHub administrator.';

/**
 * OwnerUtils.validateAuthorizedToUpdateOwners: a glossary entity's manager, EDIT_ENTITY_OWNERS on the resource, or,
 * for an assertion, the owners' or assertions' privilege on the entity it asserts (`assertee`).
 */
export function canUpdateOwners(ctx: SimContext, urn: string, assertee?: (assertionUrn: string) => string | undefined) {
  const owners = (u: string) => isAuthorized(ctx, editEntityOr('EDIT_ENTITY_OWNERS'), u);
  if (canManageGlossaryEntity(ctx, urn) || owners(urn)) return true;
  const asserted = entityTypeOf(urn) === 'assertion' ? assertee?.(urn) : undefined;
  return !!asserted && (owners(asserted) || canEditAssertions(ctx, asserted));
}
