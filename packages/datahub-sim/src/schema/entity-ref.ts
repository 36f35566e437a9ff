import { ENTITY_KINDS } from './entity-types.js';
import { entityTypeOf } from '../urn.js';

/**
 * The source object for any entity in a GraphQL result: its urn plus the `__typename` used to resolve the
 * `Entity` interface and unions. Every field is then resolved from the store by that urn.
 */
export interface EntityRef {
  __typename: string;
  urn: string;
}

export function entityRef(urn: string): EntityRef | null {
  const kind = ENTITY_KINDS[entityTypeOf(urn) ?? ''];
  return kind ? { __typename: kind.graphqlType, urn } : null;
}
