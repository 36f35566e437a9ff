import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../src/demo/index.js';
import { generateCatalog } from '../src/generate/index.js';
import { graphOf, walkLineage, type GraphIndex } from '../src/lineage/index.js';
import { walkEveryHop } from '../src/lineage/lineage-walk.js';
import { loadRecords } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { addChain, addDataset, CHAIN as C, ds } from './support/graph-catalog.js';

// walkLineage answers a plain single hop (the `lineage` field's walk) with a shortcut; it must give exactly
// what the level-order walk gives, for every entity and column, both directions, with and without a window.

const WINDOWS = [undefined, { startTimeMillis: 1_000, endTimeMillis: 2_000 }];

function everyUrn(graph: GraphIndex, store: Store): string[] {
  const urns = new Set<string>([...store.all()].map((e) => e.urn));
  for (const urn of [...urns]) {
    for (const edge of [...graph.outgoing(urn), ...graph.incoming(urn)]) {
      urns.add(edge.source);
      urns.add(edge.destination);
      if (edge.via) urns.add(edge.via);
    }
  }
  return [...urns];
}

function expectShortcutAgrees(store: Store): number {
  const graph = graphOf(store);
  let hits = 0;
  for (const urn of everyUrn(graph, store)) {
    for (const direction of ['UPSTREAM', 'DOWNSTREAM'] as const) {
      for (const window of WINDOWS) {
        const opts = { direction, maxHops: 1, ...window };
        const shortcut = walkLineage(graph, urn, opts).hits;
        expect(shortcut, `${direction} of ${urn}`).toStrictEqual(walkEveryHop(graph, urn, opts).hits);
        hits += shortcut.length;
      }
    }
  }
  return hits;
}

/** Lineage through queries (each crossed once), timestamps in and out of the window, manual edges, a cycle. */
function addQueryLineage(store: Store): void {
  const a = ds('q.a');
  const b = ds('q.b');
  const c = ds('q.c');
  const stamp = (time: number) => ({ time, actor: 'urn:li:corpuser:x' });
  addDataset(store, a, { columns: ['id'] });
  store.write(b, 'upstreamLineage', {
    upstreams: [
      { dataset: a, type: 'TRANSFORMED', query: 'urn:li:query:q1', created: stamp(1_500), auditStamp: stamp(1_500) },
      { dataset: C.rawTrips, type: 'TRANSFORMED', query: 'urn:li:query:q1', auditStamp: stamp(5_000) },
      {
        dataset: c,
        type: 'TRANSFORMED',
        query: 'urn:li:query:q2',
        auditStamp: stamp(5_000),
        properties: { source: 'UI' },
      },
      { dataset: b, type: 'TRANSFORMED' },
    ],
  });
  store.write(c, 'upstreamLineage', { upstreams: [{ dataset: b, type: 'TRANSFORMED', query: a }] });
  // an entity reached both as a neighbour and as the via of another edge, in both orders
  store.write(ds('q.d'), 'upstreamLineage', {
    upstreams: [
      { dataset: a, type: 'COPY' },
      { dataset: b, type: 'COPY', query: a, auditStamp: stamp(7) },
    ],
  });
  store.write(ds('q.e'), 'upstreamLineage', {
    upstreams: [
      { dataset: b, type: 'COPY', query: a, auditStamp: stamp(7) },
      { dataset: a, type: 'COPY' },
    ],
  });
}

describe('one-hop lineage shortcut', () => {
  it('agrees with the level-order walk on the chain, with query lineage, cycles and windows', () => {
    const store = new Store();
    addChain(store);
    addQueryLineage(store);
    expect(expectShortcutAgrees(store)).toBeGreaterThan(50);
  });

  it('agrees with the level-order walk on the demo catalog', () => {
    const store = new Store();
    loadRecords(store, demoCatalog(1_700_000_000_000), 'demo');
    expect(expectShortcutAgrees(store)).toBeGreaterThan(100);
  });

  it('agrees with the level-order walk on a generated catalog', () => {
    const store = new Store();
    loadRecords(store, generateCatalog({ models: 6, datasets: 40, depth: 4, seed: 3 }), 'generated');
    expect(expectShortcutAgrees(store)).toBeGreaterThan(100);
  });
});
