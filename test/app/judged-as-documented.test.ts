import { afterEach, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';

// The minimal catalogs of issue 38, as ingestion writes them (metadata change proposals), judged as the docs say
// (README "What Janus checks", docs/conventions.md) with JANUS_AS_OF=2026-03-02T12:00:00Z: a soft-deleted hop is
// walked through (the model still depends on it and on all above it), a label's derivation is followed wherever the
// label lies, and a feature listed twice is one input. Each is judged the three ways Janus reads: alone (one lineage
// search), in a scan sharing reads (a lineage scroll and batched reads), and with the whole catalog.

const AS_OF = Date.parse('2026-03-02T12:00:00Z');
const HOUR = 3_600_000;
const policy = judgePolicy(judgeSchema.parse({}));

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const col = (table: string, path: string) => `urn:li:schemaField:(${ds(table)},${path})`;
const feature = (name: string) => `urn:li:mlFeature:(fraud,${name})`;
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_model,PROD)';
const OWNERS = { owners: [{ owner: 'urn:li:corpuser:alice', type: 'TECHNICAL_OWNER' }] };

type Record = {
  entityType: string;
  entityUrn: string;
  changeType: 'UPSERT';
  aspectName: string;
  aspect: { json: unknown };
};
const mcp = (entityUrn: string, aspectName: string, json: unknown): Record => ({
  entityType: entityUrn.split(':')[2]!,
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { json },
});

interface TableSpec {
  cols: string[];
  /** Tables this one is built from, and its columns' derivations (`col: table.col`). */
  from?: string[];
  columns?: { [col: string]: string };
  removed?: boolean;
  /** Hours since the last update (an operation), and a freshness SLA. */
  updatedHoursAgo?: number;
  sla?: string;
}

function table(name: string, t: TableSpec): Record[] {
  const urn = ds(name);
  const records = [
    mcp(urn, 'schemaMetadata', {
      schemaName: name,
      platform: 'urn:li:dataPlatform:snowflake',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
      fields: t.cols.map((fieldPath) => ({
        fieldPath,
        nativeDataType: 'VARCHAR',
        type: { type: { 'com.linkedin.schema.StringType': {} } },
      })),
    }),
    mcp(urn, 'datasetProperties', { name, customProperties: t.sla ? { freshness_sla: t.sla } : {} }),
    mcp(urn, 'ownership', OWNERS),
    mcp(urn, 'status', { removed: t.removed ?? false }),
    mcp(urn, 'operation', {
      timestampMillis: AS_OF - (t.updatedHoursAgo ?? 1) * HOUR,
      lastUpdatedTimestamp: AS_OF - (t.updatedHoursAgo ?? 1) * HOUR,
      operationType: 'INSERT',
    }),
  ];
  if (t.from?.length) {
    records.push(
      mcp(urn, 'upstreamLineage', {
        upstreams: t.from.map((up) => ({ dataset: ds(up), type: 'TRANSFORMED' })),
        fineGrainedLineages: Object.entries(t.columns ?? {}).map(([down, up]) => ({
          upstreamType: 'FIELD_SET',
          upstreams: [col(up.split('.')[0]!, up.split('.')[1]!)],
          downstreamType: 'FIELD',
          downstreams: [col(name, down)],
        })),
      }),
    );
  }
  return records;
}

function model(o: { features: string[]; training?: string[]; props?: { [k: string]: string } }): Record[] {
  return [
    mcp(MODEL, 'mlModelProperties', {
      name: 'fraud_model',
      customProperties: o.props ?? {},
      mlFeatures: o.features.map(feature),
    }),
    mcp(MODEL, 'ownership', OWNERS),
    ...(o.training
      ? [mcp(MODEL, 'mlModelTrainingData', { trainingData: o.training.map((d) => ({ dataset: ds(d) })) })]
      : []),
  ];
}

