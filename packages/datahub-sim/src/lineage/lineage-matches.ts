import { ENTITY_KINDS } from '../schema/entity-types.js';
import { urnTypeOf } from '../store/aspect-values.js';
import type { FacetFilter } from './lineage-filters.js';

/** One result of lineage search, before it is shaped for GraphQL. */
export interface LineageRow {
  urn: string;
  degree: number;
  /** Absent on the lightning path, which reports only degree and paths. */
  degrees: number[] | null;
  paths: string[][];
  explored: boolean;
  truncatedChildren: boolean;
  ignoredAsHop: boolean;
}

/** Lineage search's answer: how many matches, and the rows of any range of them, in result order. */
export interface LineageMatches {
  path: 'LIGHTNING' | 'TORTOISE';
  total: number;
  /** The rows at positions [from, from + size), as `Array.prototype.slice` counts them. */
  slice(from: number, size: number): LineageRow[];
}

/** What lineage search keeps of the walked relationships, from its input. */
export interface Selection {
  /** Equal for equal selections (the inputs below, as given). */
  key: string;
  foldColumns: boolean;
  /** Urn types to return, or null for every type but query. */
  types: Set<string> | null;
  degreeOk: ((degree: number) => boolean) | null;
  /** The or-filters without their degree criteria. */
  branches: FacetFilter[][];
  query: string;
  /** Whether more than LIGHTNING_THRESHOLD relationships are served from the graph alone. */
  mayLightning: boolean;
  /**
   * `searchFlags.includeSoftDeleted`: the entity index's answer (the tortoise path) keeps soft-deleted entities
   * (ESUtils.filterSoftDeletedAndHiddenStages adds `removed != true` only when it is false, its default).
   */
  includeSoftDeleted: boolean;
}

/** Whether the entity index returns the urn: it exists, and is live unless soft-deleted entities were asked for. */
export const indexed = (index: { exists(urn: string): boolean; isLive(urn: string): boolean }, selection: Selection) =>
  selection.includeSoftDeleted ? (urn: string) => index.exists(urn) : (urn: string) => index.isLive(urn);

export const LIGHTNING_THRESHOLD = 300;

export const keepsType = (selection: Selection, type: string): boolean =>
  selection.types === null ? type !== 'query' : selection.types.has(type);

/** Whether the simulator can return the urn as a GraphQL entity (`entity: Entity!`). */
export const servable = (urn: string): boolean => !!ENTITY_KINDS[urnTypeOf(urn) ?? ''];

/** Matches held as rows. */
export function listedMatches(path: LineageMatches['path'], rows: LineageRow[]): LineageMatches {
  return { path, total: rows.length, slice: (from, size) => rows.slice(from, from + size) };
}

/**
 * A `*` query scores every entity alike, so GMS's order falls to its tie-breakers; the simulator keeps
 * results by degree, then urn (a stable order; real GMS ranks by score, then urn).
 */
export const byDegreeThenUrn = (a: { degree: number; urn: string }, b: { degree: number; urn: string }): number =>
  a.degree - b.degree || (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0);
