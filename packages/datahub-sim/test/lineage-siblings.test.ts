import { describe, expect, it } from 'vitest';
import { loadRecords } from '../src/loaders/index.js';
import { ds, feature } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';
import { mcp } from './support/records.js';

// A dbt project over Snowflake as DataHub's dbt ingestion and its SiblingAssociationHook leave it: the dbt source S
// reads the raw table R; the dbt model D reads S; the warehouse table W is built by D (dbt writes W's upstream as
// D) and, by the warehouse's own SQL lineage, reads R. Each dbt node is the primary sibling of its warehouse table.
const R = ds('raw.events');
const S = ds('raw.events', 'dbt');
const D = ds('analytics.orders', 'dbt');
const W = ds('analytics.orders');
const F = feature('orders_from_table');
const G = feature('orders_from_model');

const upstreams = (urn: string, ups: string[]) =>
  mcp('dataset', urn, 'upstreamLineage', {
    upstreams: ups.map((dataset) => ({
      dataset,
      type: 'TRANSFORMED',
      auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' },
    })),
  });
const siblings = (urn: string, of: string[], primary: boolean) =>
  mcp('dataset', urn, 'siblings', { siblings: of, primary });

const RECORDS = [
  ...[R, S, D, W].map((urn) => mcp('dataset', urn, 'status', { removed: false })),
  upstreams(S, [R]),
  upstreams(D, [S]),
  upstreams(W, [D, R]),
  siblings(S, [R], true),
  siblings(R, [S], false),
  siblings(D, [W], true),
  siblings(W, [D], false),
  mcp('mlFeature', F, 'mlFeatureProperties', { sources: [W] }),
  mcp('mlFeature', G, 'mlFeatureProperties', { sources: [D] }),
];

const LINEAGE = `query($urn: String!, $input: LineageInput!) {
  dataset(urn: $urn) {
    lineage(input: $input) { start count total filtered relationships { type entity { urn } } }
  }
}`;

interface Lineage {
  start: number;
  count: number;
  total: number;
  filtered: number;
  relationships: { type: string; entity: { urn: string } }[];
}

function setup() {
  const h = simHarness();
  const report = loadRecords(h.store, RECORDS, 'siblings');
  expect(report.errors).toEqual([]);
  const lineage = async (urn: string, input: Record<string, unknown>) =>
    (await h.data<{ dataset: { lineage: Lineage } }>(LINEAGE, { urn, input })).dataset.lineage;
  const urns = (l: Lineage) => l.relationships.map((r) => r.entity.urn);
  return { ...h, lineage, urns };
}

