import { badRequest } from '../schema/errors.js';
import { parseSchemaFieldUrn, parseUrn } from '../urn.js';
import { urnTypeOf } from '../store/aspect-values.js';
import { queryMatcher, urnTypeOfEntityType } from './entity-facts.js';
import type { GraphIndex } from './graph-index.js';
import {
  degreePredicate,
  maxHopsOf,
  onlyLightningFields,
  passesFilters,
  withoutDegree,
  type AndFilter,
  type FacetFilter,
} from './lineage-filters.js';
import {
  byDegreeThenUrn,
  indexed,
  keepsType,
  LIGHTNING_THRESHOLD,
  listedMatches,
  servable,
  type LineageMatches,
  type LineageRow,
  type Selection,
} from './lineage-matches.js';
import { reachMatches } from './lineage-reach-matches.js';
import type { LineageDirection } from './lineage-registry.js';
import { timeWindowOf } from './lineage-time-window.js';
import type { LineageHit } from './lineage-hit.js';
import { walkLineage, type IgnoreAsHop, type WalkOptions } from './lineage-walk.js';

/** The inputs of searchAcrossLineage / scrollAcrossLineage that shape the walk and the result set. */
export interface LineageSearchInput {
  urn?: string | null;
  direction: LineageDirection;
  types?: string[] | null;
  query?: string | null;
  orFilters?: AndFilter[] | null;
  /** Deprecated `filters` of searchAcrossLineage: one and-branch. */
  filters?: FacetFilter[] | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  searchFlags?: {
    skipCache?: boolean | null;
    includeSoftDeleted?: boolean | null;
    groupingSpec?: {
      groupingCriteria?: { baseEntityType?: string | null; groupingEntityType: string }[] | null;
    } | null;
  } | null;
  lineageFlags?: {
    entitiesExploredPerHopLimit?: number | null;
    startTimeMillis?: number | null;
    endTimeMillis?: number | null;
    ignoreAsHops?: { entityType: string; platforms?: string[] | null }[] | null;
  } | null;
  sortInput?: unknown;
}

export type { LineageMatches, LineageRow } from './lineage-matches.js';

/** GMS configuration defaults that shape lineage search. */
const IMPACT_MAX_HOPS = 1000;
const VISUALIZATION_MAX_HOPS = 20;
const IMPACT_MAX_RELATIONS = 40_000;
/** SearchUtils.SEARCHABLE_ENTITY_TYPES: scrollAcrossLineage's types when none are given. */
const SCROLL_DEFAULT_TYPES = [
  'DATASET',
  'DASHBOARD',
  'CHART',
  'MLMODEL',
  'MLMODEL_GROUP',
  'MLFEATURE_TABLE',
  'MLFEATURE',
  'MLPRIMARY_KEY',
  'DATA_FLOW',
  'DATA_JOB',
  'GLOSSARY_TERM',
  'GLOSSARY_NODE',
  'TAG',
  'ROLE',
  'CORP_USER',
  'CORP_GROUP',
  'CONTAINER',
  'DOMAIN',
  'DATA_PRODUCT',
  'NOTEBOOK',
  'BUSINESS_ATTRIBUTE',
  'SCHEMA_FIELD',
  'DATA_PLATFORM_INSTANCE',
];

/**
 * LineageSearchService: walk the lineage graph from `urn`, fold columns into datasets unless the grouping
 * spec keeps them, keep the requested types and degrees, then answer either from the graph alone
 * ("lightning", for large `*` results) or through the entity index ("tortoise": live entities, or every one that
 * exists with `searchFlags.includeSoftDeleted`; query text and facet filters). The walk itself goes through
 * soft-deleted entities: GMS drops their edges only with ELASTICSEARCH_SEARCH_GRAPH_STATUS_ENABLED (default false),
 * and then not when `includeSoftDeleted` is set (GraphQueryUtils.applyExcludeSoftDelete). Rows come back in degree order, then by urn. A plain impact walk is answered from the
 * graph's cached reach of the start (computed once per lineage version), anything else by the level-order walk.
 */
export function findLineage(
  index: GraphIndex,
  input: LineageSearchInput,
  mode: 'search' | 'scroll',
  now: number,
): LineageMatches {
  return find(index, input, mode, now, true);
}

