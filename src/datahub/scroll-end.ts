/**
 * When a scroll is read to its end. DataHub's scroll answers a `nextScrollId` on every full page, even the last
 * (SearchRequestHandler.extractScrollResult), and its `total` is Elasticsearch's `hits.total`, which DataHub never
 * asks to track exactly: counted exactly below 10,000, it reads 10,000 however many more there are (DATAHUB-API.md
 * §0 "Totals"). So a scroll goes on while it names a next page and the last page was not empty, unless a total below
 * 10,000 says every result is in (which saves the empty page after a full last one).
 */
export const EXACT_TOTAL_BELOW = 10_000;

export function scrollGoesOn(
  page: { nextScrollId?: string | null; searchResults: readonly unknown[] },
  seen: number,
  total: number,
): boolean {
  if (!page.nextScrollId || !page.searchResults.length) return false;
  return !(total < EXACT_TOTAL_BELOW && seen >= total);
}
