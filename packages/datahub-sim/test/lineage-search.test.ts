import { afterEach, describe, expect, it } from 'vitest';
import { addChain, addDataset, CHAIN as C, ds } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const SEARCH = `query($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) {
    start count total lineageSearchPath isPartial
    searchResults {
      entity { urn type } degree degrees explored truncatedChildren ignoredAsHop
      paths { path { urn } } matchedFields { name }
    }
  }
}`;

const SCROLL = `query($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) {
    nextScrollId count total isPartial
    searchResults { entity { urn } degree }
  }
}`;

const ALL_DEGREES = [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }];

type Row = {
  entity: { urn: string; type: string };
  matchedFields: unknown[];
  degree: number;
  degrees: number[] | null;
  paths: { path: { urn: string }[] }[];
  explored: boolean;
  ignoredAsHop: boolean;
  truncatedChildren: boolean;
};

function setup() {
  const h = simHarness();
  addChain(h.store);
  const search = async (input: Record<string, unknown>) =>
    (
      await h.data<{
        searchAcrossLineage: {
          total: number;
          count: number;
          start: number;
          lineageSearchPath: string;
          isPartial: boolean;
          searchResults: Row[];
        };
      }>(SEARCH, { input })
    ).searchAcrossLineage;
  const degrees = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.entity.urn, r.degree]));
  const routes = (row: Row | undefined) => row?.paths.map((p) => p.path.map((e) => e.urn)) ?? [];
  return { ...h, search, degrees, routes };
}

