import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../src/generate/index.js';
import { graphOf, GraphIndex } from '../src/lineage/index.js';
import { walkReach, Reach } from '../src/lineage/lineage-reach.js';
import { findLineage, findLineageByWalk, pageOf, type LineageSearchInput } from '../src/lineage/lineage-search.js';
import { walkEveryHop } from '../src/lineage/lineage-walk.js';
import { loadRecords } from '../src/loaders/index.js';
import type { Store } from '../src/store/store.js';
import { addChain, addDataset, addModel, CHAIN as C, col, ds, model } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';
import { sampleOf, TEST_SEED } from './support/thorough.js';

// Plain impact walks are answered from a cached reach over integer ids; the level-order walk stays the
// reference. Every answer of the fast path must be the one the walk gives: rows, order, totals, pages.

const NOW = 1_700_000_000_000;
const degreeFilter = (...values: string[]) => [{ and: [{ field: 'degree', values }] }];
const DEGREES = [undefined, ['1'], ['2'], ['3+'], ['1', '2'], ['1', '2', '3+']];
const TYPES = [undefined, ['MLMODEL'], ['DATASET', 'DATA_JOB'], ['SCHEMA_FIELD']];

/** The lineage search inputs the test asks of every start: degree facets, types, both modes, a text query. */
function inputs(urn: string): { input: LineageSearchInput; mode: 'search' | 'scroll' }[] {
  const out: { input: LineageSearchInput; mode: 'search' | 'scroll' }[] = [];
  for (const direction of ['UPSTREAM', 'DOWNSTREAM'] as const) {
    for (const degrees of DEGREES) {
      for (const types of TYPES) {
        for (const mode of ['search', 'scroll'] as const) {
          out.push({
            mode,
            input: { urn, direction, types, query: '*', ...(degrees ? { orFilters: degreeFilter(...degrees) } : {}) },
          });
        }
      }
    }
    out.push({ mode: 'search', input: { urn, direction, query: 'layer', orFilters: degreeFilter('1', '2', '3+') } });
    out.push({
      mode: 'search',
      input: {
        urn,
        direction,
        orFilters: [
          {
            and: [
              { field: 'degree', values: ['1', '2', '3+'] },
              { field: 'platform', values: ['urn:li:dataPlatform:snowflake'] },
            ],
          },
        ],
      },
    });
    out.push({
      mode: 'scroll',
      input: { urn, direction, searchFlags: { groupingSpec: { groupingCriteria: [] } }, orFilters: degreeFilter('3+') },
    });
  }
  return out;
}

/** A page's rows as plain values (the fast path's rows read their routes lazily). */
const plain = (rows: ReturnType<typeof pageOf>['rows']) =>
  rows.map((r) => ({
    urn: r.urn,
    degree: r.degree,
    degrees: r.degrees,
    paths: r.paths,
    explored: r.explored,
    truncatedChildren: r.truncatedChildren,
    ignoredAsHop: r.ignoredAsHop,
  }));

