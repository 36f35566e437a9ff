import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue, loadFiles } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';

/**
 * DataHub's own sample metadata files, when the repository's checkout sits next to the shared reference folder
 * (a fresh clone does not: the test is skipped there). Every file must load without errors or warnings.
 */
const SAMPLES = new URL('../../../../shared/reference/datahub-samples/', import.meta.url).pathname;
const haveSamples = existsSync(SAMPLES);

describe.skipIf(!haveSamples)('DataHub sample files', () => {
  const load = async () => {
    const store = new Store();
    const report = await loadFiles(store, [SAMPLES, `${SAMPLES}ml-lineage`], { now: () => 0 });
    return { store, report };
  };

  it('load completely, with no errors or warnings', async () => {
    const { report } = await load();
    expect(report.errors.map(formatIssue)).toEqual([]);
    expect(report.warnings.map(formatIssue)).toEqual([]);
    // 7 files at the top level, 4 through the ml-lineage manifest; 689 records in all.
    expect(report).toMatchObject({ files: 11, records: 689 });
  });

  it('keep the later of two records for a versioned aspect (okta: mary.jane ends SUSPENDED)', async () => {
    const { store } = await load();
    expect(store.aspect('urn:li:corpuser:mary.jane', 'corpUserStatus')).toMatchObject({ status: 'SUSPENDED' });
    expect(store.aspect('urn:li:corpuser:good.test', 'corpUserStatus')).toMatchObject({ status: 'ACTIVE' });
  });

  it('apply the dbt golden file’s three upstreamLineage patches', async () => {
    const { store } = await load();
    for (const name of [
      'an-aliased-view-for-monthly-billing',
      'an-aliased-view-for-payments',
      'payments_by_customer_by_month',
    ]) {
      const urn = `urn:li:dataset:(urn:li:dataPlatform:postgres,pagila.dbt_postgres.${name},PROD)`;
      const lineage = store.aspect<{ upstreams: unknown[]; fineGrainedLineages: unknown[] }>(urn, 'upstreamLineage');
      expect(lineage?.upstreams).toEqual([
        {
          auditStamp: { time: 1643871600000, actor: 'urn:li:corpuser:unknown' },
          dataset: `urn:li:dataset:(urn:li:dataPlatform:dbt,pagila.dbt_postgres.${name},PROD)`,
          type: 'COPY',
        },
      ]);
      expect(lineage?.fineGrainedLineages.length).toBeGreaterThan(0);
      expect(lineage?.fineGrainedLineages[0]).toMatchObject({
        upstreamType: 'FIELD_SET',
        downstreamType: 'FIELD',
        confidenceScore: 1,
        transformOperation: 'NONE',
      });
    }
  });

  it('decode every record style into the store contract', async () => {
    const { store } = await load();
    // cypress: an older MCE wrapping an array of wrapped strings.
    expect(store.aspect('urn:li:chart:(looker,cypress_baz2)', 'chartInfo')).toMatchObject({
      inputs: ['urn:li:dataset:(urn:li:dataPlatform:hdfs,SampleCypressHdfsDataset,PROD)'],
    });
    // bootstrap: ML model card aspects under their registered names.
    const science = 'urn:li:mlModel:(urn:li:dataPlatform:science,scienceModel,PROD)';
    for (const aspect of [
      'mlModelProperties',
      'mlModelTrainingData',
      'mlModelEvaluationData',
      'mlModelMetrics',
      'cost',
    ]) {
      expect(store.aspect(science, aspect), aspect).toBeDefined();
    }
    expect(store.aspect('urn:li:corpGroup:jdoe', 'corpGroupInfo')).toMatchObject({ slack: 'bfoo-squad' });
    // ml-lineage (through its manifest): three MLflow models whose features come from the warehouse.
    for (const model of ['tip_predictor_v3', 'eta_predictor_v2', 'surge_pricing_v1']) {
      const urn = `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${model},PROD)`;
      expect(
        store.aspect<{ mlFeatures?: string[] }>(urn, 'mlModelProperties')?.mlFeatures?.length,
        model,
      ).toBeGreaterThan(0);
    }
    const dump = JSON.stringify([...store.all()].map((e) => [...e.aspects.values(), ...e.timeseries.values()]));
    expect(dump).not.toContain('pegasus2avro');
    expect(dump).not.toMatch(/\{"(string|long|int|double|float|boolean|array|map|bytes)":/);
    expect(dump).not.toContain(':null');
  });

  it('accumulate run events (fivetran: each run STARTED then COMPLETE, newest first)', async () => {
    const { store } = await load();
    const runs = [...store.all('dataProcessInstance')].filter((e) => e.timeseries.has('dataProcessInstanceRunEvent'));
    const fivetran = runs.filter((e) =>
      ['be36f55c13ec4e313c7510770e50784a', 'd8f100271d2dc3fa905717f82d083c8d', 'ee88d32dbe3133a23a9023c097050190'].some(
        (id) => e.urn.endsWith(id),
      ),
    );
    expect(fivetran).toHaveLength(3);
    for (const run of fivetran) {
      const events = store.timeseries<{ status: string }>(run.urn, 'dataProcessInstanceRunEvent');
      expect(events.map((e) => e.status)).toEqual(['COMPLETE', 'STARTED']);
    }
  });
});