describe('searchAcrossLineage: multi-hop walk', () => {
  it('walks model → features/training job → datasets → upstream datasets with shortest degrees', async () => {
    const { search, degrees } = setup();
    const r = await search({ urn: C.tipModel, direction: 'UPSTREAM', count: 100, orFilters: ALL_DEGREES });
    expect(degrees(r.searchResults)).toEqual({
      [C.tipRate]: 1,
      [C.farePerMile]: 1,
      [C.training]: 1,
      [C.tripFeatures]: 2,
      [C.stgTrips]: 2,
      [C.etl]: 3,
      [C.rawTrips]: 3,
      [C.rawZones]: 4,
    });
    expect(r.total).toBe(8);
    expect(r.searchResults.map((x) => x.degree)).toEqual(
      [...r.searchResults.map((x) => x.degree)].sort((a, b) => a - b),
    );
    expect(r.lineageSearchPath).toBe('TORTOISE');
    expect(r.isPartial).toBe(false);
    expect(r.searchResults.every((x) => x.matchedFields.length === 0)).toBe(true);
  });

  it('limits hops with the degree facet exactly as GMS computes max hops', async () => {
    const { search, degrees } = setup();
    const only1 = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }],
    });
    expect(Object.keys(degrees(only1.searchResults)).sort()).toEqual([C.farePerMile, C.tipRate, C.training].sort());
    const upTo2 = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      orFilters: [{ and: [{ field: 'degree', values: ['1', '2'] }] }],
    });
    expect(upTo2.total).toBe(5);
    expect(Object.values(degrees(upTo2.searchResults)).every((d) => d <= 2)).toBe(true);
    // "2" alone walks two hops but returns only degree 2; "3+" alone is unlimited but keeps degree > 2.
    const just2 = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      orFilters: [{ and: [{ field: 'degree', values: ['2'] }] }],
    });
    expect(Object.keys(degrees(just2.searchResults)).sort()).toEqual([C.stgTrips, C.tripFeatures].sort());
    const beyond = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      orFilters: [{ and: [{ field: 'degree', values: ['3+'] }] }],
    });
    expect(degrees(beyond.searchResults)).toEqual({ [C.etl]: 3, [C.rawTrips]: 3, [C.rawZones]: 4 });
    // No degree facet at all: no hop limit.
    const none = await search({ urn: C.tipModel, direction: 'UPSTREAM', count: 50 });
    expect(none.total).toBe(8);
  });

  it('takes the hop limit from orFilters only; the deprecated filters still select degrees', async () => {
    const { search, degrees } = setup();
    const r = await search({ urn: C.tipModel, direction: 'UPSTREAM', filters: [{ field: 'degree', values: ['1'] }] });
    expect(Object.values(degrees(r.searchResults))).toEqual([1, 1, 1]);
    const both = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      filters: [{ field: 'degree', values: ['1'] }],
      orFilters: [{ and: [{ field: 'degree', values: ['2'] }] }],
    });
    expect(Object.keys(degrees(both.searchResults)).sort()).toEqual([C.stgTrips, C.tripFeatures].sort());
  });

  it('rejects a degree value GMS does not know', async () => {
    const { gql } = setup();
    const r = await gql(SEARCH, {
      input: { urn: C.tipModel, direction: 'UPSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['4'] }] }] },
    });
    expect(r.errors?.[0]?.message).toBe('4 is not a valid filter value for degree filters');
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
  });

  it('rejects a missing or malformed start urn', async () => {
    const { gql } = setup();
    const r = await gql(SEARCH, { input: { urn: 'not-an-urn', direction: 'UPSTREAM' } });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 400 });
  });

  it('filters results by type but walks through every type', async () => {
    const { search, degrees } = setup();
    const r = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      types: ['DATASET'],
      count: 50,
      orFilters: ALL_DEGREES,
    });
    // Datasets are reached through features and jobs, which are not returned.
    expect(degrees(r.searchResults)).toEqual({
      [C.tripFeatures]: 2,
      [C.stgTrips]: 2,
      [C.rawTrips]: 3,
      [C.rawZones]: 4,
    });
    expect(r.searchResults.every((x) => x.entity.type === 'DATASET')).toBe(true);
  });

  it('answers blast radius downstream from a dataset to the models that depend on it', async () => {
    const { search, degrees } = setup();
    const r = await search({ urn: C.rawTrips, direction: 'DOWNSTREAM', types: ['MLMODEL'], orFilters: ALL_DEGREES });
    expect(degrees(r.searchResults)).toEqual({ [C.tipModel]: 3, [C.fareModel]: 4 });
    const upstreamOfRaw = await search({ urn: C.rawTrips, direction: 'UPSTREAM', orFilters: ALL_DEGREES });
    expect(upstreamOfRaw.total).toBe(0);
  });

  it('keeps one route per entity, the first found, as GMS does without multi-path search', async () => {
    const { search, routes } = setup();
    const r = await search({ urn: C.tipModel, direction: 'UPSTREAM', count: 50, orFilters: ALL_DEGREES });
    const features = r.searchResults.find((x) => x.entity.urn === C.tripFeatures);
    // trip_features is reachable through two features and the training job; the first route wins.
    expect(routes(features)).toEqual([[C.tipModel, C.tipRate, C.tripFeatures]]);
    expect(features?.degrees).toEqual([2]);
    const stg = r.searchResults.find((x) => x.entity.urn === C.stgTrips);
    expect(routes(stg)).toEqual([[C.tipModel, C.training, C.stgTrips]]);
    const zones = r.searchResults.find((x) => x.entity.urn === C.rawZones);
    expect(routes(zones)).toEqual([[C.tipModel, C.tipRate, C.tripFeatures, C.etl, C.rawZones]]);
  });

  it('is safe on cycles: the walk ends and never returns the start', async () => {
    const h = setup();
    const [a, b, c] = [ds('loop.a'), ds('loop.b'), ds('loop.c')];
    addDataset(h.store, a, { upstreams: [c] });
    addDataset(h.store, b, { upstreams: [a] });
    addDataset(h.store, c, { upstreams: [b] });
    const r = await h.search({ urn: a, direction: 'UPSTREAM', orFilters: ALL_DEGREES });
    expect(h.degrees(r.searchResults)).toEqual({ [c]: 1, [b]: 2 });
    const down = await h.search({ urn: a, direction: 'DOWNSTREAM', orFilters: ALL_DEGREES });
    expect(h.degrees(down.searchResults)).toEqual({ [b]: 1, [c]: 2 });
  });

  it('marks explored entities (expanded by a further hop) and nothing as truncated without a per-hop limit', async () => {
    const { search } = setup();
    const r = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      orFilters: [{ and: [{ field: 'degree', values: ['1', '2'] }] }],
    });
    const explored = Object.fromEntries(r.searchResults.map((x) => [x.entity.urn, x.explored]));
    expect(explored[C.tipRate]).toBe(true);
    expect(explored[C.tripFeatures]).toBe(false); // degree 2 is the last hop
    expect(r.searchResults.some((x) => x.truncatedChildren || x.ignoredAsHop)).toBe(false);
  });

  it('matches the query text against names, `*` or empty matching everything', async () => {
    const { search } = setup();
    const r = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      query: 'trips',
      count: 50,
      orFilters: ALL_DEGREES,
    });
    expect(r.searchResults.map((x) => x.entity.urn).sort()).toEqual([C.rawTrips, C.stgTrips].sort());
    const all = await search({ urn: C.tipModel, direction: 'UPSTREAM', query: '', count: 50, orFilters: ALL_DEGREES });
    expect(all.total).toBe(8);
  });

  it('applies other facet filters to the results (platform)', async () => {
    const h = setup();
    const other = ds('lake.raw_trips', 's3');
    addDataset(h.store, other);
    addDataset(h.store, C.rawTrips, { upstreams: [other], columns: ['trip_id'] });
    const filters = [
      {
        and: [
          { field: 'degree', values: ['1', '2', '3+'] },
          { field: 'platform', values: ['urn:li:dataPlatform:s3'] },
        ],
      },
    ];
    const r = await h.search({ urn: C.tipModel, direction: 'UPSTREAM', orFilters: filters });
    expect(r.searchResults.map((x) => x.entity.urn)).toEqual([other]);
    const negated = [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:s3'], negated: true }] }];
    const rest = await h.search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      count: 50,
      types: ['DATASET'],
      orFilters: negated,
    });
    expect(rest.searchResults.map((x) => x.entity.urn)).not.toContain(other);
    expect(rest.total).toBe(4);
  });
});

