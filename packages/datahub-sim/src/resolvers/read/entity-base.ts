import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { Resolver } from '../../schema/build.js';
import type { Store } from '../../store/store.js';
import { DEFAULT_RUN_ID } from '../../store/system-metadata.js';
import { parseUrn } from '../../urn.js';
import { entityExists, readAspect, withOwner } from './aspects.js';
import { deprecationOut, statusOut } from './mappers.js';
import type { Raw } from './raw.js';

/** Reads an aspect of the entity a resolver is on. */
export const aspectOf = (ctx: SimContext, source: EntityRef, aspectName: string): Raw | undefined =>
  readAspect(ctx.store, source.urn, aspectName);

/**
 * The urn's key parts when the urn is of `urnType`. A typed lookup on a urn of another type (e.g.
 * `dataset(urn: <mlModel urn>)`) finds no key aspect of the requested type, so key-derived fields are null.
 */
export function keyParts(urn: string, urnType: string): string[] | undefined {
  const p = parseUrn(urn);
  return p && p.entityType === urnType ? p.parts : undefined;
}

export const platformRef = (urn: string | undefined) => (urn ? { __typename: 'DataPlatform', urn } : null);

/**
 * `type` is fixed per GraphQL type (the mapper sets it); `exists` asks the store (EntityExistsResolver),
 * on the types whose SDL has it.
 */
export function baseFields(entityType: string, hasExists = true): Record<string, Resolver> {
  const type: Resolver = () => entityType;
  if (!hasExists) return { type };
  return { type, exists: (s: EntityRef, _a, ctx: SimContext) => entityExists(ctx.store, s.urn) };
}

/** A nested aspect type field: the raw aspect bound to its holder, or null. */
export const nestedAspect =
  (aspectName: string): Resolver =>
  (s: EntityRef, _a, ctx: SimContext) => {
    const raw = aspectOf(ctx, s, aspectName);
    return raw ? withOwner(raw, s.urn) : null;
  };

/**
 * SystemMetadataUtils.getLastIngestedTime: the newest `lastObserved` among aspects written by a real
 * ingestion run (lastRunId, else runId, other than DEFAULT_RUN_ID); null for entities no run wrote.
 */
export function lastIngested(store: Store, urn: string): number | null {
  let newest: number | null = null;
  for (const m of store.get(urn)?.systemMetadata.values() ?? []) {
    const real = (m.lastRunId !== undefined && m.lastRunId !== DEFAULT_RUN_ID) || m.runId !== DEFAULT_RUN_ID;
    if (real && (newest === null || m.lastObserved > newest)) newest = m.lastObserved;
  }
  return newest;
}

/** Field resolvers most entity types share; each type picks the ones its SDL declares. */
export const commonFields: Record<string, Resolver> = {
  ownership: nestedAspect('ownership'),
  tags: nestedAspect('globalTags'),
  glossaryTerms: nestedAspect('glossaryTerms'),
  institutionalMemory: nestedAspect('institutionalMemory'),
  structuredProperties: nestedAspect('structuredProperties'),
  status: (s: EntityRef, _a, ctx: SimContext) => statusOut(aspectOf(ctx, s, 'status')),
  deprecation: (s: EntityRef, _a, ctx: SimContext) => deprecationOut(aspectOf(ctx, s, 'deprecation')),
  lastIngested: (s: EntityRef, _a, ctx: SimContext) => lastIngested(ctx.store, s.urn),
};

export function pick(names: string[]): Record<string, Resolver> {
  return Object.fromEntries(
    names.map((n) => {
      const fn = commonFields[n];
      if (!fn) throw new Error(`no common field ${n}`);
      return [n, fn];
    }),
  );
}
