import { describe, expect, it } from 'vitest';
import { GraphIndex, graphOf } from '../src/lineage/index.js';
import { Store } from '../src/store/store.js';
import { addDataset, col, ds } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const TAG = 'urn:li:tag:pii';
const stamp = { time: 0, actor: 'urn:li:corpuser:unknown' };
const tagged = (store: Store, urn: string, ...tags: string[]) =>
  store.write(urn, 'globalTags', { tags: tags.map((tag) => ({ tag })) });
const run = (
  store: Store,
  assertion: string,
  assertee: string,
  timestampMillis: number,
  type: string,
  assertionUrn?: string,
) =>
  store.append(assertion, 'assertionRunEvent', {
    timestampMillis,
    status: 'COMPLETE',
    asserteeUrn: assertee,
    assertionUrn: assertionUrn ?? assertion,
    runId: `r${timestampMillis}`,
    result: { type },
  });

/** Every answer the index gives about `urns`, in the order it gives them. */
function answers(graph: GraphIndex, urns: string[]) {
  return {
    edgeCount: graph.edgeCount,
    byUrn: urns.map((urn) => ({
      urn,
      outgoing: graph.outgoing(urn),
      incoming: graph.incoming(urn),
      outcomes: [...graph.assertionOutcomesFor(urn).values()],
      live: graph.isLive(urn),
    })),
  };
}

/** The cached index, caught up after writes, against one built afresh from the same store. */
function expectCaughtUp(store: Store, urns: string[]) {
  const cached = graphOf(store);
  expect(cached.version).toBe(store.version);
  expect(answers(cached, urns)).toEqual(answers(new GraphIndex(store, store.version), urns));
}

describe('graph index kept up to date by writes', () => {
  it('answers after each write exactly as an index built afresh, edge order included', () => {
    const store = new Store();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => ds(`shop.${n}`));
    const [checkA, checkB] = ['urn:li:assertion:a1', 'urn:li:assertion:a2'];
    addDataset(store, a!, { columns: ['id', 'total'] });
    addDataset(store, b!, { columns: ['id'], upstreams: [a!], columnLineage: { id: [col(a!, 'id')] } });
    addDataset(store, c!, { upstreams: [a!, b!] });
    tagged(store, b!, TAG);
    tagged(store, c!, TAG);
    run(store, checkA, a!, 10, 'SUCCESS');
    store.write(checkA, 'assertionInfo', {
      type: 'DATASET',
      datasetAssertion: { dataset: a!, scope: 'DATASET_ROWS', operator: 'GREATER_THAN' },
    });
    const urns = [
      a!,
      b!,
      c!,
      d!,
      TAG,
      checkA,
      checkB,
      col(a!, 'id'),
      col(a!, 'total'),
      col(b!, 'id'),
      'urn:li:incident:i1',
    ];
    const graph = graphOf(store);
    answers(graph, urns); // keeps liveness answers, which later writes must take back

    // The oldest dataset gets the tag: its edge goes before those of datasets created after it.
    tagged(store, a!, TAG);
    expectCaughtUp(store, urns);
    // Lineage rewritten, then dropped; a column removed from a schema; a dataset soft-deleted.
    addDataset(store, c!, { upstreams: [b!], columnLineage: { x: [col(a!, 'total'), col(b!, 'id')] } });
    expectCaughtUp(store, urns);
    store.deleteAspect(b!, 'upstreamLineage');
    addDataset(store, a!, { columns: ['id'] });
    store.write(b!, 'status', { removed: true });
    expectCaughtUp(store, urns);
    // Deleted and created again, it comes last in the store, so its edges come after everyone else's.
    store.deleteEntity(a!);
    expectCaughtUp(store, urns);
    addDataset(store, a!, { columns: ['id', 'total'], upstreams: [d!] });
    tagged(store, a!, TAG);
    tagged(store, d!, TAG);
    expectCaughtUp(store, urns);
    // An incident, and assertion runs: a newer one, another assertion on the same dataset, a moved assertee.
    store.write('urn:li:incident:i1', 'incidentInfo', {
      type: 'OPERATIONAL',
      entities: [a!, c!],
      status: { state: 'ACTIVE', lastUpdated: stamp },
      created: stamp,
    });
    run(store, checkA, a!, 20, 'FAILURE');
    run(store, checkB, a!, 15, 'SUCCESS');
    run(store, checkB, c!, 16, 'ERROR', checkA);
    expectCaughtUp(store, urns);
    store.deleteEntity(checkA);
    expectCaughtUp(store, urns);
    expect(graphOf(store)).toBe(graph);
  });

  it('rebuilds when more writes came in than the store remembers', () => {
    const store = new Store();
    addDataset(store, ds('shop.a'));
    const graph = graphOf(store);
    const first = store.version;
    for (let i = 0; i < 10_000; i++) addDataset(store, ds(`shop.t${i}`), { upstreams: [ds('shop.a')] });
    expect(store.changedSince(first)).toBeUndefined();
    expect(store.changedSince(store.version - 2)).toEqual([ds('shop.t9999')]);
    expect(graphOf(store)).not.toBe(graph);
    expect(graphOf(store).incoming(ds('shop.a'))).toHaveLength(10_000);
  });

  it('lets each read see the incidents raised and resolved before it', async () => {
    const { store, data } = simHarness();
    const dataset = ds('shop.orders');
    addDataset(store, dataset);
    const active = `query($urn: String!) { dataset(urn: $urn) { incidents(state: ACTIVE) { total incidents { urn } } } }`;
    const raise = `mutation($input: RaiseIncidentInput!) { raiseIncident(input: $input) }`;
    const resolve = `mutation($urn: String!) { updateIncidentStatus(urn: $urn, input: { state: RESOLVED }) }`;
    const activeUrns = async () =>
      (await data(active, { urn: dataset })).dataset.incidents.incidents.map((i: { urn: string }) => i.urn);

    expect(await activeUrns()).toEqual([]);
    const { raiseIncident: first } = await data(raise, { input: { type: 'OPERATIONAL', resourceUrn: dataset } });
    expect(await activeUrns()).toEqual([first]);
    const { raiseIncident: second } = await data(raise, { input: { type: 'FRESHNESS', resourceUrn: dataset } });
    expect(new Set(await activeUrns())).toEqual(new Set([first, second]));
    await data(resolve, { urn: first });
    expect(await activeUrns()).toEqual([second]);
    store.write(dataset, 'status', { removed: true });
    store.write(second, 'status', { removed: true });
    expect(await activeUrns()).toEqual([]);
  });
});