describe('searchAcrossLineage / scrollAcrossLineage: paging', () => {
  it('pages with start and count (default count 10) over a stable order', async () => {
    const { search } = setup();
    const all = await search({ urn: C.tipModel, direction: 'UPSTREAM', count: 100, orFilters: ALL_DEGREES });
    const first = await search({ urn: C.tipModel, direction: 'UPSTREAM', start: 0, count: 3, orFilters: ALL_DEGREES });
    const second = await search({ urn: C.tipModel, direction: 'UPSTREAM', start: 3, count: 3, orFilters: ALL_DEGREES });
    const last = await search({ urn: C.tipModel, direction: 'UPSTREAM', start: 6, count: 3, orFilters: ALL_DEGREES });
    expect([...first.searchResults, ...second.searchResults, ...last.searchResults].map((x) => x.entity.urn)).toEqual(
      all.searchResults.map((x) => x.entity.urn),
    );
    expect(last.searchResults).toHaveLength(2);
    expect([first.total, second.total, last.total]).toEqual([8, 8, 8]);
    expect([second.start, second.count]).toEqual([3, 3]);
    const dflt = await search({ urn: C.tipModel, direction: 'UPSTREAM', orFilters: ALL_DEGREES });
    expect(dflt.count).toBe(10);
  });

  it('scrolls with an opaque scrollId until a short page returns nextScrollId null', async () => {
    const { data } = setup();
    const input = { urn: C.tipModel, direction: 'UPSTREAM', count: 3, orFilters: ALL_DEGREES };
    type Page = {
      scrollAcrossLineage: {
        nextScrollId: string | null;
        total: number;
        count: number;
        searchResults: { entity: { urn: string } }[];
      };
    };
    const seen: string[] = [];
    let scrollId: string | null = null;
    let pages = 0;
    do {
      const page: Page = await data<Page>(SCROLL, { input: { ...input, scrollId } });
      pages++;
      expect(page.scrollAcrossLineage.total).toBe(8);
      seen.push(...page.scrollAcrossLineage.searchResults.map((x) => x.entity.urn));
      scrollId = page.scrollAcrossLineage.nextScrollId;
    } while (scrollId && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(8);
    expect(seen).toHaveLength(8);
  });

  it('returns a nextScrollId after a full last page, then an empty page without one (search_after)', async () => {
    const { data } = setup();
    type Page = { scrollAcrossLineage: { nextScrollId: string | null; searchResults: unknown[] } };
    const input = { urn: C.tipModel, direction: 'UPSTREAM', count: 4, orFilters: ALL_DEGREES };
    const p1 = await data<Page>(SCROLL, { input });
    const p2 = await data<Page>(SCROLL, { input: { ...input, scrollId: p1.scrollAcrossLineage.nextScrollId } });
    expect(p2.scrollAcrossLineage.searchResults).toHaveLength(4);
    expect(p2.scrollAcrossLineage.nextScrollId).not.toBeNull();
    const p3 = await data<Page>(SCROLL, { input: { ...input, scrollId: p2.scrollAcrossLineage.nextScrollId } });
    expect(p3.scrollAcrossLineage.searchResults).toHaveLength(0);
    expect(p3.scrollAcrossLineage.nextScrollId).toBeNull();
  });

  it('scroll without types returns only the searchable entity types (no runs)', async () => {
    const { data, store } = setup();
    store.write('urn:li:dataProcessInstance:r1', 'dataProcessInstanceOutput', {
      outputs: [],
      outputEdges: [{ destinationUrn: C.tipModel }],
    });
    store.write('urn:li:dataProcessInstance:r1', 'dataProcessInstanceProperties', {
      name: 'r1',
      created: { time: 1, actor: 'urn:li:corpuser:x' },
      customProperties: {},
    });
    const scroll = await data<{ scrollAcrossLineage: { searchResults: { entity: { urn: string } }[] } }>(SCROLL, {
      input: { urn: C.tipModel, direction: 'UPSTREAM', count: 50 },
    });
    expect(scroll.scrollAcrossLineage.searchResults.map((x) => x.entity.urn)).not.toContain(
      'urn:li:dataProcessInstance:r1',
    );
    const search = await data<{ searchAcrossLineage: { searchResults: { entity: { urn: string } }[] } }>(SEARCH, {
      input: { urn: C.tipModel, direction: 'UPSTREAM', count: 50 },
    });
    expect(search.searchAcrossLineage.searchResults.map((x) => x.entity.urn)).toContain(
      'urn:li:dataProcessInstance:r1',
    );
  });
});

describe('searchAcrossLineage: lineage flags', () => {
  afterEach(() => {
    delete process.env.ELASTICSEARCH_SEARCH_GRAPH_MULTI_PATH_SEARCH;
  });

  it('ignoreAsHops: jobs are returned flagged and do not count as a hop', async () => {
    const { search, degrees } = setup();
    const plain = await search({ urn: C.tripFeatures, direction: 'UPSTREAM', orFilters: ALL_DEGREES });
    expect(degrees(plain.searchResults)).toEqual({ [C.stgTrips]: 1, [C.etl]: 1, [C.rawZones]: 2, [C.rawTrips]: 2 });
    const r = await search({
      urn: C.tripFeatures,
      direction: 'UPSTREAM',
      orFilters: ALL_DEGREES,
      lineageFlags: { ignoreAsHops: [{ entityType: 'DATA_JOB' }] },
    });
    expect(degrees(r.searchResults)).toEqual({ [C.stgTrips]: 1, [C.etl]: 1, [C.rawZones]: 1, [C.rawTrips]: 2 });
    expect(r.searchResults.filter((x) => x.ignoredAsHop).map((x) => x.entity.urn)).toEqual([C.etl]);
    // A platform that does not match leaves the job as an ordinary hop.
    const other = await search({
      urn: C.tripFeatures,
      direction: 'UPSTREAM',
      orFilters: ALL_DEGREES,
      lineageFlags: { ignoreAsHops: [{ entityType: 'DATA_JOB', platforms: ['urn:li:dataPlatform:dbt'] }] },
    });
    expect(degrees(other.searchResults)[C.rawZones]).toBe(2);
  });

  it('entitiesExploredPerHopLimit keeps that many new neighbours per entity and flags them truncated', async () => {
    const { search } = setup();
    const r = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      count: 50,
      orFilters: ALL_DEGREES,
      lineageFlags: { entitiesExploredPerHopLimit: 1 },
    });
    const hop1 = r.searchResults.filter((x) => x.degree === 1);
    expect(hop1).toHaveLength(1);
    expect(hop1[0]?.truncatedChildren).toBe(true);
    const unlimited = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      count: 50,
      orFilters: ALL_DEGREES,
      lineageFlags: { entitiesExploredPerHopLimit: 50 },
    });
    expect(unlimited.total).toBe(8);
    expect(unlimited.searchResults.some((x) => x.truncatedChildren)).toBe(false);
  });

  it('with GMS multi-path search enabled, a UI walk reports every route and degree', async () => {
    process.env.ELASTICSEARCH_SEARCH_GRAPH_MULTI_PATH_SEARCH = 'true';
    const { search, routes } = setup();
    const r = await search({
      urn: C.tipModel,
      direction: 'UPSTREAM',
      count: 50,
      orFilters: ALL_DEGREES,
      lineageFlags: { entitiesExploredPerHopLimit: 50 },
    });
    const features = r.searchResults.find((x) => x.entity.urn === C.tripFeatures);
    expect(routes(features)).toEqual(
      expect.arrayContaining([
        [C.tipModel, C.tipRate, C.tripFeatures],
        [C.tipModel, C.farePerMile, C.tripFeatures],
        [C.tipModel, C.training, C.tripFeatures],
      ]),
    );
    expect(features?.degrees).toEqual([2]);
    const stg = r.searchResults.find((x) => x.entity.urn === C.stgTrips);
    expect(stg?.degree).toBe(2);
    // trip_features → stg_trips joins two entities of the same hop, which the limited walk skips; the job
    // trip_features ← etl → stg_trips reaches stg_trips again at degree 4.
    expect(stg?.degrees).toEqual([2, 4]);
    expect(routes(stg)).toEqual(
      expect.arrayContaining([
        [C.tipModel, C.training, C.stgTrips],
        [C.tipModel, C.tipRate, C.tripFeatures, C.etl, C.stgTrips],
      ]),
    );
    // The impact walk (no UI flags) never explores multiple paths.
    const impact = await search({ urn: C.tipModel, direction: 'UPSTREAM', count: 50, orFilters: ALL_DEGREES });
    expect(routes(impact.searchResults.find((x) => x.entity.urn === C.tripFeatures))).toHaveLength(1);
  });
});
