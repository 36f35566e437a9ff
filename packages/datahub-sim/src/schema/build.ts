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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Resolver = GraphQLFieldResolver<any, SimContext, any>;
/** Resolvers by GraphQL type, then field. Fields without one read the property of the same name. */
export type ResolverMap = Record<string, Record<string, Resolver>>;

const SDL_URL = new URL('./datahub.graphql', import.meta.url);

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

/**
 * Builds the simulator's executable schema: DataHub's SDL subset with resolvers attached. Abstract types
 * (the Entity interface, unions) resolve from the `__typename` every mapped object carries.
 */
export function buildSimSchema(resolvers: ResolverMap): GraphQLSchema {
  const schema = buildSchema(fs.readFileSync(SDL_URL, 'utf8'));
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!type || !(isObjectType(type) || isInterfaceType(type)))
      throw new Error(`resolvers for unknown type ${typeName}`);
    const defs = type.getFields();
    for (const [field, fn] of Object.entries(fields)) {
      const def = defs[field];
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
