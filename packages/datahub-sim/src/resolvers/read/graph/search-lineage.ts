import { Buffer } from 'node:buffer';
import type { SimContext } from '../../../schema/context.js';
import { entityRef, type EntityRef } from '../../../schema/entity-ref.js';
import { SimError } from '../../../schema/errors.js';
import type { ResolverMap } from '../../../schema/build.js';
import { graphOf } from '../../../lineage/graph-index.js';
import {
  findLineage,
  pageOf,
  type LineageMatches,
  type LineageRow,
  type LineageSearchInput,
} from '../../../lineage/lineage-search.js';
import { lineageCacheKey } from '../../../lineage/lineage-search-cache.js';
import { hitsTotal, searcherRefuses, windowRefusal } from '../search/result-window.js';
import { applyLimit, entityPaths, intArg } from './shapes.js';

interface SearchInput extends LineageSearchInput {
  start?: number | null;
  count?: number | null;
}

interface ScrollInput extends LineageSearchInput {
  scrollId?: string | null;
  count?: number | null;
}

/** One `SearchAcrossLineageResult`; its routes are shaped only when a query selects `paths`. */
class LineageResult {
  readonly entity: EntityRef | null;
  readonly degree: number;
  readonly degrees: number[] | null;
  readonly explored: boolean;
  readonly truncatedChildren: boolean;
  readonly ignoredAsHop: boolean;
  readonly matchedFields: never[] = [];

  constructor(private readonly row: LineageRow) {
    this.entity = entityRef(row.urn);
    this.degree = row.degree;
    this.degrees = row.degrees;
    this.explored = row.explored;
    this.truncatedChildren = row.truncatedChildren;
    this.ignoredAsHop = row.ignoredAsHop;
  }

  get paths() {
    return entityPaths(this.row.paths);
  }
}

const result = (row: LineageRow) => new LineageResult(row);

/** searchAcrossLineage: `start`/`count` paging (defaults 0 and 10) over LineageSearchService's answer. */
function searchAcrossLineage(_: unknown, { input }: { input: SearchInput }, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const start = intArg(input.start, 0);
  const count = applyLimit(intArg(input.count, 10));
  const matches = cachedLineage(ctx, 'search', input, () => findLineage(graph, input, 'search', ctx.now()));
  // the lightning path counts the graph's relationships; the other one asks the entity index (searchAcrossEntities,
  // one batch of up to 50,000 urns: LineageSearchService.getSearchResultInBatches), with its total and its window
  const fromIndex = matches.path === 'TORTOISE';
  if (fromIndex && searcherRefuses(matches.total, start, count)) throw windowRefusal();
  const page = pageOf(graph, matches, start, count);
  return {
    start,
    count,
    total: fromIndex ? hitsTotal(page.total) : page.total,
    searchResults: page.rows.map(result),
    lineageSearchPath: matches.path,
    isPartial: false,
  };
}

/**
 * scrollAcrossLineage: an opaque `scrollId` continues after the previous page. As in GMS (a search_after
 * cursor), a full page always carries a `nextScrollId`; only a short page ends the scroll with null.
 */
function scrollAcrossLineage(_: unknown, { input }: { input: ScrollInput }, ctx: SimContext) {
  const graph = graphOf(ctx.store.indexed());
  const count = applyLimit(intArg(input.count, 10));
  const offset = input.scrollId ? decodeScrollId(input.scrollId) : 0;
  const matches = cachedLineage(ctx, 'scroll', input, () => findLineage(graph, input, 'scroll', ctx.now()));
  const page = pageOf(graph, matches, offset, count);
  return {
    nextScrollId: page.fullPage && count > 0 ? encodeScrollId(offset + count) : null,
    count,
    // always the entity index's scroll (LineageSearchService.getScrollResultInBatches): ES's total, no window
    total: hitsTotal(page.total),
    searchResults: page.rows.map(result),
    isPartial: false,
  };
}

/** The search's answer, from GMS's lineage search cache when the simulator has one and the search does not skip it. */
function cachedLineage(
  ctx: SimContext,
  mode: 'search' | 'scroll',
  input: SearchInput | ScrollInput,
  find: () => LineageMatches,
): LineageMatches {
  const cache = ctx.lineageSearchCache;
  if (!cache || input.searchFlags?.skipCache === true) return find();
  return cache.answer(lineageCacheKey(mode, ctx.actor, { ...input }), ctx.now(), find);
}

const encodeScrollId = (offset: number) => Buffer.from(JSON.stringify({ sort: [offset] })).toString('base64url');

function decodeScrollId(scrollId: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8'));
    const offset = (parsed as { sort?: unknown[] }).sort?.[0];
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through
  }
  throw new SimError('SERVER_ERROR', `Failed to deserialize scrollId ${scrollId}`);
}

export const searchLineageResolvers: ResolverMap = {
  Query: { searchAcrossLineage, scrollAcrossLineage },
};
