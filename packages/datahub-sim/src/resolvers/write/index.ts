import type { SimContext } from '../../schema/context.js';
import type { Resolver, ResolverMap } from '../../schema/build.js';
import { reportAssertionResult, upsertCustomAssertion } from './assertions.js';
import { raiseIncident, updateIncident, updateIncidentStatus } from './incidents.js';
import { addLink, removeLink, upsertLink } from './links.js';
import { reportOperation } from './operations.js';
import { addOwner, addOwners, removeOwner } from './owners.js';
import { removeStructuredProperties } from './structured-properties-remove.js';
import { upsertStructuredProperties } from './structured-properties-upsert.js';
import { createStructuredProperty } from './structured-property-create.js';
import { addTag, addTags, batchAddTags, batchRemoveTags, createTag, removeTag } from './tags.js';

/**
 * Every `Mutation` field, with the semantics of DataHub's GraphQL resolvers: each validates as DataHub
 * does, writes the aspect DataHub's resolver writes (stamped with `ctx.now()` and `ctx.actor`), and
 * returns what DataHub returns (entities as refs, aspect-typed results as the raw stored aspect).
 */
const resolvers: Record<string, Resolver> = {
  raiseIncident,
  updateIncidentStatus,
  updateIncident,
  createTag,
  addTag,
  addTags,
  batchAddTags,
  removeTag,
  batchRemoveTags,
  addOwner,
  removeOwner,
  addOwners,
  addLink,
  upsertLink,
  removeLink,
  createStructuredProperty,
  upsertStructuredProperties,
  removeStructuredProperties,
  upsertCustomAssertion,
  reportAssertionResult,
  reportOperation,
};

/** Each resolver, after the write failures planted for its field (`/__sim/write-faults`). */
const withFaults =
  (field: string, resolve: Resolver): Resolver =>
  (source, args, ctx: SimContext, info) => {
    ctx.writeFaults?.trip(field, args);
    return resolve(source, args, ctx, info);
  };

export const mutationResolvers: ResolverMap = {
  Mutation: Object.fromEntries(
    Object.entries(resolvers).map(([field, resolve]) => [field, withFaults(field, resolve)]),
  ),
};
