import { entityRef, type EntityRef } from '../../../schema/entity-ref.js';

/** GraphQL shapes shared by the graph resolvers. */

/** `EntityPath {path: [Entity]!}`: urns the simulator cannot type (queries, ...) are left out of the route. */
export function entityPaths(
  paths: readonly string[][],
  ref: (urn: string) => EntityRef | null = entityRef,
): { path: EntityRef[] }[] {
  return paths.map((route) => ({ path: route.map((urn) => ref(urn)).filter((e): e is EntityRef => e !== null) }));
}

export const refs = (urns: readonly string[]): EntityRef[] =>
  urns.map(entityRef).filter((e): e is EntityRef => e !== null);

/** An optional Int argument with the resolver's default (absent or null). */
export const intArg = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/** `ConfigUtils.applyLimit`: page sizes above the 10,000 maximum fall back to the 5,000 API default. */
export const applyLimit = (count: number): number => (count > 10_000 ? 5_000 : count);

/** Newest first by a timestamp (missing last), then by urn: GMS's sort with its urn tie-breaker. */
export function newestFirst<T extends { urn: string; time: number | undefined }>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.time !== b.time) {
      if (a.time === undefined) return 1;
      if (b.time === undefined) return -1;
      return b.time - a.time;
    }
    return a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0;
  });
}
