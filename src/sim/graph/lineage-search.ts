import { ENTITY_KINDS } from '../entity-types.js';
import { badRequest } from '../errors.js';
import { parseSchemaFieldUrn, parseUrn } from '../urn.js';
import { urnTypeOf } from './aspect-values.js';
import { matchesQuery, urnTypeOfEntityType } from './entity-facts.js';
import type { GraphIndex } from './graph-index.js';
import {
  degreePredicate, maxHopsOf, onlyLightningFields, passesFilters, withoutDegree, type AndFilter, type FacetFilter,
} from './lineage-filters.js';
import type { LineageDirection } from './lineage-registry.js';
import { walkLineage, type IgnoreAsHop, type LineageHit } from './lineage-walk.js';

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
  searchFlags?: { groupingSpec?: { groupingCriteria?: { baseEntityType?: string | null; groupingEntityType: string }[] | null } | null } | null;
  lineageFlags?: {
    entitiesExploredPerHopLimit?: number | null;
    startTimeMillis?: number | null;
    endTimeMillis?: number | null;
    ignoreAsHops?: { entityType: string; platforms?: string[] | null }[] | null;
  } | null;
  sortInput?: unknown;
}

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

export interface LineageMatches {
  rows: LineageRow[];
  path: 'LIGHTNING' | 'TORTOISE';
}

/** GMS configuration defaults that shape lineage search. */
const IMPACT_MAX_HOPS = 1000;
const VISUALIZATION_MAX_HOPS = 20;
const IMPACT_MAX_RELATIONS = 40_000;
const LIGHTNING_THRESHOLD = 300;
/** SearchUtils.SEARCHABLE_ENTITY_TYPES: scrollAcrossLineage's types when none are given. */
const SCROLL_DEFAULT_TYPES = [
  'DATASET', 'DASHBOARD', 'CHART', 'MLMODEL', 'MLMODEL_GROUP', 'MLFEATURE_TABLE', 'MLFEATURE', 'MLPRIMARY_KEY', 'DATA_FLOW',
  'DATA_JOB', 'GLOSSARY_TERM', 'GLOSSARY_NODE', 'TAG', 'ROLE', 'CORP_USER', 'CORP_GROUP', 'CONTAINER', 'DOMAIN', 'DATA_PRODUCT',
  'NOTEBOOK', 'BUSINESS_ATTRIBUTE', 'SCHEMA_FIELD', 'DATA_PLATFORM_INSTANCE',
];

/**
 * LineageSearchService: walk the lineage graph from `urn`, fold columns into datasets unless the grouping
 * spec keeps them, keep the requested types and degrees, then answer either from the graph alone
 * ("lightning", for large `*` results) or through the entity index ("tortoise": live entities, query text
 * and facet filters). Rows come back in degree order, then by urn.
 */
export function findLineage(index: GraphIndex, input: LineageSearchInput, mode: 'search' | 'scroll', now: number): LineageMatches {
  const start = input.urn ?? '';
  if (!parseUrn(start)) throw badRequest(`Failed to convert urn string ${input.urn ?? 'null'} into Urn object`);
  // ResolverUtils.buildFilter: `orFilters` when given, else the deprecated `filters` as one and-branch.
  const orFilters = input.orFilters?.length ? input.orFilters : input.filters?.length ? [{ and: input.filters }] : [];
  const hits = walk(index, start, input, mode, now);

  const foldColumns = groupsColumnsIntoDatasets(input.searchFlags);
  const relationships = hits.map((h) => (foldColumns ? folded(h) : h));
  const types = resultTypes(input.types, mode);
  const degreeOk = degreePredicate(orFilters);
  const kept = relationships.filter((h) => {
    const type = urnTypeOf(h.urn) ?? '';
    return (types === null ? type !== 'query' : types.has(type)) && (!degreeOk || degreeOk(h.degree));
  });

  const branches = withoutDegree(orFilters);
  const query = input.query?.trim() ? input.query.trim() : '*';
  const lightning =
    mode === 'search' && kept.length > LIGHTNING_THRESHOLD && query === '*' && onlyLightningFields(branches) && !input.sortInput;
  if (lightning) {
    // Served from the graph: every walked relationship (duplicates and soft-deleted ones included).
    const rows = kept.filter((h) => passesFilters(h.urn, branches)).map((h) => row(h, false));
    return { rows: sortRows(rows), path: 'LIGHTNING' };
  }
  const byUrn = new Map<string, LineageHit>();
  for (const h of kept) {
    const known = byUrn.get(h.urn);
    // generateUrnToRelationshipMap: the first relationship wins, the others only add their routes.
    if (known) byUrn.set(h.urn, { ...known, paths: [...known.paths, ...h.paths] });
    else byUrn.set(h.urn, h);
  }
  const rows = [...byUrn.values()]
    .filter((h) => servable(h.urn) && index.isLive(h.urn) && matchesQuery(index.store, h.urn, query) && passesFilters(h.urn, branches))
    .map((h) => row(h, true));
  return { rows: sortRows(rows), path: 'TORTOISE' };
}

function walk(index: GraphIndex, start: string, input: LineageSearchInput, mode: string, now: number) {
  const flags = input.lineageFlags ?? {};
  const limit = flags.entitiesExploredPerHopLimit ?? undefined;
  const ignoreAsHops: IgnoreAsHop[] = (flags.ignoreAsHops ?? []).map((rule) => ({
    entityType: urnTypeOfEntityType(rule.entityType),
    platforms: (rule.platforms ?? []).map((p) => (p.startsWith('urn:li:dataPlatform:') ? p : `urn:li:dataPlatform:${p}`)),
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
  return walkLineage(index, start, {
    direction: input.direction,
    maxHops,
    multiPath: visualization && process.env.ELASTICSEARCH_SEARCH_GRAPH_MULTI_PATH_SEARCH === 'true',
    entitiesExploredPerHopLimit: limit,
    ignoreAsHops,
    startTimeMillis: startTime,
    endTimeMillis: endTime,
    maxRelations: visualization ? undefined : IMPACT_MAX_RELATIONS,
  }).hits;
}

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

// A `*` query scores every entity alike, so GMS's order falls to its tie-breakers; the simulator keeps
// results by degree, then urn (a stable order; real GMS ranks by score, then urn).
function sortRows(rows: LineageRow[]): LineageRow[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.degree - b.r.degree || (a.r.urn < b.r.urn ? -1 : a.r.urn > b.r.urn ? 1 : a.i - b.i))
    .map((x) => x.r);
}

/** Whether the simulator can return the urn as a GraphQL entity (`entity: Entity!`). */
const servable = (urn: string): boolean => !!ENTITY_KINDS[urnTypeOf(urn) ?? ''];

/**
 * One page of matches and the total. The lightning path counts every relationship and only then drops the
 * page's entities GMS does not have (ValidationUtils.validateLineageSearchResult); the tortoise path only
 * ever matched live entities.
 */
export function pageOf(index: GraphIndex, matches: LineageMatches, from: number, size: number) {
  const page = matches.rows.slice(from, from + size);
  const rows = matches.path === 'LIGHTNING' ? page.filter((r) => index.exists(r.urn) && servable(r.urn)) : page;
  return { rows, total: matches.rows.length, fullPage: page.length === size };
}
