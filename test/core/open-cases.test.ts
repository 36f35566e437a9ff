import { describe, expect, it } from 'vitest';
import { resolveLabel } from '../../src/core/conventions/label.js';
import { freshnessSla } from '../../src/core/conventions/freshness-sla.js';
import type { AssertionFact } from '../../src/core/graph.js';
import type { RawEntity } from '../../src/datahub/queries/entities.js';
import { toNode } from '../../src/datahub/map-entity.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { Catalog } from '../../src/core/catalog.js';
import { col, detectAll, ds, graph, HOUR, job, NOW } from './builder.js';

// The cases docs/conventions.md settles ("Cases the rules above leave open"), each as Janus reads and judges it.

const DAY = 24 * HOUR;
const jobRaw = (results: string[]): RawEntity => ({
  urn: job('etl'),
  type: 'DATA_JOB',
  runs: {
    runs: results.map((resultType, i) => ({
      urn: `urn:li:dataProcessInstance:run${i}`,
      state: [{ status: 'COMPLETE', timestampMillis: NOW - i * HOUR, result: { resultType } }],
    })),
  },
});
const checkRaw = (info: unknown, results: string[]): RawEntity => ({
  urn: ds('t'),
  type: 'DATASET',
  assertions: {
    total: 1,
    assertions: [
      {
        urn: 'urn:li:assertion:a',
        info: info as never,
        runEvents: { runEvents: results.map((type, i) => ({ timestampMillis: NOW - i * HOUR, result: { type } })) },
      },
    ],
  },
});
const freshnessInfo = (unit: string, multiple = 1) => ({
  type: 'FRESHNESS',
  freshnessAssertion: { schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit, multiple } } },
});

