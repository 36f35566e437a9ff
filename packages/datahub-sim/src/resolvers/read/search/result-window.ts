import { SimError } from '../../../schema/errors.js';

/**
 * Elasticsearch's `index.max_result_window` (10,000, which DataHub's index settings keep) and its untracked
 * `hits.total`: DataHub's search code never sets `track_total_hits`, so a `total` read from ES hits stops at 10,000
 * (SearchRequestHandler.extractResult / extractScrollResult: `searchResponse.getHits().getTotalHits().value`).
 */
export const RESULT_WINDOW = 10_000;

/** A `total` that comes from Elasticsearch hits. */
export const hitsTotal = (hits: number): number => Math.min(hits, RESULT_WINDOW);

/** CachingEntitySearchService's CacheableSearcher batch (SEARCH_SERVICE_BATCH_SIZE, default 100). */
const SEARCHER_BATCH = 100;

/**
 * searchAcrossEntities (and lineage search's entity-index path) page through CacheableSearcher: it asks ES for
 * batches of 100 from offset 0 until it holds `start + count` results or a batch comes back empty. The batch at
 * offset 10,000 (from + size past the window) is refused by ES, so a page fails once the first 10,000 batches are
 * all non-empty (more than 9,900 hits) and the page reaches past what they hold.
 */
export function searcherRefuses(hits: number, start: number, count: number): boolean {
  return hits > RESULT_WINDOW - SEARCHER_BATCH && Math.min(hits, RESULT_WINDOW) < start + count;
}

/** A plain from/size ES query (EntityClient.filter / search: incidents, runs): ES refuses from + size past the window. */
export const filterRefuses = (start: number, count: number): boolean => start + count > RESULT_WINDOW;

/**
 * How GMS answers the refusal: ES's "Result window is too large, from + size must be less than or equal to:
 * [10000]" reaches the resolver as an ESQueryException, which it wraps in a RuntimeException; the GraphQL exception
 * handler answers such a failure with code 500 SERVER_ERROR at the field's path (DataHubDataFetcherExceptionHandler,
 * as the simulator's other server errors; newer handlers append the exception's messages).
 */
export const windowRefusal = (): SimError => new SimError('SERVER_ERROR', 'An unknown error occurred.');
