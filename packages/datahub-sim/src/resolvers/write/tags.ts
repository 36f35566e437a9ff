import type { SimContext } from '../../schema/context.js';
import { authorize, canCreateTags, canUpdateTags } from '../../auth/checks.js';
import { SimError, badRequest } from '../../schema/errors.js';
import { entityTypeOf } from '../../urn.js';
import { auditStamp, compact, existsInDataHub, requireUrn } from './gms-rules.js';
import { validateLabel, validateResource, type ResourceRef } from './label-validation.js';
import { addOwnersToResource, systemOwnershipTypeUrn } from './ownership-aspect.js';
import { addTagsToResources, removeTagsFromResources } from './tag-aspects.js';

interface CreateTagInput {
  id?: string | null;
  name: string;
  description?: string | null;
}

interface TagAssociationInput extends ResourceRef {
  tagUrn: string;
}

interface AddTagsInput extends ResourceRef {
  tagUrns: string[];
}

interface BatchTagsInput {
  tagUrns: string[];
  resources: (ResourceRef | null)[];
}

const refOf = (input: ResourceRef): ResourceRef => ({
  resourceUrn: input.resourceUrn,
  subResourceType: input.subResourceType,
  subResource: input.subResource,
});

/**
 * CreateTagResolver: `urn:li:tag:<id>` (a random id when none is given), `tagProperties` written, and
 * the creator made a technical owner (OwnerUtils.addCreatorAsOwner; skipped silently when the actor is
 * not a user, as DataHub logs and ignores that failure).
 */
export function createTag(_: unknown, { input }: { input: CreateTagInput }, ctx: SimContext): string {
  authorize(ctx, canCreateTags(ctx));
  const urn = `urn:li:tag:${input.id ?? ctx.newId()}`;
  if (existsInDataHub(ctx.store, urn)) throw badRequest('This Tag already exists!');
  ctx.store.write(urn, 'tagProperties', compact({ name: input.name, description: input.description }));
  if (entityTypeOf(ctx.actor) === 'corpuser') {
    const type = 'TECHNICAL_OWNER';
    addOwnersToResource(
      ctx.store,
      urn,
      [{ ownerUrn: ctx.actor, type, typeUrn: systemOwnershipTypeUrn(type) }],
      auditStamp(ctx),
    );
  }
  return urn;
}

/** AddTagResolver: the privilege, then the tag (type and existence), then the resource, before the write. */
export function addTag(_: unknown, { input }: { input: TagAssociationInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  requireUrn(input.tagUrn);
  authorize(ctx, canUpdateTags(ctx, input.resourceUrn, input.subResource, 1));
  validateLabel(ctx, input.tagUrn, 'tag');
  validateResource(ctx, input);
  addTagsToResources(ctx.store, [input.tagUrn], [refOf(input)]);
  return true;
}

/**
 * AddTagsResolver: LabelUtils.validateResourceAndLabel runs once per tag (tag, then resource), so an
 * empty `tagUrns` validates nothing and still writes the (unchanged) aspect, as DataHub does.
 */
export function addTags(_: unknown, { input }: { input: AddTagsInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  input.tagUrns.forEach(requireUrn);
  authorize(ctx, canUpdateTags(ctx, input.resourceUrn, input.subResource, input.tagUrns.length));
  for (const tagUrn of input.tagUrns) {
    validateLabel(ctx, tagUrn, 'tag');
    validateResource(ctx, input);
  }
  addTagsToResources(ctx.store, input.tagUrns, [refOf(input)]);
  return true;
}

/**
 * BatchAddTagsResolver: every tag is validated, then each resource in turn (the privilege on it, then the
 * resource), so one resource refused fails the whole batch; then all resources are written.
 */
export function batchAddTags(_: unknown, { input }: { input: BatchTagsInput }, ctx: SimContext): boolean {
  for (const tagUrn of input.tagUrns) validateLabel(ctx, tagUrn, 'tag');
  // DataHub retries a single column target on the dataset's siblings; the simulator has no siblings.
  const refs = checkedRefs(ctx, input);
  addTagsToResources(ctx.store, input.tagUrns, refs);
  return true;
}

/** RemoveTagResolver: the privilege, then only the resource (the tag need not exist). */
export function removeTag(_: unknown, { input }: { input: TagAssociationInput }, ctx: SimContext): boolean {
  requireUrn(input.tagUrn);
  requireUrn(input.resourceUrn);
  authorize(ctx, canUpdateTags(ctx, input.resourceUrn, input.subResource, 1));
  validateResource(ctx, input);
  removeTagsFromResources(ctx.store, [input.tagUrn], [refOf(input)]);
  return true;
}

/** BatchRemoveTagsResolver: each resource is checked (privilege, then resource), then the tags are removed from each. */
export function batchRemoveTags(_: unknown, { input }: { input: BatchTagsInput }, ctx: SimContext): boolean {
  input.tagUrns.forEach(requireUrn);
  const refs = checkedRefs(ctx, input);
  removeTagsFromResources(ctx.store, input.tagUrns, refs);
  return true;
}

/**
 * The batch's resources, each checked in turn as `validateInputResource` does: the tag privilege on it, then the
 * resource itself. A null entry makes DataHub fail with a NullPointerException when the loop reaches it.
 */
function checkedRefs(ctx: SimContext, input: BatchTagsInput): ResourceRef[] {
  return input.resources.map((resource) => {
    if (resource === null) throw new SimError('SERVER_ERROR', 'An unknown error occurred.');
    const ref = refOf(resource);
    requireUrn(ref.resourceUrn);
    authorize(ctx, canUpdateTags(ctx, ref.resourceUrn, ref.subResource, input.tagUrns.length));
    validateResource(ctx, ref);
    return ref;
  });
}
