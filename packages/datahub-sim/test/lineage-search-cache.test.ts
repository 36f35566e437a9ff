import { describe, expect, it } from 'vitest';
import { loadRecords } from '../src/loaders/index.js';
import { LineageSearchCache } from '../src/lineage/lineage-search-cache.js';
import { ds } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';
import { mcp } from './support/records.js';

const A = ds('a');
const B = ds('b');
const C = ds('c');
const upstreams = (urn: string, ups: string[]) =>
  mcp('dataset', urn, 'upstreamLineage', { upstreams: ups.map((dataset) => ({ dataset, type: 'TRANSFORMED' })) });

const SEARCH = `query($urn: String!, $flags: SearchFlags) {
  searchAcrossLineage(input: { urn: $urn, direction: UPSTREAM, query: "*", searchFlags: $flags,
    orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) { total searchResults { entity { urn } } }
  scrollAcrossLineage(input: { urn: $urn, direction: UPSTREAM, query: "*", searchFlags: $flags,
    orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) { total searchResults { entity { urn } } }
}`;

interface Page {
  total: number;
  searchResults: { entity: { urn: string } }[];
}

function setup(cache?: LineageSearchCache) {
  let now = 1_000_000;
  const h = simHarness({ now: () => now, ...(cache ? { lineageSearchCache: cache } : {}) });
  loadRecords(
    h.store,
    [
      mcp('dataset', C, 'status', { removed: false }),
      mcp('dataset', B, 'status', { removed: false }),
      upstreams(A, [B]),
    ],
    'base',
  );
  const reached = async (flags?: object) => {
    const d = await h.data<{ searchAcrossLineage: Page; scrollAcrossLineage: Page }>(SEARCH, {
      urn: A,
      flags: flags ?? null,
    });
    const urns = (p: Page) => p.searchResults.map((r) => r.entity.urn).sort();
    return { search: urns(d.searchAcrossLineage), scroll: urns(d.scrollAcrossLineage) };
  };
  const ingest = () => loadRecords(h.store, [upstreams(A, [B, C])], 'later');
  return { reached, ingest, advance: (ms: number) => (now += ms) };
}

describe("GMS's lineage search cache (LINEAGE_SEARCH_CACHE_ENABLED, a simulator option)", () => {
  it('with the cache, a search repeated after ingestion answers the walk it kept, until the TTL passes', async () => {
    const { reached, ingest, advance } = setup(new LineageSearchCache(600_000));
    expect(await reached()).toEqual({ search: [B], scroll: [B] });
    ingest();
    expect(await reached()).toEqual({ search: [B], scroll: [B] });
    advance(600_000);
    expect(await reached()).toEqual({ search: [B, C].sort(), scroll: [B, C].sort() });
  });

  it('searchFlags.skipCache: true reads the graph as it is now, and leaves the kept answer alone', async () => {
    const { reached, ingest } = setup(new LineageSearchCache(600_000));
    await reached();
    ingest();
    expect(await reached({ skipCache: true })).toEqual({ search: [B, C].sort(), scroll: [B, C].sort() });
    expect(await reached()).toEqual({ search: [B], scroll: [B] });
  });

  it('without the option every search reads the graph as it is now', async () => {
    const { reached, ingest } = setup();
    await reached();
    ingest();
    expect(await reached()).toEqual({ search: [B, C].sort(), scroll: [B, C].sort() });
  });
});