/** findLineage by the level-order walk alone, never a reach: the reference the reach's answers must equal. */
export function findLineageByWalk(
  index: GraphIndex,
  input: LineageSearchInput,
  mode: 'search' | 'scroll',
  now: number,
): LineageMatches {
  return find(index, input, mode, now, false);
}

function find(
  index: GraphIndex,
  input: LineageSearchInput,
  mode: 'search' | 'scroll',
  now: number,
  useReach: boolean,
): LineageMatches {
  const start = input.urn ?? '';
  if (!parseUrn(start)) throw badRequest(`Failed to convert urn string ${input.urn ?? 'null'} into Urn object`);
  const opts = walkOptions(input, mode, now);
  const foldColumns = groupsColumnsIntoDatasets(input.searchFlags);
  const reach = useReach && isPlainWalk(opts) ? index.reaches.get(start, opts) : undefined;
  if (reach && !(foldColumns && reach.hasColumns))
    return reachMatches(index, reach, selectionOf(input, mode, foldColumns));
  return hitMatches(index, walkLineage(index, start, opts).hits, selectionOf(input, mode, foldColumns));
}

function selectionOf(input: LineageSearchInput, mode: 'search' | 'scroll', foldColumns: boolean): Selection {
  // ResolverUtils.buildFilter: `orFilters` when given, else the deprecated `filters` as one and-branch.
  const orFilters = input.orFilters?.length ? input.orFilters : input.filters?.length ? [{ and: input.filters }] : [];
  const branches = withoutDegree(orFilters);
  const query = input.query?.trim() ? input.query.trim() : '*';
  const types = resultTypes(input.types, mode);
  const includeSoftDeleted = input.searchFlags?.includeSoftDeleted === true;
  return {
    key: JSON.stringify([
      foldColumns,
      types && [...types],
      orFilters,
      query,
      mode,
      input.sortInput ?? null,
      includeSoftDeleted,
    ]),
    includeSoftDeleted,
    foldColumns,
    types,
    degreeOk: degreePredicate(orFilters),
    branches,
    query,
    mayLightning: mode === 'search' && query === '*' && onlyLightningFields(branches) && !input.sortInput,
  };
}

/** Lineage search over the walk's hits, folding columns and merging what the fold makes equal. */
function hitMatches(index: GraphIndex, hits: LineageHit[], selection: Selection): LineageMatches {
  const relationships = hits.map((h) => (selection.foldColumns ? folded(h) : h));
  const { degreeOk, branches, query } = selection;
  const kept = relationships.filter(
    (h) => keepsType(selection, urnTypeOf(h.urn) ?? '') && (!degreeOk || degreeOk(h.degree)),
  );
  if (selection.mayLightning && kept.length > LIGHTNING_THRESHOLD) {
    // Served from the graph: every walked relationship (duplicates and soft-deleted ones included).
    return listedMatches(
      'LIGHTNING',
      sortRows(kept.filter((h) => passesFilters(h.urn, branches)).map((h) => row(h, false))),
    );
  }
  const byUrn = new Map<string, LineageHit>();
  for (const h of kept) {
    const known = byUrn.get(h.urn);
    // generateUrnToRelationshipMap: the first relationship wins, the others only add their routes.
    if (known) byUrn.set(h.urn, { ...known, paths: [...known.paths, ...h.paths] });
    else byUrn.set(h.urn, h);
  }
  const matches = queryMatcher(index.store, query);
  const inIndex = indexed(index, selection);
  const rows = [...byUrn.values()]
    .filter((h) => servable(h.urn) && inIndex(h.urn) && matches(h.urn) && passesFilters(h.urn, branches))
    .map((h) => row(h, true));
  return listedMatches('TORTOISE', sortRows(rows));
}

