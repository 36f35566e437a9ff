import { describe, expect, it } from 'vitest';
import { addChain, addDataset, CHAIN as C, col, ds } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const SCROLL = `query($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) {
    nextScrollId total
    searchResults {
      degree
      entity { urn type ... on SchemaFieldEntity { fieldPath parent { urn } } }
      paths { path { urn type } }
    }
  }
}`;

const COLUMNS = {
  groupingSpec: { groupingCriteria: [{ baseEntityType: 'SCHEMA_FIELD', groupingEntityType: 'SCHEMA_FIELD' }] },
};
const GOLD = ds('nyc.gold_fares');

interface Result {
  degree: number;
  entity: { urn: string; type: string; fieldPath?: string; parent?: { urn: string } };
  paths: { path: { urn: string; type: string }[] }[];
}

function setup() {
  const h = simHarness();
  addChain(h.store);
  addDataset(h.store, GOLD, {
    upstreams: [C.tripFeatures],
    columns: ['avg_fare_per_mile'],
    columnLineage: { avg_fare_per_mile: [col(C.tripFeatures, 'fare_per_mile')] },
  });
  const scroll = async (input: Record<string, unknown>) =>
    (await h.data<{ scrollAcrossLineage: { total: number; searchResults: Result[] } }>(SCROLL, { input }))
      .scrollAcrossLineage;
  const routes = (r: Result | undefined) => r?.paths.map((p) => p.path.map((e) => e.urn)) ?? [];
  return { ...h, scroll, routes };
}

