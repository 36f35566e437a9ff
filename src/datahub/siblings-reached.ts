import type { EntityCache } from './entity-cache.js';

/**
 * The siblings of the datasets reached that were not reached themselves. DataHub's lineage search does not cross
 * sibling links (LineageSearchService walks the graph alone), and a dbt model's warehouse table lies downstream of
 * it: a model reading the dbt model would miss the table's upstream, producing jobs and freshness. They are read
 * as further roots (core/sibling-reads.ts then judges each group as one dataset).
 */
export function siblingsNotReached(cache: EntityCache, reached: Set<string>): string[] {
  const more = new Set<string>();
  for (const urn of reached) {
    for (const s of cache.graphParts(urn)?.siblings ?? []) if (!reached.has(s)) more.add(s);
  }
  return [...more];
}
