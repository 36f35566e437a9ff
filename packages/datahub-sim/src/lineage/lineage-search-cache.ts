import type { LineageMatches } from './lineage-matches.js';

/**
 * GMS's lineage search cache (LineageSearchService, on by default: LINEAGE_SEARCH_CACHE_ENABLED=true). A lineage
 * search's walk is kept by (search context, urn, direction, hops) and answers every later search with the same
 * key until the cache drops it (`CACHE_TTL_SECONDS`, 600 by default, in CacheConfig's Caffeine or Hazelcast map;
 * `CACHE_SEARCH_LINEAGE_TTL_SECONDS`, a day, only triggers a background refill). A search flagged
 * `searchFlags: {skipCache: true}` neither reads nor fills it (enableCache). The simulator keeps the whole answer of
 * a search, so the entities reached and their degrees are as stale as GMS's; off unless a TTL is given.
 */
export class LineageSearchCache {
  private readonly kept = new Map<string, { at: number; matches: LineageMatches }>();

  constructor(private readonly ttlMs: number) {
    if (!(Number.isFinite(ttlMs) && ttlMs > 0))
      throw new RangeError(`lineage search cache TTL must be > 0, got ${ttlMs}`);
  }

  /** The kept answer for `key`, or a fresh one from `find` (kept from now on). */
  answer(key: string, now: number, find: () => LineageMatches): LineageMatches {
    const kept = this.kept.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.matches;
    const matches = find();
    this.kept.set(key, { at: now, matches });
    return matches;
  }
}

/** The cache key of a lineage search: every input that shapes its answer, not the page asked for. */
export function lineageCacheKey(mode: 'search' | 'scroll', actor: string, input: Record<string, unknown>): string {
  const { start: _s, count: _c, scrollId: _i, keepAlive: _k, searchFlags, ...shaping } = input;
  const { skipCache: _skip, ...flags } = (searchFlags ?? {}) as Record<string, unknown>;
  return JSON.stringify([mode, actor, shaping, flags]);
}