describe('column lineage', () => {
  it('walks column edges through three hops with the SCHEMA_FIELD grouping flag', async () => {
    const { scroll, routes } = setup();
    const start = col(GOLD, 'avg_fare_per_mile');
    const r = await scroll({ urn: start, direction: 'UPSTREAM', count: 100, searchFlags: COLUMNS });
    const byUrn = Object.fromEntries(r.searchResults.map((x) => [x.entity.urn, x]));
    expect(Object.fromEntries(r.searchResults.map((x) => [x.entity.urn, x.degree]))).toEqual({
      [col(C.tripFeatures, 'fare_per_mile')]: 1,
      [col(C.stgTrips, 'fare')]: 2,
      [col(C.stgTrips, 'distance')]: 2,
      [col(C.rawTrips, 'fare_amount')]: 3,
      [col(C.rawTrips, 'trip_distance')]: 3,
    });
    const leaf = byUrn[col(C.rawTrips, 'fare_amount')];
    expect(leaf?.entity).toMatchObject({ type: 'SCHEMA_FIELD', fieldPath: 'fare_amount', parent: { urn: C.rawTrips } });
    expect(routes(leaf)).toEqual([
      [start, col(C.tripFeatures, 'fare_per_mile'), col(C.stgTrips, 'fare'), col(C.rawTrips, 'fare_amount')],
    ]);
    expect(leaf?.paths[0]?.path.every((e) => e.type === 'SCHEMA_FIELD')).toBe(true);
  });

  it('walks columns downstream too', async () => {
    const { scroll } = setup();
    const r = await scroll({
      urn: col(C.rawTrips, 'fare_amount'),
      direction: 'DOWNSTREAM',
      count: 100,
      searchFlags: COLUMNS,
    });
    expect(Object.fromEntries(r.searchResults.map((x) => [x.entity.urn, x.degree]))).toEqual({
      [col(C.stgTrips, 'fare')]: 1,
      [col(C.tripFeatures, 'fare_per_mile')]: 2,
      [col(GOLD, 'avg_fare_per_mile')]: 3,
    });
  });

  it('folds column hits into their datasets without the grouping flag (the default grouping)', async () => {
    const { scroll, routes } = setup();
    const start = col(GOLD, 'avg_fare_per_mile');
    const r = await scroll({ urn: start, direction: 'UPSTREAM', count: 100 });
    expect(r.searchResults.map((x) => [x.entity.urn, x.entity.type, x.degree])).toEqual([
      [C.tripFeatures, 'DATASET', 1],
      [C.stgTrips, 'DATASET', 2],
      [C.rawTrips, 'DATASET', 3],
    ]);
    expect(r.total).toBe(3);
    // The dataset keeps the column routes of every column folded into it.
    expect(routes(r.searchResults[1]).sort()).toEqual(
      [
        [start, col(C.tripFeatures, 'fare_per_mile'), col(C.stgTrips, 'distance')],
        [start, col(C.tripFeatures, 'fare_per_mile'), col(C.stgTrips, 'fare')],
      ].sort(),
    );
    // A groupingSpec that groups columns into datasets is the same as none.
    const explicit = await scroll({
      urn: start,
      direction: 'UPSTREAM',
      count: 100,
      searchFlags: {
        groupingSpec: { groupingCriteria: [{ baseEntityType: 'SCHEMA_FIELD', groupingEntityType: 'DATASET' }] },
      },
    });
    expect(explicit.searchResults.map((x) => x.entity.urn)).toEqual(r.searchResults.map((x) => x.entity.urn));
  });

  it('routes column lineage of a job through the job, which is reported as a hop of its own', async () => {
    const { scroll, routes } = setup();
    const start = col(C.tripFeatures, 'duration_min');
    const r = await scroll({ urn: start, direction: 'UPSTREAM', count: 100, searchFlags: COLUMNS });
    const byUrn = Object.fromEntries(r.searchResults.map((x) => [x.entity.urn, x]));
    expect(routes(byUrn[col(C.stgTrips, 'pickup_ts')])).toEqual([[start, C.etl, col(C.stgTrips, 'pickup_ts')]]);
    expect(byUrn[col(C.stgTrips, 'pickup_ts')]?.degree).toBe(1);
    expect(byUrn[C.etl]).toMatchObject({ degree: 1, entity: { type: 'DATA_JOB' } });
    expect(routes(byUrn[C.etl])).toEqual([[start, C.etl]]);
    const onlyColumns = await scroll({
      urn: start,
      direction: 'UPSTREAM',
      types: ['SCHEMA_FIELD'],
      count: 100,
      searchFlags: COLUMNS,
    });
    expect(onlyColumns.searchResults.map((x) => x.entity.urn).sort()).toEqual(
      [col(C.stgTrips, 'dropoff_ts'), col(C.stgTrips, 'pickup_ts')].sort(),
    );
  });

  it('does not return columns their dataset does not declare, and a dataset walk never crosses into columns', async () => {
    const { scroll, store, data } = setup();
    // A lineage edge to a column that no schemaMetadata declares: GMS has no such entity.
    addDataset(store, ds('nyc.ghost_parent'), { upstreams: [], columns: [] });
    addDataset(store, GOLD, {
      upstreams: [C.tripFeatures],
      columns: ['avg_fare_per_mile'],
      columnLineage: {
        avg_fare_per_mile: [col(C.tripFeatures, 'fare_per_mile'), col(ds('nyc.ghost_parent'), 'nothing')],
      },
    });
    const r = await scroll({
      urn: col(GOLD, 'avg_fare_per_mile'),
      direction: 'UPSTREAM',
      count: 100,
      searchFlags: COLUMNS,
      orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }],
    });
    expect(r.searchResults.map((x) => x.entity.urn)).toEqual([col(C.tripFeatures, 'fare_per_mile')]);
    const datasets = await data<{ searchAcrossLineage: { searchResults: { entity: { type: string } }[] } }>(
      `query($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { searchResults { entity { type } } } }`,
      { input: { urn: GOLD, direction: 'UPSTREAM', count: 100 } },
    );
    expect(datasets.searchAcrossLineage.searchResults.every((x) => x.entity.type !== 'SCHEMA_FIELD')).toBe(true);
  });

  it('stops reading fineGrainedLineages at the first entry missing a side, as GMS does', async () => {
    const { store, scroll } = setup();
    const target = ds('nyc.partial');
    addDataset(store, target, { columns: ['a', 'b'] });
    store.write(target, 'upstreamLineage', {
      upstreams: [
        { auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' }, dataset: C.rawTrips, type: 'TRANSFORMED' },
      ],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(C.rawTrips, 'trip_id')],
          downstreamType: 'FIELD',
          downstreams: [col(target, 'a')],
        },
        { upstreamType: 'NONE', downstreamType: 'FIELD', downstreams: [col(target, 'b')] },
        {
          upstreamType: 'FIELD_SET',
          upstreams: [col(C.rawTrips, 'fare_amount')],
          downstreamType: 'FIELD',
          downstreams: [col(target, 'b')],
        },
      ],
    });
    const a = await scroll({ urn: col(target, 'a'), direction: 'UPSTREAM', searchFlags: COLUMNS });
    expect(a.total).toBe(1);
    const b = await scroll({ urn: col(target, 'b'), direction: 'UPSTREAM', searchFlags: COLUMNS });
    expect(b.total).toBe(0);
  });
});
