import { describe, expect, it } from 'vitest';
import { addChain, addDataset, addJob, CHAIN as C, ds, job } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const SEARCH = `query($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) {
    start count total lineageSearchPath
    searchResults { entity { urn } degree degrees explored }
  }
}`;

type Result = {
  start: number;
  count: number;
  total: number;
  lineageSearchPath: string;
  searchResults: { entity: { urn: string }; degree: number; degrees: number[] | null; explored: boolean }[];
};

describe('which entities lineage search returns', () => {
  it('walks through soft-deleted and never-ingested entities but does not return them', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const old = ds('nyc.old_trips');
    const older = ds('nyc.older_trips');
    const phantom = ds('nyc.phantom');
    addDataset(store, old, { upstreams: [older], removed: true });
    addDataset(store, older);
    addDataset(store, C.rawTrips, { upstreams: [old, phantom], columns: ['trip_id'] });
    const r = (
      await data<{ searchAcrossLineage: Result }>(SEARCH, {
        input: { urn: C.stgTrips, direction: 'UPSTREAM', count: 50 },
      })
    ).searchAcrossLineage;
    expect(Object.fromEntries(r.searchResults.map((x) => [x.entity.urn, x.degree]))).toEqual({
      [C.rawTrips]: 1,
      [older]: 3,
    });
    expect(r.total).toBe(2);
    expect(r.lineageSearchPath).toBe('TORTOISE');
  });

  it('returns soft-deleted entities when searchFlags.includeSoftDeleted asks for them, searched or scrolled', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const old = ds('nyc.old_trips');
    const older = ds('nyc.older_trips');
    const phantom = ds('nyc.phantom');
    addDataset(store, old, { upstreams: [older], removed: true });
    addDataset(store, older);
    addDataset(store, C.rawTrips, { upstreams: [old, phantom], columns: ['trip_id'] });
    const input = { urn: C.stgTrips, direction: 'UPSTREAM', count: 50, searchFlags: { includeSoftDeleted: true } };
    const searched = (await data<{ searchAcrossLineage: Result }>(SEARCH, { input })).searchAcrossLineage;
    // the soft-deleted dataset, at its degree; never the one GMS does not have
    expect(Object.fromEntries(searched.searchResults.map((x) => [x.entity.urn, x.degree]))).toEqual({
      [C.rawTrips]: 1,
      [old]: 2,
      [older]: 3,
    });
    expect(searched.lineageSearchPath).toBe('TORTOISE');
    const scrolled = (
      await data<{ scrollAcrossLineage: { searchResults: { entity: { urn: string } }[] } }>(
        `query($input: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $input) { searchResults { entity { urn } } } }`,
        { input },
      )
    ).scrollAcrossLineage;
    expect(scrolled.searchResults.map((x) => x.entity.urn).sort()).toEqual([C.rawTrips, old, older].sort());
    // the flag is part of what a cached answer is kept under: without it, the live ones again
    const live = (
      await data<{ searchAcrossLineage: Result }>(SEARCH, { input: { ...input, searchFlags: { skipCache: false } } })
    ).searchAcrossLineage;
    expect(live.searchResults.map((x) => x.entity.urn)).not.toContain(old);
  });

  it('answers large `*` searches from the graph alone (lightning): everything walked is counted', async () => {
    const { store, data } = simHarness();
    const source = ds('fan.source');
    addDataset(store, source);
    for (let i = 0; i < 305; i++) addDataset(store, ds(`fan.t${String(i).padStart(3, '0')}`), { upstreams: [source] });
    addDataset(store, ds('fan.t000'), { upstreams: [source], removed: true });
    const writer = job('fan', 'writer');
    addJob(store, writer, { inputs: [source], outputs: [ds('fan.never_ingested')] });

    const input = {
      urn: source,
      direction: 'DOWNSTREAM',
      count: 400,
      orFilters: [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }],
    };
    const fast = (await data<{ searchAcrossLineage: Result }>(SEARCH, { input })).searchAcrossLineage;
    expect(fast.lineageSearchPath).toBe('LIGHTNING');
    // 305 datasets + the job + the dataset it writes, which GMS never ingested.
    expect(fast.total).toBe(307);
    // The page drops what GMS does not have, but keeps the soft-deleted dataset.
    expect(fast.searchResults).toHaveLength(306);
    expect(fast.searchResults.map((x) => x.entity.urn)).toContain(ds('fan.t000'));
    expect(fast.searchResults.map((x) => x.entity.urn)).not.toContain(ds('fan.never_ingested'));
    // The graph-only path reports no `degrees` and marks nothing explored.
    expect(fast.searchResults.every((x) => x.degrees === null && x.explored === false)).toBe(true);

    const slow = (await data<{ searchAcrossLineage: Result }>(SEARCH, { input: { ...input, query: 'fan' } }))
      .searchAcrossLineage;
    expect(slow.lineageSearchPath).toBe('TORTOISE');
    // Live matches only: 304 datasets (not the soft-deleted one) and the job of flow `fan`.
    expect(slow.total).toBe(305);
    expect(slow.searchResults.map((x) => x.entity.urn)).not.toContain(ds('fan.t000'));
    expect(slow.searchResults.every((x) => x.degrees !== null)).toBe(true);
  });

  it('stays on the tortoise path below the lightning threshold', async () => {
    const { store, data } = simHarness();
    const source = ds('small.source');
    addDataset(store, source);
    for (let i = 0; i < 300; i++) addDataset(store, ds(`small.t${i}`), { upstreams: [source] });
    const r = (
      await data<{ searchAcrossLineage: Result }>(SEARCH, { input: { urn: source, direction: 'DOWNSTREAM', count: 5 } })
    ).searchAcrossLineage;
    expect(r.lineageSearchPath).toBe('TORTOISE');
    expect(r.total).toBe(300);
    expect(r.searchResults).toHaveLength(5);
  });
});
