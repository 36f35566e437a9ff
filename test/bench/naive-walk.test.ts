import { afterEach, describe, expect, it } from 'vitest';
import { catalogFacts } from '../../bench/graph-oracle.js';
import {
  graphqlTransport,
  httpRunner,
  memoTransport,
  NAIVE_PAGE,
  naiveWalk,
  type NaiveTransport,
} from '../../bench/naive-walk.js';
import { generateCatalog, modelUrn } from '@janus/datahub-sim/generate';
import { loadRecords } from '@janus/datahub-sim/load';
import { startSim, Store, type RunningSim } from '@janus/datahub-sim';

/** A transport over a plain upstream map, recording every question it is asked. */
function fakeTransport(upstreams: Record<string, string[]>, training: Record<string, string[]> = {}) {
  const asked: string[] = [];
  const t: NaiveTransport = {
    async hop(urn, start, count) {
      asked.push(`hop ${urn} ${start}`);
      const all = upstreams[urn] ?? [];
      return { total: all.length, upstreams: all.slice(start, start + count) };
    },
    async facts(urn) {
      asked.push(`facts ${urn}`);
      return { trainingData: training[urn] ?? [] };
    },
  };
  return { t, asked };
}

describe('naive walker', () => {
  it('asks one lineage hop and one facts request per entity, each entity once, across a diamond', async () => {
    const { t, asked } = fakeTransport({ m: ['f1', 'f2'], f1: ['d'], f2: ['d'], d: ['raw'] });
    const walk = await naiveWalk(t, ['m']);
    expect(walk).toEqual({ reached: 5, hops: 3, requests: { hop: 5, facts: 5, total: 10 }, complete: true });
    expect(asked.filter((q) => q.startsWith('hop d'))).toHaveLength(1);
  });

  it("follows a model's training sets, which DataHub's lineage does not reach", async () => {
    const { t } = fakeTransport({ m: ['f'], train: ['src'] }, { m: ['train'] });
    expect((await naiveWalk(t, ['m'])).reached).toBe(4);
  });

  it('pages through an entity with more upstreams than one page holds', async () => {
    const wide = Array.from({ length: NAIVE_PAGE + 1 }, (_, i) => `d${i}`);
    const { t, asked } = fakeTransport({ m: wide });
    const walk = await naiveWalk(t, ['m']);
    expect(asked.filter((q) => q.startsWith('hop m '))).toEqual(['hop m 0', `hop m ${NAIVE_PAGE}`]);
    expect(walk.requests.hop).toBe(1 + 1 + wide.length);
    expect(walk.reached).toBe(wide.length + 1);
  });

  it('stops at the deadline and says the walk is incomplete', async () => {
    const { t } = fakeTransport({ m: ['a'], a: ['b'] });
    const walk = await naiveWalk(t, ['m'], performance.now() - 1);
    expect(walk.complete).toBe(false);
    expect(walk.requests.total).toBe(0);
  });

  it('memoised, asks the transport each question once while the walker still counts every request', async () => {
    const { t, asked } = fakeTransport({ m1: ['d'], m2: ['d'], d: [] });
    const memo = memoTransport(t);
    const first = await naiveWalk(memo, ['m1']);
    const second = await naiveWalk(memo, ['m2']);
    expect([first.requests.total, second.requests.total]).toEqual([4, 4]);
    expect(asked.filter((q) => q.includes(' d'))).toEqual(['hop d 0', 'facts d']);
  });
});

describe('naive walker against the simulator', () => {
  let sim: RunningSim | undefined;
  afterEach(() => sim?.close());

  it('sends what the in-process count says, and reaches what it reaches', async () => {
    const records = generateCatalog({ models: 3, datasets: 24, depth: 4, seed: 5 });
    sim = await startSim({ records, port: 0 });
    const store = new Store();
    loadRecords(store, records, 'generated');
    const facts = await catalogFacts(store, 'all');
    const model = modelUrn(1);
    const expected = facts.naive.find((m) => m.model === model)!;

    sim.resetStats();
    const walk = await naiveWalk(graphqlTransport(httpRunner(sim.url)), [model]);
    expect(walk.requests.total).toBe(sim.stats().requests);
    expect(sim.stats().byOperation).toEqual({
      NaiveUpstreamHop: walk.requests.hop,
      NaiveEntityFacts: walk.requests.facts,
    });
    expect({ reached: walk.reached, hops: walk.hops, requests: walk.requests.total }).toEqual({
      reached: expected.reached,
      hops: expected.hops,
      requests: expected.requests,
    });
    expect(walk.reached).toBeGreaterThan(5);
    expect(facts.needed).toBeGreaterThanOrEqual(walk.reached);
    expect(facts.models).toHaveLength(3);
  });
});