const featureOf = (name: string, sources: string[]): Record[] => [
  mcp(feature(name), 'mlFeatureProperties', { sources: sources.map(ds) }),
  mcp(feature(name), 'ownership', OWNERS),
];

let sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

/** The model judged alone, in a scan, and with the whole catalog: the three must agree; the first is returned. */
async function judged(records: Record[]): Promise<Verdict> {
  const sim = await startSim({ records, port: 0, now: () => AS_OF });
  sims.push(sim);
  const client = createDataHubClient({ url: sim.url });
  const now = () => AS_OF;
  const alone = (await judgeModel({ client, policy, now }, MODEL)).verdict;
  const scanned = (await judgeModel({ client, policy, now, cache: new EntityCache() }, MODEL)).verdict;
  const catalog: Verdict[] = [];
  await judgeCatalog({ client, policy, now }, (v) => void catalog.push(v));
  const plain = (v: Verdict) => ({ score: v.score, band: v.band, findings: v.findings, upstream: v.upstreamCount });
  expect(plain(scanned), 'in a scan').toEqual(plain(alone));
  expect(catalog.map(plain), 'with the whole catalog').toEqual([plain(alone)]);
  return alone;
}

const summary = (v: Verdict) => ({
  score: v.score,
  band: v.band,
  findings: v.findings.map((f) => `${f.detector} ${f.entity}`).sort(),
});

describe('judged as the docs say (issue 38)', () => {
  it('a feature whose source table is soft-deleted: 80 trusted, removed_upstream', async () => {
    const v = await judged([
      ...table('events', { cols: ['amount'] }),
      ...model({ features: ['amount'] }),
      ...featureOf('amount', ['events']),
      mcp(ds('events'), 'status', { removed: true }),
    ]);
    expect(summary(v)).toEqual({ score: 80, band: 'trusted', findings: [`removed_upstream ${ds('events')}`] });
  });

  it('a soft-deleted table mid-chain, a stale table above it: 65 caution, removed_upstream + freshness_lag', async () => {
    const v = await judged([
      ...table('raw', { cols: ['amount'], updatedHoursAgo: 72, sla: 'PT24H' }),
      ...table('clean', { cols: ['amount'], from: ['raw'], removed: true }),
      ...table('features', { cols: ['amount'], from: ['clean'] }),
      ...model({ features: ['amount'] }),
      ...featureOf('amount', ['features']),
    ]);
    expect(summary(v)).toEqual({
      score: 65,
      band: 'caution',
      findings: [`freshness_lag ${ds('raw')}`, `removed_upstream ${ds('clean')}`],
    });
    expect(v.upstreamCount).toBe(4);
  });

  it('a leak whose column path crosses a soft-deleted table: 60 at_risk, removed_upstream + target_leakage', async () => {
    const v = await judged([
      ...table('source', { cols: ['fraud_flag'] }),
      ...table('flags', {
        cols: ['fraud_flag'],
        from: ['source'],
        columns: { fraud_flag: 'source.fraud_flag' },
        removed: true,
      }),
      ...table('training', { cols: ['is_fraud'], from: ['flags'], columns: { is_fraud: 'flags.fraud_flag' } }),
      ...table('features', { cols: ['fraud_flag'], from: ['source'], columns: { fraud_flag: 'source.fraud_flag' } }),
      ...model({ features: ['fraud_flag'], training: ['training'], props: { label: 'is_fraud' } }),
      ...featureOf('fraud_flag', ['features']),
    ]);
    expect(summary(v)).toEqual({
      score: 60,
      band: 'at_risk',
      findings: [`removed_upstream ${ds('flags')}`, `target_leakage ${ds('source')}`],
    });
    const leak = v.findings.find((f) => f.detector === 'target_leakage')!;
    expect(leak.evidence.chains).toEqual([
      [
        col('features', 'fraud_flag'),
        col('source', 'fraud_flag'),
        col('flags', 'fraud_flag'),
        col('training', 'is_fraud'),
      ],
    ]);
  });

  it('the label on a table the model does not read, a feature derived from what the label derives from: 80 at_risk, target_leakage', async () => {
    const v = await judged([
      ...table('events', { cols: ['chargeback'] }),
      ...table('outcomes', { cols: ['is_fraud'], from: ['events'], columns: { is_fraud: 'events.chargeback' } }),
      ...table('features', { cols: ['chargeback'], from: ['events'], columns: { chargeback: 'events.chargeback' } }),
      ...model({ features: ['chargeback'], props: { target: col('outcomes', 'is_fraud') } }),
      ...featureOf('chargeback', ['features']),
    ]);
    expect(summary(v)).toEqual({ score: 80, band: 'at_risk', findings: [`target_leakage ${ds('events')}`] });
    // the outcomes table is read for the label's derivation, not judged as an input: events and features are upstream
    expect(v.upstreamCount).toBe(3);
  });

  it('a leaking feature listed twice: 80 at_risk, one finding', async () => {
    const v = await judged([
      ...table('training', { cols: ['is_fraud', 'score'], from: [], columns: {} }),
      ...table('features', { cols: ['score'], from: ['training'], columns: { score: 'training.is_fraud' } }),
      ...model({ features: ['score', 'score'], training: ['training'], props: { label: 'is_fraud' } }),
      ...featureOf('score', ['features']),
    ]);
    expect(summary(v)).toEqual({ score: 80, band: 'at_risk', findings: [`target_leakage ${ds('training')}`] });
  });
});