describe('siblings (dbt models and their warehouse tables)', () => {
  it('Dataset.siblings answers the aspect as SiblingsMapper maps it; a dataset without one answers null', async () => {
    const { data } = setup();
    const q = `query($urn: String!) { dataset(urn: $urn) { siblings { isPrimary siblings { urn type } } } }`;
    expect((await data(q, { urn: D })).dataset.siblings).toEqual({
      isPrimary: true,
      siblings: [{ urn: W, type: 'DATASET' }],
    });
    expect((await data(q, { urn: W })).dataset.siblings).toEqual({
      isPrimary: false,
      siblings: [{ urn: D, type: 'DATASET' }],
    });
    const plain = ds('other.table');
    const h2 = simHarness();
    loadRecords(h2.store, [mcp('dataset', plain, 'status', { removed: false })], 'plain');
    expect((await h2.data(q, { urn: plain })).dataset.siblings).toBeNull();
  });

  it('with separateSiblings: true, the lineage field answers the entity alone (GraphService.getLineage)', async () => {
    const { lineage, urns } = setup();
    const up = await lineage(D, { direction: 'UPSTREAM', separateSiblings: true });
    expect(urns(up)).toEqual([S]);
    expect(up).toMatchObject({ start: 0, count: 100, total: 1, filtered: 0 });
    const wUp = await lineage(W, { direction: 'UPSTREAM', separateSiblings: true });
    expect(urns(wUp).sort()).toEqual([D, R].sort());
    expect(wUp.total).toBe(2);
  });

  it("by default a dbt model's upstream merges its table's: the sibling and the non-primary twin leave, totals add up", async () => {
    const { lineage, urns } = setup();
    // D's own edge is S; W's are D (a sibling: dropped) and R (non-primary, its primary sibling S is listed: dropped)
    const up = await lineage(D, { direction: 'UPSTREAM' });
    expect(urns(up)).toEqual([S]);
    expect(up).toMatchObject({ start: 0, count: 1, total: 3, filtered: 2 });
    expect(up.total).toBeGreaterThan(up.relationships.length);
  });

  it("by default a table's downstream merges its dbt model's: the sibling's edges come first, then the entity's", async () => {
    const { lineage, urns } = setup();
    const down = await lineage(W, { direction: 'DOWNSTREAM' });
    // W's own: F. D's: W (the entity itself, a group member: dropped) and G.
    expect(urns(down)).toEqual([G, F]);
    expect(down).toMatchObject({ count: 2, total: 3, filtered: 1 });
    const separate = await lineage(W, { direction: 'DOWNSTREAM', separateSiblings: true });
    expect(urns(separate)).toEqual([F]);
    expect(separate.total).toBe(1);
  });

  it('paging passes the sibling what is left of count and offset, as SiblingGraphService computes it', async () => {
    const { lineage, urns } = setup();
    // W's own page [0, 1) is F (total 1): the sibling D then gets offset 0 and count 0, so nothing of it
    const first = await lineage(W, { direction: 'DOWNSTREAM', count: 1 });
    expect(urns(first)).toEqual([F]);
    expect(first).toMatchObject({ count: 1, total: 3 });
    // offset 1 is past W's one edge: D's page starts at 1 - 1 = 0 with the count left, 1 - 0 = 1
    const second = await lineage(W, { direction: 'DOWNSTREAM', start: 1, count: 1 });
    // `start` is the last sibling's (combinedLineageResult.setStart of the result being merged in): 0, not 1
    expect(second.start).toBe(0);
    expect(second.total).toBe(3);
    const dOrder = urns(await lineage(D, { direction: 'DOWNSTREAM', separateSiblings: true }));
    // D's first edge, unless it is W (a group member, dropped)
    expect(urns(second)).toEqual(dOrder[0] === W ? [] : [dOrder[0]]);
  });

  it('a dataset without a siblings aspect answers the same either way', async () => {
    const { lineage } = setup();
    const merged = await lineage(ds('raw.events'), { direction: 'DOWNSTREAM' });
    // R has siblings: its downstream merges S's (D). Of a feature, nothing is merged.
    expect(merged.total).toBeGreaterThan(0);
    const h = setup();
    const plain = await h.data(
      `query { mlFeature(urn: "${F}") { lineage(input: { direction: UPSTREAM }) { total relationships { entity { urn } } } } }`,
    );
    expect(plain.mlFeature.lineage).toEqual({ total: 1, relationships: [{ entity: { urn: W } }] });
  });

  it('multi-hop lineage search does no sibling merging: upstream of a feature reading D never reaches W', async () => {
    const { data } = setup();
    const q = `query($urn: String!) {
      searchAcrossLineage(input: { urn: $urn, direction: UPSTREAM, query: "*", count: 100,
        orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) {
        total searchResults { degree entity { urn } }
      }
    }`;
    const r = (await data(q, { urn: G })).searchAcrossLineage;
    expect(r.searchResults.map((x: { entity: { urn: string } }) => x.entity.urn).sort()).toEqual([D, R, S].sort());
  });

  it('a siblings aspect ingested after a first read changes the next answer', async () => {
    const h = simHarness();
    loadRecords(
      h.store,
      RECORDS.filter((r) => r.aspectName !== 'siblings'),
      'before',
    );
    const q = `query($urn: String!) { dataset(urn: $urn) { lineage(input: { direction: UPSTREAM }) { total } } }`;
    expect((await h.data(q, { urn: D })).dataset.lineage.total).toBe(1);
    loadRecords(
      h.store,
      RECORDS.filter((r) => r.aspectName === 'siblings'),
      'dbt',
    );
    expect((await h.data(q, { urn: D })).dataset.lineage.total).toBe(3);
  });
});
