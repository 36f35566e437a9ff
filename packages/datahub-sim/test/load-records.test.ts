import { describe, expect, it } from 'vitest';
import { formatIssue, loadRecords } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { issueLines, loadFixture } from './fixtures/load/load-fixture.js';

const TRIPS = 'urn:li:dataset:(urn:li:dataPlatform:hive,trips,PROD)';
const TIP_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,tip_predictor,PROD)';

describe('MCE records', () => {
  it('writes each snapshot aspect under its aspect name, for every class-key form', () => {
    const { store, report } = loadFixture('mce-forms.json');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report).toMatchObject({ files: 1, records: 4, applied: 3 + 11 + 3 + 2 });
    expect([...store.get(TRIPS)!.aspects.keys()]).toEqual([
      'datasetProperties',
      'datasetDeprecation',
      'schemaMetadata',
    ]);
    expect([...store.get(TIP_MODEL)!.aspects.keys()].sort()).toEqual(
      [
        'cost',
        'intendedUse',
        'mlModelCaveatsAndRecommendations',
        'mlModelEthicalConsiderations',
        'mlModelEvaluationData',
        'mlModelFactorPrompts',
        'mlModelKey',
        'mlModelMetrics',
        'mlModelProperties',
        'mlModelQuantitativeAnalyses',
        'mlModelTrainingData',
      ].sort(),
    );
    const table = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,trip_features)';
    expect([...store.get(table)!.aspects.keys()]).toEqual(['mlFeatureTableKey', 'mlFeatureTableProperties', 'status']);
    expect([...store.get('urn:li:mlPrimaryKey:(trip_features,trip_id)')!.aspects.keys()]).toEqual([
      'mlPrimaryKeyKey',
      'mlPrimaryKeyProperties',
    ]);
    expect(store.get(TIP_MODEL)!.entityType).toBe('mlModel');
  });

  it('normalises union keys, unwraps primitive wrappers and drops nulls', () => {
    const { store } = loadFixture('mce-forms.json');
    expect(store.aspect(TRIPS, 'datasetProperties')).toEqual({
      customProperties: { team: 'ml' },
      description: 'Trips, one row per ride',
      tags: [],
    });
    expect(store.aspect(TRIPS, 'datasetDeprecation')).toEqual({
      deprecated: true,
      decommissionTime: 1700000000000,
      note: 'use trips_v2',
      actor: 'urn:li:corpuser:jdoe',
    });
    const schema = store.aspect(TRIPS, 'schemaMetadata')!;
    expect(schema.platformSchema).toEqual({ 'com.linkedin.schema.KafkaSchema': { documentSchema: '{}' } });
    expect(schema.created).toEqual({ time: 0, actor: 'urn:li:corpuser:unknown' });
    expect(schema).not.toHaveProperty('deleted');
    expect(schema).not.toHaveProperty('primaryKeys');
    expect(schema.fields).toEqual([
      {
        fieldPath: 'trip_id',
        nullable: false,
        description: 'Ride id',
        type: { type: { 'com.linkedin.schema.NumberType': {} } },
        nativeDataType: 'bigint',
        recursive: false,
      },
    ]);
    expect(store.aspect(TIP_MODEL, 'mlModelProperties')).toMatchObject({
      hyperParameters: { learning_rate: 0.1, optimizer: 'adam' },
    });
    expect(store.aspect(TIP_MODEL, 'mlModelMetrics')).toEqual({ performanceMeasures: ['auc'] });
    // A union with aliases is not a primitive wrapper: it stays as written.
    expect(store.aspect(TIP_MODEL, 'cost')).toEqual({
      costType: 'ORG_COST_TYPE',
      cost: { costCode: 'sc-1', fieldDiscriminator: 'costCode' },
    });
  });
});

describe('MCP records', () => {
  const STG = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,db.stg_trips,PROD)';
  const ETA = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,eta_predictor,PROD)';

  it('reads the {json} and the {value, contentType} aspect forms', () => {
    const { store, report } = loadFixture('mcp-forms.json');
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ records: 5, applied: 5 });
    expect(store.aspect(STG, 'schemaMetadata')).toMatchObject({
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
    });
    expect(store.aspect(ETA, 'mlModelProperties')).toEqual({
      customProperties: {},
      description: 'ETA',
      trainingMetrics: [{ name: 'mae', value: '3.2' }],
      mlFeatures: ['urn:li:mlFeature:(trip_features,trip_distance)'],
    });
  });

  it('infers a missing entityType and changeType, and accepts an entityType differing only in case', () => {
    const { store } = loadFixture('mcp-forms.json');
    expect(store.aspect('urn:li:corpuser:alice', 'corpUserStatus')).toMatchObject({ status: 'ACTIVE' });
    expect(store.get('urn:li:corpuser:alice')!.entityType).toBe('corpuser');
    expect(store.aspect(STG, 'status')).toEqual({ removed: false });
    // Structured property values are plain strings and numbers in the store.
    expect(store.aspect(ETA, 'structuredProperties')).toEqual({
      properties: [
        { propertyUrn: 'urn:li:structuredProperty:io.janus.tier', values: ['gold'] },
        { propertyUrn: 'urn:li:structuredProperty:io.janus.retention', values: [30.5] },
      ],
    });
    expect(store.get(ETA)!.entityType).toBe('mlModel');
  });
});

