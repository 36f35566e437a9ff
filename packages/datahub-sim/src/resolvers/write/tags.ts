import type { SimContext } from '../../schema/context.js';
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

/** AddTagResolver: the tag (type and existence), then the resource, are validated before the write. */
export function addTag(_: unknown, { input }: { input: TagAssociationInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
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
  for (const tagUrn of input.tagUrns) {
    validateLabel(ctx, tagUrn, 'tag');
    validateResource(ctx, input);
  }
  addTagsToResources(ctx.store, input.tagUrns, [refOf(input)]);
  return true;
}

/** BatchAddTagsResolver: every tag, then every resource, is validated; then all resources are written. */
export function batchAddTags(_: unknown, { input }: { input: BatchTagsInput }, ctx: SimContext): boolean {
  for (const tagUrn of input.tagUrns) validateLabel(ctx, tagUrn, 'tag');
  const refs = presentRefs(input.resources);
  // DataHub retries a single column target on the dataset's siblings; the simulator has no siblings.
  refs.forEach((ref) => validateResource(ctx, ref));
  addTagsToResources(ctx.store, input.tagUrns, refs);
  return true;
}

/** RemoveTagResolver: removal validates only the resource (the tag need not exist). */
export function removeTag(_: unknown, { input }: { input: TagAssociationInput }, ctx: SimContext): boolean {
  requireUrn(input.tagUrn);
  validateResource(ctx, input);
  removeTagsFromResources(ctx.store, [input.tagUrn], [refOf(input)]);
  return true;
}

/** BatchRemoveTagsResolver: every resource is validated, then the tags are removed from each. */
export function batchRemoveTags(_: unknown, { input }: { input: BatchTagsInput }, ctx: SimContext): boolean {
  const refs = presentRefs(input.resources);
  refs.forEach((ref) => validateResource(ctx, ref));
  removeTagsFromResources(ctx.store, input.tagUrns, refs);
  return true;
}

/** A null entry in `resources` makes DataHub fail with a NullPointerException. */
function presentRefs(resources: (ResourceRef | null)[]): ResourceRef[] {
  if (resources.some((r) => r === null)) throw new SimError('SERVER_ERROR', 'An unknown error occurred.');
  return (resources as ResourceRef[]).map(refOf);
}