describe('cases the conventions leave open, settled', () => {
  it('a run SKIPPED or UP_FOR_RETRY says nothing of the job: the latest run that succeeded or failed counts', () => {
    expect(toNode(jobRaw(['SKIPPED', 'FAILURE', 'SUCCESS'])).latestRun).toMatchObject({ result: 'FAILURE' });
    expect(toNode(jobRaw(['UP_FOR_RETRY', 'SUCCESS'])).latestRun).toMatchObject({ result: 'SUCCESS' });
    expect(toNode(jobRaw(['UP_FOR_RETRY', 'SKIPPED'])).latestRun).toBeUndefined();
  });

  it('a check result ERROR (or INIT) could not decide: the latest decided result counts', () => {
    const other = { type: 'CUSTOM', customAssertion: { type: 'row count' } };
    expect(toNode(checkRaw(other, ['ERROR', 'FAILURE'])).assertions[0]!.latest).toMatchObject({ result: 'FAILURE' });
    expect(toNode(checkRaw(other, ['INIT', 'ERROR', 'SUCCESS'])).assertions[0]!.latest).toMatchObject({
      result: 'SUCCESS',
    });
    expect(toNode(checkRaw(other, ['ERROR'])).assertions[0]!.latest).toBeUndefined();
  });

  it('FIXED_INTERVAL in months, quarters and years: 30, 90 and 365 days a unit', () => {
    const sla = (unit: string, multiple?: number) =>
      toNode(checkRaw(freshnessInfo(unit, multiple), [])).assertions[0]!.slaMs;
    expect(sla('MONTH')).toBe(30 * DAY);
    expect(sla('MONTH', 2)).toBe(60 * DAY);
    expect(sla('QUARTER')).toBe(90 * DAY);
    expect(sla('YEAR')).toBe(365 * DAY);
  });

  it('an SLA text Janus cannot read is no SLA: the next convention applies', () => {
    const b = graph()
      .dataset('t', { customProperties: { freshness_sla: 'soon' } })
      .job('etl', { customProperties: { sla: '1:00:00' } }, ['t']);
    expect(freshnessSla(b.g, b.g.nodes[ds('t')]!, { byPlatform: {} })).toEqual({ ms: HOUR, source: 'job_property' });
    const alone = graph().dataset('t', { customProperties: { freshness_sla: 'whenever' } });
    expect(freshnessSla(alone.g, alone.g.nodes[ds('t')]!, { byPlatform: {} })).toBeUndefined();
  });

  it('two SLA sources of one kind on a table: the strictest', () => {
    const check = (slaMs: number, kind: AssertionFact['kind'] = 'freshness'): AssertionFact => ({
      urn: `urn:li:assertion:${kind}-${slaMs}`,
      kind,
      slaMs,
    });
    const checks = graph().dataset('t', {
      assertions: [check(48 * HOUR), check(24 * HOUR), check(HOUR, 'dbt_freshness')],
    });
    expect(freshnessSla(checks.g, checks.g.nodes[ds('t')]!, { byPlatform: {} })).toEqual({
      ms: 24 * HOUR,
      source: 'freshness_assertion',
    });
    const jobs = graph()
      .dataset('t')
      .job('daily', { customProperties: { sla: 'PT24H' } }, ['t'])
      .job('hourly', { customProperties: { sla: 'PT6H' } }, ['t']);
    expect(freshnessSla(jobs.g, jobs.g.nodes[ds('t')]!, { byPlatform: {} })).toEqual({
      ms: 6 * HOUR,
      source: 'job_property',
    });
  });

  it('both `label` and `target` custom properties: `label` wins', () => {
    const b = graph()
      .dataset('train', { cols: ['is_fraud', 'churned'] })
      .training('train')
      .model({ customProperties: { label: 'is_fraud', target: 'churned' } });
    expect(resolveLabel(b.g)).toEqual({ column: col('train', 'is_fraud'), source: 'custom_property' });
  });

  it('a label name in two training datasets: the first the model lists (mlModelTrainingData order)', () => {
    const b = graph()
      .dataset('b_train', { cols: ['is_fraud'] })
      .dataset('a_train', { cols: ['is_fraud'] })
      .training('b_train')
      .training('a_train')
      .model({ customProperties: { label: 'is_fraud' } });
    expect(resolveLabel(b.g)?.column).toBe(col('b_train', 'is_fraud'));
  });

  it('two failing checks on one table: two findings, each deducting (each is fixed and cleared on its own)', () => {
    const failing = (n: number): AssertionFact => ({
      urn: `urn:li:assertion:check${n}`,
      kind: 'other',
      latest: { at: NOW - HOUR, result: 'FAILURE' },
    });
    const b = graph()
      .dataset('t', { cols: ['amount'], assertions: [failing(1), failing(2)] })
      .feature('amount', ['t']);
    const found = detectAll(b.g).filter((f) => f.detector === 'upstream_failure');
    expect(found.map((f) => [f.key, f.weight])).toEqual([
      ['upstream_failure:urn:li:assertion:check1', 40],
      ['upstream_failure:urn:li:assertion:check2', 40],
    ]);
  });

  it('a removed model is not judged with the catalog (DataHub search hides it), though read as an input', () => {
    const modelRaw = (name: string, removed: boolean): RawEntity => ({
      urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`,
      type: 'MLMODEL',
      exists: true,
      properties: { name, mlFeatures: [] },
      status: { removed },
    });
    const cache = new EntityCache();
    for (const raw of [modelRaw('live_model', false), modelRaw('removed_model', true)]) cache.set(raw.urn, raw);
    expect(new Catalog(cache).models().map((m) => m.name)).toEqual(['live_model']);
  });

  it("a label off the model's lineage: a change above the label's table re-judges the model (modelsJudging)", () => {
    const upstream = (...urns: string[]) => ({
      total: urns.length,
      relationships: urns.map((urn) => ({ type: 'DownstreamOf', entity: { urn, type: 'DATASET' } })),
    });
    const model: RawEntity = {
      urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud,PROD)',
      type: 'MLMODEL',
      exists: true,
      properties: {
        name: 'fraud',
        mlFeatures: [],
        customProperties: [{ key: 'target', value: col('outcomes', 'is_fraud') }],
      },
      upstream: upstream(ds('features')),
    };
    const cache = new EntityCache();
    for (const raw of [
      model,
      { urn: ds('features'), type: 'DATASET', upstream: upstream(ds('events')) },
      { urn: ds('outcomes'), type: 'DATASET', upstream: upstream(ds('labels_raw')) },
      { urn: ds('labels_raw'), type: 'DATASET' },
      { urn: ds('events'), type: 'DATASET' },
    ] as RawEntity[])
      cache.set(raw.urn, raw);
    const catalog = new Catalog(cache);
    expect(catalog.modelsReading(ds('labels_raw'))).toEqual([]);
    expect(catalog.modelsJudging(ds('labels_raw'))).toEqual([model.urn]);
    expect(catalog.modelsJudging(ds('outcomes'))).toEqual([model.urn]);
    expect(catalog.modelsJudging(ds('events'))).toEqual([model.urn]);
  });
});