describe('change types', () => {
  const A = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
  const B = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
  const C = 'urn:li:dataset:(urn:li:dataPlatform:hive,c,PROD)';

  it('writes, creates only when absent, deletes, and deletes the entity with its key aspect', () => {
    const { store, report } = loadFixture('change-types.json');
    expect(store.aspect(A, 'datasetProperties')).toEqual({ description: 'updated' });
    expect(store.aspect(A, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:pii' }] });
    expect(store.aspect(A, 'status')).toBeUndefined();
    expect(store.aspect(A, 'datasetKey')).toBeUndefined();
    expect(store.aspect(B, 'status')).toEqual({ removed: false });
    expect(store.exists(C)).toBe(false);
    expect(store.timeseries(A, 'operation')).toEqual([]);
    expect(issueLines(report.errors)).toEqual([
      `2: Cannot perform CREATE since the aspect already exists. (urn ${A}, aspect datasetProperties)`,
      `6: Cannot perform CREATE_ENTITY if not exists since the entity key already exists. (urn ${A}, aspect datasetKey)`,
      `11: ChangeType not supported: DELETE for aspect operation (urn ${A}, aspect operation)`,
      `12: ChangeType not supported: CREATE for aspect operation (urn ${A}, aspect operation)`,
    ]);
    expect(report.warnings).toEqual([]);
    expect(report.applied).toBe(13 - 4);
  });
});

describe('order and timeseries', () => {
  const MARY = 'urn:li:corpuser:mary.jane';

  it('lets a later versioned write of the same urn and aspect replace the earlier one', () => {
    const { store } = loadFixture('later-wins-and-timeseries.json');
    expect(store.aspect(MARY, 'corpUserStatus')).toMatchObject({ status: 'SUSPENDED' });
    expect(store.aspect(MARY, 'corpUserInfo')).toMatchObject({ active: true });
    // Whole-aspect replace, not a merge: the first description is gone.
    expect(store.aspect(TRIPS, 'datasetProperties')).toEqual({ name: 'trips' });
  });

  it('accumulates timeseries aspects, newest first', () => {
    const { store, report } = loadFixture('later-wins-and-timeseries.json');
    expect(report.errors).toEqual([]);
    expect(store.timeseries(TRIPS, 'operation')).toEqual([
      { timestampMillis: 3000, operationType: 'UPDATE', lastUpdatedTimestamp: 3000 },
      { timestampMillis: 2000, operationType: 'DELETE', lastUpdatedTimestamp: 2000, numAffectedRows: 7 },
      { timestampMillis: 1000, operationType: 'INSERT', lastUpdatedTimestamp: 1000 },
    ]);
    expect(store.aspect(TRIPS, 'operation')).toBeUndefined();
    const runs = store.timeseries<{ status: string }>('urn:li:dataProcessInstance:run1', 'dataProcessInstanceRunEvent');
    expect(runs.map((r) => r.status)).toEqual(['COMPLETE', 'STARTED']);
  });
});

describe('invalid records', () => {
  it('reports each bad record with its file and index, and still loads the rest', () => {
    const { store, report } = loadFixture('malformed.json');
    const good = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
    expect(store.aspect(good('good_first'), 'status')).toEqual({ removed: false });
    expect(store.aspect(good('good_mce'), 'status')).toEqual({ removed: false });
    expect(store.aspect(good('good_last'), 'status')).toEqual({ removed: true });
    expect(store.exists(good('bad'))).toBe(false);
    expect(store.exists('urn:li:corpuser:bad')).toBe(false);
    // The MCE with one bad aspect is skipped whole: its valid status aspect is not written either.
    expect(store.exists(good('half'))).toBe(false);
    expect(report).toMatchObject({ files: 1, records: 18, applied: 3 });
    expect(report.errors.every((e) => e.file === 'malformed.json')).toBe(true);
    expect(report.errors.map((e) => e.index)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16]);
    const byIndex = new Map(report.errors.map((e) => [e.index, e.message]));
    expect(byIndex.get(1)).toMatch(/^invalid MCP: aspect\.value: not valid JSON/);
    expect(byIndex.get(2)).toBe(
      `invalid MCP: aspect: the aspect must be a JSON object (urn ${good('bad')}, aspect status)`,
    );
    expect(byIndex.get(3)).toBe('invalid MCP: entityUrn: entityUrn is required (aspect status)');
    expect(byIndex.get(4)).toMatch(/^invalid MCE: proposedSnapshot\..*\.urn/);
    expect(byIndex.get(6)).toBe('Unknown object type: a record with keys foo');
    expect(byIndex.get(7)).toBe(
      'invalid MCP: entityType: entityType dataset does not match the entity type corpuser of entityUrn ' +
        '(urn urn:li:corpuser:bad, aspect status)',
    );
    expect(byIndex.get(8)).toMatch(/^unsupported MCP: it names its entity by entityKeyAspect only/);
    expect(byIndex.get(9)).toBe('Unknown object type: a string');
    expect(byIndex.get(10)).toMatch(/^invalid MCE: proposedSnapshot: must have exactly one snapshot class key/);
    expect(byIndex.get(12)).toMatch(/^invalid MCP: changeType:/);
    expect(byIndex.get(13)).toMatch(
      /^invalid MCE: proposedSnapshot\..*\.aspects\.1: an aspect must be a one-key object/,
    );
    expect(byIndex.get(14)).toBe(`invalid MCP: aspectName: aspectName is required (urn ${good('bad')})`);
    expect(byIndex.get(15)).toMatch(/^invalid MCE: .*DatasetSnapshot cannot hold urn:li:corpuser:bad/);
    expect(byIndex.get(16)).toMatch(/^invalid MCP: entityUrn: not a valid urn/);
    expect(issueLines(report.warnings)).toEqual([
      '5: deprecated usage aggregation (bucket) record dropped, as DataHub drops it',
    ]);
    expect(formatIssue(report.errors[0]!)).toBe(`malformed.json#1: ${byIndex.get(1)}`);
  });

  it('accepts a single record object as the whole file, and rejects a file that is not records', () => {
    const { store, report } = loadFixture('single-record.json');
    expect(report).toMatchObject({ records: 1, applied: 1, errors: [] });
    expect(store.aspect('urn:li:dataset:(urn:li:dataPlatform:hive,single,PROD)', 'status')).toEqual({ removed: false });

    const other = loadRecords(new Store(), 42, 'number.json');
    expect(other.errors).toEqual([{ file: 'number.json', index: 0, message: 'Unknown object type: a number' }]);
  });
});

describe('system metadata', () => {
  const props = { json: { name: 'trips', customProperties: {} } };
  const load = (records: unknown[]) => {
    const store = new Store();
    expect(loadRecords(store, records, 'records', { now: () => 5000 }).errors).toEqual([]);
    return store.get(TRIPS)!.systemMetadata;
  };

  it("is the record's, filled in as GMS fills it: a missing runId is no-run-id-provided, a missing lastObserved is now", () => {
    expect(
      load([{ entityType: 'dataset', entityUrn: TRIPS, aspectName: 'datasetProperties', aspect: props }]).get(
        'datasetProperties',
      ),
    ).toEqual({ runId: 'no-run-id-provided', lastObserved: 5000 });
    const runMetadata = { runId: 'hive-2024', lastObserved: 1234, properties: { clientId: 'x' } };
    const mcp = {
      entityType: 'dataset',
      entityUrn: TRIPS,
      aspectName: 'datasetProperties',
      aspect: props,
      systemMetadata: runMetadata,
    };
    expect(load([mcp]).get('datasetProperties')).toEqual(runMetadata);
  });

  it('applies an MCE record to each of its aspects; timeseries aspects keep none', () => {
    const mce = {
      proposedSnapshot: {
        'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': {
          urn: TRIPS,
          aspects: [
            { 'com.linkedin.pegasus2avro.dataset.DatasetProperties': { name: 'trips', customProperties: {} } },
            { 'com.linkedin.pegasus2avro.common.Status': { removed: false } },
          ],
        },
      },
      systemMetadata: { runId: 'bootstrap', lastObserved: 42 },
    };
    const operation = {
      entityType: 'dataset',
      entityUrn: TRIPS,
      aspectName: 'operation',
      aspect: { json: { timestampMillis: 1, operationType: 'INSERT', lastUpdatedTimestamp: 1 } },
    };
    const metadata = load([mce, operation]);
    expect([...metadata.keys()]).toEqual(['datasetProperties', 'status']);
    expect(metadata.get('status')).toEqual({ runId: 'bootstrap', lastObserved: 42 });
  });
});
