import { getArgumentValues, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import type { Store } from '../../store/store.js';
import { bootstrapAspect, isBootstrapped } from './bootstrap.js';
import { obj, str, type Raw } from './raw.js';

/** A versioned aspect as GMS would return it: the stored value, else the one DataHub bootstraps. */
export function readAspect(store: Store, urn: string, aspectName: string): Raw | undefined {
  const stored = store.aspect<unknown>(urn, aspectName);
  return obj(stored) ?? bootstrapAspect(urn, aspectName);
}

/** DataHub's `exists`: the entity has aspects of its own (or DataHub created it at startup). */
export const entityExists = (store: Store, urn: string): boolean => store.exists(urn) || isBootstrapped(urn);

const OWNER = Symbol('ownerUrn');
type Owned = Raw & { [OWNER]?: string };

/**
 * Nested aspect types (`Ownership`, `GlobalTags`, `StructuredProperties`, ...) are resolved from the raw
 * aspect; their `associatedUrn` is the entity that holds the aspect. Parent resolvers bind it here.
 */
export const withOwner = (aspect: Raw, ownerUrn: string): Raw => ({ ...aspect, [OWNER]: ownerUrn });

/** The aspect's holder: bound by the parent field, else the urn the root field was called with. */
export function ownerOf(aspect: Raw, info: GraphQLResolveInfo): string {
  return (aspect as Owned)[OWNER] ?? rootTargetUrn(info) ?? '';
}

/**
 * For a raw aspect returned directly by a mutation (e.g. `upsertStructuredProperties` returns
 * `StructuredProperties!`), the holder is the urn named in the root field's arguments.
 */
function rootTargetUrn(info: GraphQLResolveInfo): string | undefined {
  let path = info.path;
  while (path.prev) path = path.prev;
  const node = info.operation.selectionSet.selections.find(
    (s): s is FieldNode => s.kind === 'Field' && (s.alias?.value ?? s.name.value) === path.key,
  );
  const rootType = info.operation.operation === 'mutation' ? info.schema.getMutationType() : info.schema.getQueryType();
  const def = node && rootType?.getFields()[node.name.value];
  if (!node || !def) return undefined;
  const args = getArgumentValues(def, node, info.variableValues);
  const input = obj(args.input);
  return str(input?.assetUrn) ?? str(input?.resourceUrn) ?? str(input?.entityUrn) ?? str(args.urn);
}
