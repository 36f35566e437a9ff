import type { SimContext } from '../../../schema/context.js';
import { SimError } from '../../../schema/errors.js';
import { entityRef } from '../../../schema/entity-ref.js';
import type { ResolverMap } from '../../../schema/build.js';
import { baseField, matchesCriterion, toCriterion, type FacetCriterion } from '../facet.js';
import { arr, bool, num, obj, raws, str, strs } from '../raw.js';
import { searchDocuments, type SearchDoc } from './documents.js';
import { hitsTotal, searcherRefuses, windowRefusal } from './result-window.js';
import { isMatchAll, matchText, type TextMatch } from './text.js';

/** SearchUtils.SEARCHABLE_ENTITY_TYPES, restricted to the entity types the simulator serves. */
const DEFAULT_TYPES = [
  'DATASET',
  'MLMODEL',
  'MLMODEL_GROUP',
  'MLFEATURE_TABLE',
  'MLFEATURE',
  'MLPRIMARY_KEY',
  'DATA_FLOW',
  'DATA_JOB',
  'GLOSSARY_TERM',
  'TAG',
  'CORP_USER',
  'CORP_GROUP',
];
const DEFAULT_COUNT = 10;
/** SEARCH_SERVICE_LIMIT_RESULTS_MAX and its API default: a larger count is silently replaced. */
const MAX_COUNT = 10000;
const API_DEFAULT_COUNT = 5000;

type AndClause = FacetCriterion[];

/** `orFilters` (OR of ANDs); the deprecated `filters` list is one AND clause when `orFilters` is absent. */
function orClauses(input: Record<string, unknown>): AndClause[] {
  const toAnd = (v: unknown) => (arr(v) ?? []).map(toCriterion).filter((c) => c !== undefined);
  if (Array.isArray(input.orFilters)) return raws(input.orFilters).map((o) => toAnd(o.and));
  if (Array.isArray(input.filters)) return [toAnd(input.filters)];
  return [];
}

/** Entity type filter values may be the GraphQL EntityType or the entity name, in any case. */
function docMatches(doc: SearchDoc, c: FacetCriterion): boolean {
  const field = baseField(c.field);
  const values = doc.facets[field] ?? [];
  const criterion = field === '_entityType' && c.condition === 'EQUAL' ? { ...c, condition: 'IEQUAL' } : c;
  return matchesCriterion(values, criterion);
}

const matchesFilters = (doc: SearchDoc, clauses: AndClause[]) =>
  clauses.length === 0 || clauses.some((and) => and.every((c) => docMatches(doc, c)));

/** SearchUtils: soft-deleted entities are left out unless asked for, or unless a filter names `removed`. */
function hidesSoftDeleted(input: Record<string, unknown>, clauses: AndClause[]): boolean {
  if (bool(obj(input.searchFlags)?.includeSoftDeleted)) return false;
  return !clauses.some((and) => and.some((c) => baseField(c.field) === 'removed'));
}

function pageSize(count: unknown): number {
  const n = num(count);
  if (n === undefined) return DEFAULT_COUNT;
  return n < 0 || n > MAX_COUNT ? API_DEFAULT_COUNT : Math.floor(n);
}

interface Hit {
  doc: SearchDoc;
  match: TextMatch;
}

/** Results rank by score, then urn (the index's tie-break); `sortInput` criteria come first when given. */
function sortHits(hits: Hit[], input: Record<string, unknown>): Hit[] {
  const sortInput = obj(input.sortInput);
  const criteria = [
    ...raws(sortInput?.sortCriteria),
    ...(obj(sortInput?.sortCriterion) ? [obj(sortInput?.sortCriterion)!] : []),
  ];
  const sortValue = (d: SearchDoc, field: string) =>
    (field === 'name' ? d.names[0] : (d.facets[baseField(field)] ?? d.text[field] ?? [])[0]) ?? '';
  return [...hits].sort((a, b) => {
    for (const c of criteria) {
      const field = str(c.field) ?? '';
      const order = str(c.sortOrder) === 'DESCENDING' ? -1 : 1;
      const cmp = sortValue(a.doc, field).localeCompare(sortValue(b.doc, field));
      if (cmp !== 0) return cmp * order;
    }
    return b.match.score - a.match.score || (a.doc.urn < b.doc.urn ? -1 : a.doc.urn > b.doc.urn ? 1 : 0);
  });
}

/** Every hit of a search or scroll input, ranked. */
function rankedHits(input: Record<string, unknown>, ctx: SimContext): Hit[] {
  const requested = strs(input.types);
  const types = new Set(requested.length ? requested : DEFAULT_TYPES);
  const clauses = orClauses(input);
  const hideRemoved = hidesSoftDeleted(input, clauses);
  const query = str(input.query) ?? '';
  const matchAll = isMatchAll(query);

  const hits: Hit[] = [];
  for (const doc of searchDocuments(ctx.store.indexed())) {
    if (!types.has(doc.entityType)) continue;
    if (hideRemoved && doc.facets.removed?.[0] === 'true') continue;
    if (!matchesFilters(doc, clauses)) continue;
    const match = matchAll ? { score: 0, matchedFields: [] } : matchText(doc, query);
    if (match) hits.push({ doc, match });
  }
  return sortHits(hits, input);
}

function searchAcrossEntities(_root: unknown, args: { input: Record<string, unknown> }, ctx: SimContext) {
  const input = args.input;
  const hits = rankedHits(input, ctx);
  const start = Math.max(0, Math.floor(num(input.start) ?? 0));
  const count = pageSize(input.count);
  if (searcherRefuses(hits.length, start, count)) throw windowRefusal();
  const page = hits.slice(start, start + count);
  return {
    start,
    // DataHub reports the page size asked for, not the number of results on the page.
    count,
    total: hitsTotal(hits.length),
    searchResults: page.map((h) => ({ entity: entityRef(h.doc.urn), matchedFields: h.match.matchedFields })),
  };
}

/** The scroll id is opaque to clients; here it carries the offset of the next page. */
const encodeScroll = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');
function decodeScroll(id: string | undefined): number {
  if (!id) return 0;
  try {
    const offset = Number((JSON.parse(Buffer.from(id, 'base64url').toString()) as { offset?: unknown }).offset);
    if (Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through
  }
  throw new SimError('BAD_REQUEST', `Invalid scroll id: ${id}`);
}

/**
 * scrollAcrossEntities: the same ranking as search, paged by an opaque scroll id. Like GMS's search_after cursor,
 * a full page gets a `nextScrollId` even when nothing follows (the next page is then empty, with none).
 */
function scrollAcrossEntities(_root: unknown, args: { input: Record<string, unknown> }, ctx: SimContext) {
  const input = args.input;
  const hits = rankedHits(input, ctx);
  const start = decodeScroll(str(input.scrollId));
  const count = pageSize(input.count);
  const page = hits.slice(start, start + count);
  return {
    nextScrollId: page.length === count && count > 0 ? encodeScroll(start + count) : null,
    count,
    // a search_after cursor has no result window, but its total is ES's too
    total: hitsTotal(hits.length),
    searchResults: page.map((h) => ({ entity: entityRef(h.doc.urn), matchedFields: h.match.matchedFields })),
  };
}

export const searchResolvers: ResolverMap = {
  Query: { searchAcrossEntities, scrollAcrossEntities },
};
