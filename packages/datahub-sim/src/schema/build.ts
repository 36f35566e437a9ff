import fs from 'node:fs';
import {
  buildSchema,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { SimContext } from './context.js';
import { sdlUrl, type DataHubRelease } from '../release/releases.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Resolver = GraphQLFieldResolver<any, SimContext, any>;
/** Resolvers by GraphQL type, then field. Fields without one read the property of the same name. */
export type ResolverMap = Record<string, Record<string, Resolver>>;

/** Merges resolver maps; two maps resolving the same field is a programming error. */
export function mergeResolvers(maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      const into = (merged[type] ??= {});
      for (const [field, fn] of Object.entries(fields)) {
        if (into[field]) throw new Error(`two resolvers for ${type}.${field}`);
        into[field] = fn;
      }
    }
  }
  return merged;
}

let currentFields: Map<string, Set<string>> | undefined;
/** Whether the current release's SDL has `type.field`: a resolver for it may be left out of an older release. */
function inCurrentSdl(type: string, field: string): boolean {
  currentFields ??= new Map(
    Object.values(buildSchema(fs.readFileSync(sdlUrl('current'), 'utf8')).getTypeMap())
      .filter((t) => isObjectType(t) || isInterfaceType(t))
      .map((t) => [t.name, new Set(Object.keys(t.getFields()))]),
  );
  return currentFields.get(type)?.has(field) ?? false;
}

/**
 * Builds the simulator's executable schema: DataHub's SDL subset (of `release`, current by default) with resolvers
 * attached. A resolver for a field an older release does not have yet is left out; any other unknown field is an error.
 * Abstract types (the Entity interface, unions) resolve from the `__typename` every mapped object carries.
 */
export function buildSimSchema(resolvers: ResolverMap, release: DataHubRelease = 'current'): GraphQLSchema {
  const schema = buildSchema(fs.readFileSync(sdlUrl(release), 'utf8'));
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!type || !(isObjectType(type) || isInterfaceType(type))) {
      if (release !== 'current' && Object.keys(fields).every((f) => inCurrentSdl(typeName, f))) continue;
      throw new Error(`resolvers for unknown type ${typeName}`);
    }
    const defs = type.getFields();
    for (const [field, fn] of Object.entries(fields)) {
      const def = defs[field];
      if (!def && release !== 'current' && inCurrentSdl(typeName, field)) continue;
      if (!def) throw new Error(`resolver for unknown field ${typeName}.${field}`);
      def.resolve = fn;
    }
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInterfaceType(type) || isUnionType(type)) {
      type.resolveType = (value: { __typename?: string }) => value?.__typename;
    }
  }
  return schema;
}