/** The walk lineage search asks for. */
function walkOptions(input: LineageSearchInput, mode: string, now: number): WalkOptions {
  const flags = input.lineageFlags ?? {};
  const limit = flags.entitiesExploredPerHopLimit ?? undefined;
  const ignoreAsHops: IgnoreAsHop[] = (flags.ignoreAsHops ?? []).map((rule) => ({
    entityType: urnTypeOfEntityType(rule.entityType),
    platforms: (rule.platforms ?? []).map((p) =>
      p.startsWith('urn:li:dataPlatform:') ? p : `urn:li:dataPlatform:${p}`,
    ),
  }));
  // The UI's "visualization" walk (per-hop limit or ignore-as-hops) vs. the impact-analysis walk.
  const visualization = (limit !== undefined && limit > 0) || ignoreAsHops.length > 0;
  // The resolvers take the hop limit from `orFilters` only.
  const requested = maxHopsOf(input.orFilters ?? []);
  const cap = visualization ? VISUALIZATION_MAX_HOPS : IMPACT_MAX_HOPS;
  const maxHops = mode === 'scroll' ? (requested ?? IMPACT_MAX_HOPS) : Math.min(cap, requested ?? cap);
  const startTime = flags.startTimeMillis ?? input.startTimeMillis ?? undefined;
  let endTime = flags.endTimeMillis ?? input.endTimeMillis ?? undefined;
  if (startTime !== undefined && endTime === undefined) endTime = now; // ResolverUtils.getLineageEndTimeMillis
  return {
    direction: input.direction,
    maxHops,
    multiPath: visualization && process.env.ELASTICSEARCH_SEARCH_GRAPH_MULTI_PATH_SEARCH === 'true',
    entitiesExploredPerHopLimit: limit,
    ignoreAsHops,
    startTimeMillis: startTime,
    endTimeMillis: endTime,
    maxRelations: visualization ? undefined : IMPACT_MAX_RELATIONS,
  };
}

/** A walk a reach answers: first route only, no per-hop limit, no entity ignored as a hop, no time window. */
const isPlainWalk = (opts: WalkOptions): boolean =>
  !opts.multiPath &&
  opts.entitiesExploredPerHopLimit === undefined &&
  !opts.ignoreAsHops?.length &&
  timeWindowOf(opts) === undefined;

/** SearchUtils.convertSchemaFieldToDataset; the service's default grouping is schemaField → dataset. */
function groupsColumnsIntoDatasets(flags: LineageSearchInput['searchFlags']): boolean {
  const criteria = flags?.groupingSpec?.groupingCriteria;
  if (!flags?.groupingSpec || !criteria) return true;
  return criteria.some((c) => c.baseEntityType === 'SCHEMA_FIELD' && c.groupingEntityType === 'DATASET');
}

function folded(hit: LineageHit): LineageHit {
  const field = parseSchemaFieldUrn(hit.urn);
  return field ? { ...hit, urn: field.parent } : hit;
}

/** Urn types to return, or null for "every type but query" (searchAcrossLineage without types). */
function resultTypes(types: string[] | null | undefined, mode: 'search' | 'scroll'): Set<string> | null {
  const chosen = types && types.length > 0 ? types : mode === 'scroll' ? SCROLL_DEFAULT_TYPES : null;
  return chosen ? new Set(chosen.map(urnTypeOfEntityType)) : null;
}

function row(hit: LineageHit, full: boolean): LineageRow {
  return {
    urn: hit.urn,
    degree: hit.degree,
    degrees: full ? hit.degrees : null,
    paths: hit.paths,
    explored: full && hit.explored,
    truncatedChildren: full && hit.truncatedChildren,
    ignoredAsHop: full && hit.ignoredAsHop,
  };
}

/** By degree, then urn; equal rows (a folded column's dataset, on the lightning path) keep the walk's order. */
function sortRows(rows: LineageRow[]): LineageRow[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => byDegreeThenUrn(a.r, b.r) || a.i - b.i)
    .map((x) => x.r);
}

/**
 * One page of matches and the total. The lightning path counts every relationship and only then drops the
 * page's entities GMS does not have (ValidationUtils.validateLineageSearchResult); the tortoise path only
 * ever matched live entities.
 */
export function pageOf(index: GraphIndex, matches: LineageMatches, from: number, size: number) {
  const page = matches.slice(from, size);
  const rows = matches.path === 'LIGHTNING' ? page.filter((r) => index.exists(r.urn) && servable(r.urn)) : page;
  return { rows, total: matches.total, fullPage: page.length === size };
}
