import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import type { SimContext } from '../../schema/context.js';
import { entityRef } from '../../schema/entity-ref.js';
import { SimError } from '../../schema/errors.js';
import type { Resolver, ResolverMap } from '../../schema/build.js';
import { parseUrn } from '../../urn.js';
import { entityExists } from './aspects.js';
import { platformPrivileges } from '../../auth/platform-privileges.js';

/**
 * A urn GMS cannot parse fails the batch load (UrnUtils.getUrn inside the type's batchLoad): a 500 whose
 * message names the load and the cause (exact wording approximated).
 */
function requireUrn(urn: string, what: string): void {
  if (!parseUrn(urn)) {
    throw new SimError(
      'SERVER_ERROR',
      `Failed to ${what}. Root cause: Failed to convert urn string ${urn} into Urn object`,
    );
  }
}

/**
 * A typed lookup (`dataset(urn)`) always answers an object of that type for a well-formed urn, even
 * when nothing is stored (its `exists` is false). A urn of another entity type has no key aspect of the
 * requested type, so the key-derived fields come back null (see `keyParts`).
 */
const typedRoot =
  (graphqlType: string, plural: string): Resolver =>
  (_root, args: { urn: string }) => {
    requireUrn(args.urn, `batch load ${plural}`);
    return { __typename: graphqlType, urn: args.urn };
  };

function privilegeFields(info: GraphQLResolveInfo): string[] {
  const type = info.schema.getType('PlatformPrivileges');
  return type && isObjectType(type) ? Object.keys(type.getFields()) : [];
}

export const rootResolvers: ResolverMap = {
  Query: {
    dataset: typedRoot('Dataset', 'Datasets'),
    mlModel: typedRoot('MLModel', 'MLModels'),
    mlModelGroup: typedRoot('MLModelGroup', 'MLModelGroups'),
    mlFeature: typedRoot('MLFeature', 'MLFeatures'),
    mlFeatureTable: typedRoot('MLFeatureTable', 'MLFeatureTables'),
    mlPrimaryKey: typedRoot('MLPrimaryKey', 'MLPrimaryKeys'),
    dataJob: typedRoot('DataJob', 'DataJobs'),
    dataFlow: typedRoot('DataFlow', 'DataFlows'),
    corpUser: typedRoot('CorpUser', 'CorpUsers'),
    corpGroup: typedRoot('CorpGroup', 'CorpGroups'),
    tag: typedRoot('Tag', 'Tags'),
    structuredProperty: typedRoot('StructuredPropertyEntity', 'Structured Properties'),
    assertion: typedRoot('Assertion', 'Assertions'),
    entity: (_root, args: { urn: string }) => {
      requireUrn(args.urn, 'get entity');
      return entityRef(args.urn);
    },
    // BatchGetEntitiesResolver: urns of entity types the schema cannot represent are skipped.
    entities: (_root, args: { urns: string[]; checkForExistence?: boolean | null }, ctx: SimContext) => {
      for (const urn of args.urns) requireUrn(urn, 'batch get entities');
      const refs = args.urns.map(entityRef).filter((r) => r !== null);
      return args.checkForExistence ? refs.filter((r) => entityExists(ctx.store, r.urn)) : refs;
    },
    entityExists: (_root, args: { urn: string }, ctx: SimContext) => {
      requireUrn(args.urn, `check whether entity ${args.urn} exists`);
      return entityExists(ctx.store, args.urn);
    },
    // MeResolver: the token's user and what its policies grant on the platform (the default token: everything).
    me: (_root, _args, ctx: SimContext, info) => ({
      corpUser: { __typename: 'CorpUser', urn: ctx.actor },
      platformPrivileges: platformPrivileges(ctx.grants, privilegeFields(info)),
    }),
  },
};