describe('removed jobs and features are walked through too', () => {
  it('a removed feature and a removed job between it and a stale table: each reported, the stale table too', async () => {
    const etl = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),build_features)';
    const v = await judged([
      ...table('raw', { cols: ['amount'], updatedHoursAgo: 72, sla: 'PT24H' }),
      ...table('features', { cols: ['amount'] }),
      mcp(etl, 'dataJobInfo', { name: 'build_features', type: { string: 'COMMAND' }, customProperties: {} }),
      mcp(etl, 'dataJobInputOutput', {
        inputDatasets: [ds('raw')],
        outputDatasets: [ds('features')],
        inputDatasetEdges: [{ destinationUrn: ds('raw') }],
        outputDatasetEdges: [{ destinationUrn: ds('features') }],
      }),
      mcp(etl, 'ownership', OWNERS),
      mcp(etl, 'status', { removed: true }),
      ...model({ features: ['amount'] }),
      ...featureOf('amount', ['features']),
      mcp(feature('amount'), 'status', { removed: true }),
    ]);
    // 100 - 20 - 20 - 15: removed feature, removed job, stale raw table
    expect(summary(v)).toMatchObject({
      findings: [`freshness_lag ${ds('raw')}`, `removed_upstream ${etl}`, `removed_upstream ${feature('amount')}`],
    });
    expect(v.score).toBe(45);
  });
});

describe('cases the conventions leave open, judged through DataHub', () => {
  it('fine-grained lineage of type DATASET is no column path: no leak is claimed from a whole table', async () => {
    const v = await judged([
      ...table('training', { cols: ['is_fraud'] }),
      ...table('features', { cols: ['score'], from: ['training'] }),
      // `score` derives from the training table as a whole (upstreamType DATASET): GMS's GraphQL answer keeps only
      // schemaField urns (FineGrainedLineagesMapper), so no column of the training table is named
      mcp(ds('features'), 'upstreamLineage', {
        upstreams: [{ dataset: ds('training'), type: 'TRANSFORMED' }],
        fineGrainedLineages: [
          {
            upstreamType: 'DATASET',
            upstreams: [ds('training')],
            downstreamType: 'FIELD',
            downstreams: [col('features', 'score')],
          },
        ],
      }),
      ...model({ features: ['score'], training: ['training'], props: { label: 'is_fraud' } }),
      ...featureOf('score', ['features']),
    ]);
    expect(summary(v)).toEqual({ score: 100, band: 'trusted', findings: [] });
  });
});