/** Everything lineage search answers for `input`: the whole result, and a few pages of it. */
function answer(graph: GraphIndex, find: typeof findLineage, input: LineageSearchInput, mode: 'search' | 'scroll') {
  let matches;
  try {
    matches = find(graph, input, mode, NOW);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const pages = [
    [0, 10_000],
    [0, 3],
    [2, 5],
    [7, 4],
    [-3, 10],
  ].map(([from, size]) => {
    const page = pageOf(graph, matches, from!, size!);
    return { ...page, rows: plain(page.rows) };
  });
  return { path: matches.path, total: matches.total, pages };
}

/**
 * How many of a start's 102 inputs each comparison asks by default (every one under JANUS_THOROUGH=1): the
 * reference walk costs most of this file's time. Each start of each call draws its own sample, so the starts of
 * a test together still ask every kind of input.
 */
const INPUTS_PER_START = 30;
let draws = 0;

/**
 * Asks the inputs of every start both ways (`sampled`: a seeded sample of them, every one under JANUS_THOROUGH=1);
 * returns how many starts the fast path answered from a reach.
 */
function expectSameAnswers(store: Store, starts: string[], sampled = true): number {
  const graph = graphOf(store);
  let fromReach = 0;
  for (const urn of starts) {
    const asked = sampled ? sampleOf(inputs(urn), INPUTS_PER_START, TEST_SEED * 100_003 + draws++) : inputs(urn);
    for (const { input, mode } of asked) {
      const reference = answer(graph, findLineageByWalk, input, mode);
      expect(answer(graph, findLineage, input, mode), `${mode} ${input.direction} ${JSON.stringify(input)}`).toEqual(
        reference,
      );
    }
    if (graph.reaches.get(urn, { direction: 'DOWNSTREAM', maxHops: 1000, maxRelations: 40_000 }) instanceof Reach)
      fromReach++;
  }
  return fromReach;
}

function generated(): Store {
  const { store } = simHarness();
  loadRecords(store, generateCatalog({ models: 10, datasets: 90, depth: 6, seed: 11 }), 'generated');
  return store;
}

const every = (store: Store, type: string) => [...store.all()].filter((e) => e.entityType === type).map((e) => e.urn);
const sample = <T>(items: T[], n: number) =>
  items.filter((_, i) => i % Math.max(1, Math.floor(items.length / n)) === 0);

describe('lineage search from cached reaches', { timeout: 120_000 }, () => {
  it('answers exactly as the level-order walk on a generated catalog, for every kind of start (a sample of inputs each)', () => {
    const store = generated();
    const starts = [
      ...sample(every(store, 'dataset'), 24),
      ...sample(every(store, 'mlModel'), 5),
      ...sample(every(store, 'dataJob'), 5),
      ...sample(every(store, 'mlFeature'), 4),
      ...sample(every(store, 'dataProcessInstance'), 3),
      ds('not.in.catalog'),
    ];
    // Most starts take the fast path (the test would prove nothing if none did).
    expect(expectSameAnswers(store, starts)).toBeGreaterThan(starts.length / 2);
  });

  it('answers exactly as the walk with query lineage (via entities), columns and cycles, which the walk answers', () => {
    const { store } = simHarness();
    addChain(store);
    const [a, b, c] = [ds('q.a'), ds('q.b'), ds('q.c')];
    addDataset(store, a, { columns: ['id'] });
    store.write(b, 'upstreamLineage', {
      upstreams: [
        { dataset: a, type: 'TRANSFORMED', query: 'urn:li:query:q1' },
        { dataset: C.rawTrips, type: 'TRANSFORMED' },
      ],
    });
    store.write(c, 'upstreamLineage', {
      upstreams: [
        { dataset: b, type: 'TRANSFORMED', query: a },
        { dataset: c, type: 'COPY' },
      ],
    });
    addDataset(store, ds('loop.x'), { upstreams: [C.tripFeatures, ds('loop.y')] });
    addDataset(store, ds('loop.y'), { upstreams: [ds('loop.x')] });
    const starts = [
      a,
      b,
      c,
      C.rawTrips,
      C.stgTrips,
      C.tipModel,
      C.etl,
      col(C.rawTrips, 'fare_amount'),
      col(C.stgTrips, 'fare'),
      ds('loop.y'),
    ];
    expectSameAnswers(store, starts, false);
    // A walk through a query is the level-order walk's to answer.
    expect(graphOf(store).reaches.get(a, { direction: 'DOWNSTREAM', maxHops: 1000 })).toBeUndefined();
  });

  it('answers the large `*` searches from the graph alone (lightning) exactly as the walk does', () => {
    const { store } = simHarness();
    loadRecords(store, generateCatalog({ models: 30, datasets: 400, depth: 6, seed: 2 }), 'generated');
    const graph = graphOf(store);
    const search = (urn: string) =>
      findLineage(graph, { urn, direction: 'DOWNSTREAM', orFilters: degreeFilter('1', '2', '3+') }, 'search', NOW);
    const large = every(store, 'dataset').filter((u) => search(u).path === 'LIGHTNING');
    expect(large.length).toBeGreaterThan(0);
    expectSameAnswers(store, large.slice(0, 3), false);
  });

  it("raises the walk's maxRelations error, word for word", () => {
    const { store } = simHarness();
    addChain(store);
    const graph = graphOf(store);
    const opts = { direction: 'UPSTREAM' as const, maxHops: 10, maxRelations: 3 };
    expect(() => graph.reaches.get(C.tipModel, opts)).toThrow(
      catchMessage(() => walkEveryHop(graph, C.tipModel, opts)),
    );
    expect(walkReach(graph.lineage, C.tipModel, { ...opts, maxRelations: 9 })).toBeInstanceOf(Reach);
  });
});

describe('cached reaches after writes and ingestion', { timeout: 120_000 }, () => {
  it('follow lineage written, removed and re-created, and outlive writes that change no lineage (a sample of inputs each)', () => {
    const store = generated();
    const sources = every(store, 'dataset')
      .filter((u) => u.includes('.layer_0.'))
      .slice(0, 4);
    const middle = every(store, 'dataset').filter((u) => u.includes('.layer_2.'));
    const models = every(store, 'mlModel');
    const starts = [...sources, ...middle.slice(0, 3), ...models.slice(0, 3)];
    expectSameAnswers(store, starts);
    const down = { direction: 'DOWNSTREAM' as const, maxHops: 1000, maxRelations: 40_000 };
    const before = graphOf(store).reaches.get(sources[0]!, down);

    // A tag and a soft delete change no lineage edge: the reach stays, the answers follow liveness.
    const modelsBelow = (urn: string) => {
      const matches = findLineage(
        graphOf(store),
        { urn, direction: 'DOWNSTREAM', types: ['MLMODEL'], orFilters: degreeFilter('1', '2', '3+') },
        'scroll',
        NOW,
      );
      return pageOf(graphOf(store), matches, 0, 1000).rows.map((r) => r.urn);
    };
    const removed = modelsBelow(sources[0]!)[0]!;
    store.write(middle[0]!, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
    store.write(removed, 'status', { removed: true });
    expect(graphOf(store).reaches.get(sources[0]!, down)).toBe(before);
    expect(modelsBelow(sources[0]!)).not.toContain(removed);
    expectSameAnswers(store, starts);

    // New lineage into the middle of the graph, a model reading a raw table, then lineage taken away.
    addDataset(store, middle[1]!, { upstreams: [sources[1]!, sources[2]!] });
    addModel(store, model('late_model'), {});
    store.write(model('late_model'), 'upstreamLineage', { upstreams: [{ dataset: sources[3]!, type: 'TRANSFORMED' }] });
    expect(graphOf(store).reaches.get(sources[0]!, down)).not.toBe(before);
    expectSameAnswers(store, [...starts, model('late_model')]);
    store.deleteAspect(middle[2]!, 'upstreamLineage');
    expectSameAnswers(store, starts);

    // Deleted and created again, a dataset's edges move to the end of its neighbours' lists (the walk's order).
    const moved = middle[3]!;
    const aspects = new Map(store.get(moved)!.aspects);
    store.deleteEntity(moved);
    expectSameAnswers(store, starts);
    for (const [name, value] of aspects) store.write(moved, name, value);
    expectSameAnswers(store, starts);
    // Deleted and created again between two reads: same edges, a new place in the order, another first route.
    const [s0, a, b, c] = [ds('diamond.s'), ds('diamond.a'), ds('diamond.b'), ds('diamond.c')];
    addDataset(store, s0);
    addDataset(store, a, { upstreams: [s0] });
    addDataset(store, b, { upstreams: [s0] });
    addDataset(store, c, { upstreams: [a, b] });
    const routeTo = (urn: string) => {
      const matches = findLineage(
        graphOf(store),
        { urn: s0, direction: 'DOWNSTREAM', orFilters: degreeFilter('1', '2', '3+') },
        'scroll',
        NOW,
      );
      return pageOf(graphOf(store), matches, 0, 100).rows.find((r) => r.urn === urn)?.paths;
    };
    expect(routeTo(c)).toEqual([[s0, a, c]]);
    store.deleteEntity(a);
    addDataset(store, a, { upstreams: [s0] });
    expect(routeTo(c)).toEqual([[s0, b, c]]);
    expectSameAnswers(store, [s0, a, b]);
    // The cached index answers as one built afresh from the same store.
    const fresh = new GraphIndex(store, store.version);
    for (const { input, mode } of inputs(sources[0]!)) {
      expect(answer(graphOf(store), findLineage, input, mode)).toEqual(answer(fresh, findLineage, input, mode));
    }
  });

  it('follow lineage ingested as metadata records, over GraphQL, page by page', async () => {
    const h = simHarness({ now: () => NOW });
    loadRecords(h.store, generateCatalog({ models: 10, datasets: 90, depth: 6, seed: 11 }), 'generated');
    const source = every(h.store, 'dataset').find((u) => u.includes('.layer_0.'))!;
    const scrollAll = async () => {
      const rows: unknown[] = [];
      let scrollId: string | null = null;
      let total = -1;
      do {
        const {
          scrollAcrossLineage: page,
        }: { scrollAcrossLineage: { searchResults: unknown[]; nextScrollId: string | null; total: number } } =
          await h.data(SCROLL, {
            input: {
              urn: source,
              direction: 'DOWNSTREAM',
              types: ['MLMODEL', 'DATASET'],
              count: 7,
              scrollId,
              orFilters: degreeFilter('1', '2', '3+'),
            },
          });
        rows.push(...page.searchResults);
        scrollId = page.nextScrollId;
        total = page.total;
      } while (scrollId);
      return { rows, total };
    };
    /** The same, from the level-order walk: every row of the search at once. */
    const reference = () => {
      const graph = graphOf(h.store);
      const matches = findLineageByWalk(
        graph,
        {
          urn: source,
          direction: 'DOWNSTREAM',
          types: ['MLMODEL', 'DATASET'],
          orFilters: degreeFilter('1', '2', '3+'),
        },
        'scroll',
        NOW,
      );
      const rows = pageOf(graph, matches, 0, matches.total).rows.map((r) => ({
        entity: { urn: r.urn },
        degree: r.degree,
        degrees: r.degrees,
        explored: r.explored,
        paths: r.paths.map((p) => ({ path: p.map((urn) => ({ urn })) })),
      }));
      return { rows, total: matches.total };
    };
    const before = await scrollAll();
    expect(before).toEqual(reference());
    expect(before.total).toBeGreaterThan(20);

    const late = ds('gen.late_table');
    loadRecords(
      h.store,
      [
        {
          entityType: 'dataset',
          entityUrn: late,
          changeType: 'UPSERT',
          aspectName: 'upstreamLineage',
          aspect: {
            json: {
              upstreams: [
                { dataset: source, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
              ],
            },
          },
        },
        {
          entityType: 'mlModel',
          entityUrn: model('late_model'),
          changeType: 'UPSERT',
          aspectName: 'mlModelProperties',
          aspect: { json: { customProperties: {}, tags: [] } },
        },
        {
          entityType: 'mlModel',
          entityUrn: model('late_model'),
          changeType: 'UPSERT',
          aspectName: 'upstreamLineage',
          aspect: {
            json: {
              upstreams: [
                { dataset: late, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
              ],
            },
          },
        },
      ],
      'ingested',
    );
    const after = await scrollAll();
    expect(after).toEqual(reference());
    expect(after.total).toBe(before.total + 2);
    expect(after.rows).toContainEqual(expect.objectContaining({ entity: { urn: model('late_model') }, degree: 2 }));
  });
});

const SCROLL = `query($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) {
    nextScrollId total
    searchResults { entity { urn } degree degrees explored paths { path { urn } } }
  }
}`;

function catchMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
}
