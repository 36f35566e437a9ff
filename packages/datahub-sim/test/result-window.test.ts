import { beforeAll, describe, expect, it } from 'vitest';
import { simHarness } from './support/harness.js';
import { addDataset, ds, model } from './support/graph-catalog.js';

/**
 * Elasticsearch's totals and result window at the 10,000 boundary: `total` reads 10,000 past 10,000 hits, pages
 * past the window fail as GMS fails them (code 500 at the field's path), and scrolls read every result.
 */

type Harness = ReturnType<typeof simHarness>;
interface ScrollPage {
  nextScrollId: string | null;
  total: number;
  searchResults: { entity: { urn: string } }[];
}

const SEARCH = `query($start: Int!, $count: Int!) {
  searchAcrossEntities(input: { types: [MLMODEL], query: "*", start: $start, count: $count }) { start count total searchResults { entity { urn } } }
}`;
const SCROLL = `query($scrollId: String) {
  scrollAcrossEntities(input: { types: [MLMODEL], query: "*", count: 10000, scrollId: $scrollId }) { nextScrollId total searchResults { entity { urn } } }
}`;

function catalogOf(models: number): Harness {
  const h = simHarness();
  for (let i = 0; i < models; i++) h.store.write(model(`m${i}`), 'mlModelProperties', { customProperties: {} });
  return h;
}

async function refusal(h: Harness, query: string, variables: Record<string, unknown>, field: string) {
  const r = await h.gql(query, variables);
  expect(r.errors).toEqual([
    expect.objectContaining({
      message: 'An unknown error occurred.',
      path: [field],
      extensions: expect.objectContaining({ code: 500, type: 'SERVER_ERROR' }),
    }),
  ]);
  expect(r.data?.[field]).toBeNull();
}

describe('searchAcrossEntities past 10,000 hits', () => {
  let h: Harness;
  beforeAll(() => {
    h = catalogOf(10_050);
  });

  it('reports a total of 10,000, and pages within the window', async () => {
    const first = (await h.data(SEARCH, { start: 0, count: 100 })).searchAcrossEntities;
    expect(first.total).toBe(10_000);
    const last = (await h.data(SEARCH, { start: 9_900, count: 100 })).searchAcrossEntities;
    expect(last.searchResults).toHaveLength(100);
    expect(last.total).toBe(10_000);
  });

  it('refuses a page that reaches past the 10,000th result', async () => {
    await refusal(h, SEARCH, { start: 9_950, count: 100 }, 'searchAcrossEntities');
    await refusal(h, SEARCH, { start: 10_000, count: 10 }, 'searchAcrossEntities');
  });

  it('scrolls to the end, every page saying 10,000', async () => {
    const seen = new Set<string>();
    let scrollId: string | null = null;
    const totals: number[] = [];
    do {
      const page: ScrollPage = (await h.data(SCROLL, { scrollId })).scrollAcrossEntities;
      totals.push(page.total);
      for (const r of page.searchResults) seen.add(r.entity.urn);
      scrollId = page.nextScrollId;
    } while (scrollId);
    expect(seen.size).toBe(10_050);
    expect(new Set(totals)).toEqual(new Set([10_000]));
  });
});

describe('searchAcrossEntities below the window', () => {
  it('gives an exact total and any page of 9,900 hits', async () => {
    const h = catalogOf(9_900);
    const r = (await h.data(SEARCH, { start: 9_850, count: 100 })).searchAcrossEntities;
    expect(r.total).toBe(9_900);
    expect(r.searchResults).toHaveLength(50);
  });

  it('fails a page past the hits once the first 100 batches are all non-empty (CacheableSearcher asks for offset 10,000)', async () => {
    const h = catalogOf(9_950);
    expect((await h.data(SEARCH, { start: 0, count: 9_950 })).searchAcrossEntities.total).toBe(9_950);
    await refusal(h, SEARCH, { start: 9_900, count: 100 }, 'searchAcrossEntities');
  });
});

describe('lineage search past 10,000 results', () => {
  const root = ds('root');
  const LINEAGE = `query($query: String!, $start: Int!) {
    searchAcrossLineage(input: { urn: "${root}", direction: DOWNSTREAM, query: $query, start: $start, count: 100 }) { total searchResults { entity { urn } } }
  }`;
  const LINEAGE_SCROLL = `query($scrollId: String) {
    scrollAcrossLineage(input: { urn: "${root}", direction: DOWNSTREAM, query: "*", count: 5000, scrollId: $scrollId }) { nextScrollId total searchResults { entity { urn } } }
  }`;
  let h: Harness;
  beforeAll(() => {
    h = simHarness();
    addDataset(h.store, root);
    for (let i = 0; i < 10_050; i++) addDataset(h.store, ds(`below_${i}`), { upstreams: [root] });
  });

  it('counts every relationship on the lightning path (the graph, no index)', async () => {
    const r = (await h.data(LINEAGE, { query: '*', start: 10_000 })).searchAcrossLineage;
    expect(r.total).toBe(10_050);
    expect(r.searchResults).toHaveLength(50);
  });

  it('caps the total, and refuses pages past the window, when the entity index answers (query text)', async () => {
    const r = (await h.data(LINEAGE, { query: 'below', start: 0 })).searchAcrossLineage;
    expect(r.total).toBe(10_000);
    await refusal(h, LINEAGE, { query: 'below', start: 9_950 }, 'searchAcrossLineage');
  });

  it('scrolls every result, each page saying 10,000', async () => {
    const seen = new Set<string>();
    let scrollId: string | null = null;
    do {
      const page: ScrollPage = (await h.data(LINEAGE_SCROLL, { scrollId })).scrollAcrossLineage;
      expect(page.total).toBe(10_000);
      for (const r of page.searchResults) seen.add(r.entity.urn);
      scrollId = page.nextScrollId;
    } while (scrollId);
    expect(seen.size).toBe(10_050);
  });
});

describe('incidents: a query of the incident index', () => {
  it('refuses a page whose from + size passes 10,000, whatever the hits', async () => {
    const h = simHarness();
    const dataset = ds('orders');
    addDataset(h.store, dataset);
    const INCIDENTS = `query($start: Int!, $count: Int!) { dataset(urn: "${dataset}") { incidents(start: $start, count: $count) { total incidents { urn } } } }`;
    expect((await h.data(INCIDENTS, { start: 0, count: 10_000 })).dataset.incidents.total).toBe(0);
    const r = await h.gql(INCIDENTS, { start: 1, count: 10_000 });
    expect(r.errors?.[0]).toMatchObject({
      message: 'An unknown error occurred.',
      path: ['dataset', 'incidents'],
      extensions: { code: 500, type: 'SERVER_ERROR' },
    });
  });
});
