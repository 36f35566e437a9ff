import { describe, expect, it } from 'vitest';
import { modelsBelowIndex } from '../../src/core/blast-radius.js';
import { indexComponents } from '../../src/core/index-components.js';
import { lineageIndex } from '../../src/core/lineage-index.js';
import { detect } from '../../src/core/detectors/index.js';
import { effectsOf, LISTED_EFFECTS } from '../../src/core/effects.js';
import type { UpstreamGraph } from '../../src/core/graph.js';
import { context, detectAll, ds, graph, HOUR, job, MODEL, NOW, sessionFor } from './builder.js';
import { chain, run as runOf } from './detectors/chains.js';

const stale = { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } };
const run = (result: 'SUCCESS' | 'FAILURE') => ({
  urn: `urn:li:dataProcessInstance:${result}`,
  at: NOW - HOUR,
  result,
});

describe('root causes in lineage cycles', () => {
  it('keeps a stale table whose lineage loops back to itself', () => {
    const b = graph().dataset('a', stale).dataset('b').lineage('a', 'b').lineage('b', 'a').training('a');
    expect(detectAll(b.g, context()).map((f) => f.key)).toEqual([`freshness_lag:${ds('a')}`]);
  });

  it('reports one of two stale tables in a cycle (the smaller urn) and folds the other into it', () => {
    const b = graph().dataset('a', stale).dataset('b', stale).lineage('a', 'b').lineage('b', 'a').training('a');
    const findings = detectAll(b.g, context());
    expect(findings.map((f) => f.key)).toEqual([`freshness_lag:${ds('a')}`]);
    expect(effectsOf(findings[0]!).listed.map((e) => e.entity)).toEqual([ds('b')]);
  });

  it('orders components upstream first', () => {
    const up = { c: ['b'], b: ['a', 'c2'], c2: ['b'], a: [] };
    const index = lineageIndex(up);
    const { of } = indexComponents(index);
    const at = (u: string) => of[index.id.get(u)!]!;
    expect(at('a')).toBeLessThan(at('b'));
    expect(at('b')).toBe(at('c2'));
    expect(at('b')).toBeLessThan(at('c'));
  });
});

describe('a failed job with several products', () => {
  it('is not folded into a product of its own that lies downstream of another', () => {
    // build produces both `a_out` and `z_out`; z_out feeds a_out, so the finding's entity (a_out, first by urn) has
    // trouble upstream, but the job is still the root: z_out has nothing troubled above it
    const b = graph()
      .dataset('a_out')
      .dataset('z_out')
      .lineage('a_out', 'z_out')
      .training('a_out')
      .job('build', { latestRun: run('FAILURE') }, ['a_out', 'z_out']);
    const findings = detectAll(b.g, context());
    expect(findings.map((f) => f.key)).toEqual([`upstream_failure:${job('build')}`]);
  });

  it('explains trouble downstream of any of its products', () => {
    const b = graph()
      .dataset('a_out')
      .dataset('z_out')
      .dataset('late', stale)
      .lineage('late', 'z_out')
      .training('late')
      .training('a_out')
      .job('build', { latestRun: run('FAILURE') }, ['a_out', 'z_out']);
    const [root, ...rest] = detectAll(b.g, context());
    expect(rest).toEqual([]);
    expect(effectsOf(root!).listed.map((e) => e.entity)).toEqual([ds('late')]);
  });
});

describe('effects of a root cause', () => {
  it(`lists the first ${LISTED_EFFECTS} folded findings, upstream first, and counts every dataset it explains`, () => {
    const b = graph().dataset('t0', stale);
    for (let i = 1; i < 30; i++) b.dataset(`t${i}`, stale).lineage(`t${i}`, `t${i - 1}`);
    b.training('t29');
    const findings = detectAll(b.g, context());
    expect(findings).toHaveLength(1);
    const { listed, datasets, unlisted } = effectsOf(findings[0]!);
    expect(listed.map((e) => e.entity)).toEqual(Array.from({ length: LISTED_EFFECTS }, (_, i) => ds(`t${i + 1}`)));
    expect(datasets).toBe(29);
    expect(unlisted).toBe(29 - LISTED_EFFECTS);
  });
});

describe('graphs of one catalog sharing what holds whatever the model', () => {
  /** Two models over one set of records: m1 reads t2 (below a failed job), m2 reads t1 only. */
  function catalog() {
    const b = graph()
      .dataset('t0', stale)
      .dataset('t1', stale)
      .dataset('t2', stale)
      .lineage('t1', 't0')
      .lineage('t2', 't1')
      .job('build_t2', { latestRun: run('FAILURE') }, ['t2'], ['t1'])
      .training('t2');
    const m2 = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,other,PROD)';
    b.g.nodes[m2] = { ...b.g.nodes[MODEL]!, urn: m2, name: 'other' };
    b.g.upstreams[m2] = [ds('t1')];
    return { g: b.g, m2 };
  }
  const judge = (g: UpstreamGraph) => detectAll(g, context());

  it('finds for each model, in one judgment run, what a run of its own would give', () => {
    const { g, m2 } = catalog();
    const run = sessionFor();
    const one = { ...g };
    const two = { ...g, model: m2, trainingData: [ds('t1')] };
    expect(detect(run, one)).toEqual(judge({ ...g }));
    expect(detect(run, two)).toEqual(judge({ ...g, model: m2, trainingData: [ds('t1')] }));
    expect(detect(run, two).map((f) => effectsOf(f).datasets)).toEqual([1]);
    expect(detect(run, one).map((f) => effectsOf(f).datasets)).toEqual([2]);
  });

  it('refuses a graph over other records than its run judges', () => {
    const { g } = catalog();
    const run = sessionFor();
    detect(run, g);
    expect(() => detect(run, { ...g, upstreams: { ...g.upstreams } })).toThrow(/other records/);
  });

  it('lists every model downstream of a dataset, through cycles too', () => {
    const { g, m2 } = catalog();
    g.upstreams[ds('t0')] = [ds('t2')]; // t0 ← t2 closes a loop t0 → t1 → t2 → t0
    const below = modelsBelowIndex(lineageIndex(g.upstreams), [MODEL, m2]);
    expect(below(ds('t2')).sort()).toEqual([MODEL, m2].sort());
    expect(below(MODEL)).toEqual([]);
  });
});

describe('one finding per root cause', () => {
  it('folds a stale table downstream of another stale table into the root finding', () => {
    const b = chain()
      .dataset('raw', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .dataset('clean', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .lineage('clean', 'raw');
    const findings = detectAll(b.g, context());
    expect(findings.map((f) => f.key)).toEqual([`freshness_lag:${ds('raw')}`]);
    expect(findings[0]!.evidence.downstreamEffects).toEqual([expect.objectContaining({ entity: ds('clean') })]);
  });

  it('folds a stale table into an upstream failure', () => {
    const b = chain()
      .dataset('train', { lastUpdated: NOW - 30 * HOUR, customProperties: { freshness_sla: 'PT24H' } })
      .lineage('train', 'clean')
      .job('build_clean', { latestRun: runOf('FAILURE', NOW - HOUR) }, ['clean'], ['raw']);
    expect(detectAll(b.g, context()).map((f) => f.detector)).toEqual(['upstream_failure']);
  });
});
