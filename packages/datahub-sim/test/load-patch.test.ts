import { describe, expect, it } from 'vitest';
import { issueLines, loadFixture, NOW } from './fixtures/load/load-fixture.js';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const SYSTEM = 'urn:li:corpuser:__datahub_system';

describe('PATCH of upstreamLineage (identity-keyed upstreams and fine-grained lineage)', () => {
  const FEATURES = ds('snowflake', 'db.features');
  const TRIPS = ds('snowflake', 'db.trips');
  const S3 = ds('s3', 'bucket/trips.parquet');

  it('merges into the stored aspect: adds and removes upstreams and column edges by identity', () => {
    const { store, report } = loadFixture('patch-lineage.json');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report.applied).toBe(4);
    expect(store.aspect(FEATURES, 'upstreamLineage')).toEqual({
      // db.trips removed by the second patch; the s3 upstream (path escaped with ~1) added by the first.
      upstreams: [{ auditStamp: { time: 20, actor: 'urn:li:corpuser:unknown' }, dataset: S3, type: 'COPY' }],
      fineGrainedLineages: [
        {
          downstreams: [field(FEATURES, 'tip_rate')],
          upstreams: [field(TRIPS, 'tip')],
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 0.9,
          transformOperation: 'SQL',
        },
        {
          downstreams: [field(FEATURES, 'distance')],
          upstreams: [field(S3, 'distance')],
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 0.5,
          transformOperation: 'NONE',
        },
        {
          downstreams: [field(FEATURES, 'distance')],
          upstreams: [field(TRIPS, 'tip')],
          query: 'urn:li:query:q1',
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 1,
          transformOperation: 'NONE',
        },
      ],
    });
  });

  it('starts from an empty aspect when none is stored (the dbt golden file case) and restores path keys', () => {
    const { store } = loadFixture('patch-lineage.json');
    const view = ds('postgres', 'db.new_view');
    const dbt = ds('dbt', 'db.new_view');
    expect(store.aspect(view, 'upstreamLineage')).toEqual({
      upstreams: [
        { auditStamp: { time: 1643871600000, actor: 'urn:li:corpuser:unknown' }, dataset: dbt, type: 'COPY' },
        // The value named no dataset: the key in the path is put back, as DataHub does.
        { type: 'VIEW', dataset: ds('s3', 'bucket/raw') },
      ],
      fineGrainedLineages: [
        {
          downstreams: [field(view, 'amount')],
          upstreams: [field(dbt, 'amount')],
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 1,
          transformOperation: 'NONE',
        },
      ],
    });
  });
});

describe('PATCH of other aspects', () => {
  const COMMON = ds('hive', 'common');

  it('patches map entries with JSON-Pointer unescaping, from the template default', () => {
    const { store, report } = loadFixture('patch-common.json');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(store.aspect(COMMON, 'datasetProperties')).toEqual({
      tags: [],
      customProperties: { 'team/owner': 'ml', 'tilde~key': 't' },
      description: 'patched',
    });
  });

  it('adds and removes tags by urn, also through an arrayPrimaryKeys envelope', () => {
    const { store } = loadFixture('patch-common.json');
    expect(store.aspect(COMMON, 'globalTags')).toEqual({
      tags: [{ tag: 'urn:li:tag:gold' }, { tag: 'urn:li:tag:silver' }],
    });
  });

  it('keys owners by owner and type, for old and new patch paths, and stamps a new ownership aspect', () => {
    const { store } = loadFixture('patch-common.json');
    expect(store.aspect(COMMON, 'ownership')).toEqual({
      owners: [
        {
          owner: 'urn:li:corpGroup:ml',
          type: 'BUSINESS_OWNER',
          typeUrn: 'urn:li:ownershipType:__system__business_owner',
        },
        { owner: 'urn:li:corpuser:bob', type: 'DATA_STEWARD' },
      ],
      lastModified: { time: NOW, actor: SYSTEM },
    });
  });

  it('gives a new glossaryTerms aspect its required audit stamp', () => {
    const { store } = loadFixture('patch-common.json');
    expect(store.aspect(COMMON, 'glossaryTerms')).toEqual({
      terms: [{ urn: 'urn:li:glossaryTerm:Revenue' }],
      auditStamp: { actor: SYSTEM, time: NOW },
    });
  });

  it('patches a job’s edges and column lineage in dataJobInputOutput', () => {
    const { store } = loadFixture('patch-common.json');
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),build_features)';
    expect(store.aspect(job, 'dataJobInputOutput')).toEqual({
      inputDatajobEdges: [],
      inputDatasetEdges: [{ destinationUrn: COMMON }],
      outputDatasetEdges: [],
      fineGrainedLineages: [
        {
          downstreams: [field(ds('hive', 'out'), 'x')],
          upstreams: [field(COMMON, 'x')],
          upstreamType: 'FIELD_SET',
          downstreamType: 'FIELD',
          confidenceScore: 0.8,
          transformOperation: 'TRANSFORM',
        },
      ],
      inputDatasetFields: [],
      outputDatasetFields: [],
      inputDatajobs: [],
      inputDatasets: [],
      outputDatasets: [],
    });
  });
});

describe('patches that cannot apply', () => {
  const WIDE = ds('hive', 'wide');
  const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,m,PROD)';
  const at = (urn: string, aspect: string) => `(urn ${urn}, aspect ${aspect})`;

  it('skips them with a warning naming the record, leaves the stored aspect alone, and goes on', () => {
    const { store, report } = loadFixture('patch-failures.json');
    expect(issueLines(report.warnings)).toEqual([
      `1: patch skipped: Patching not supported on fine grained lineages with not exactly one downstream. Current fine grained lineage implementation is downstream derived and patches are keyed on the root of this derivation. ${at(WIDE, 'upstreamLineage')}`,
      `2: patch skipped: Aspect: mlModelProperties does not currently support patch operations. ${at(MODEL, 'mlModelProperties')}`,
      `3: patch skipped: no value to replace at /description ${at(WIDE, 'datasetProperties')}`,
      `4: patch skipped: Unsupported PATCH operation: \`move\` ${at(WIDE, 'datasetProperties')}`,
      `5: patch skipped: timeseries aspects cannot be patched ${at(WIDE, 'operation')}`,
      `6: patch skipped: Patch not supported for aspect with name versionProperties. Default aspect is required because no aspect currently exists. ${at(MODEL, 'versionProperties')}`,
      `7: patch skipped: Invalid JSON Patch: 0.path: Invalid input: expected string, received undefined ${at(WIDE, 'globalTags')}`,
    ]);
    expect(issueLines(report.errors)).toEqual([
      `8: invalid MCP: aspect: a PATCH aspect must be a JSON-Patch array or {"patch": [...]} ${at(WIDE, 'globalTags')}`,
    ]);
    const lineage = store.aspect<{ upstreams: unknown[] }>(WIDE, 'upstreamLineage')!;
    expect(lineage.upstreams).toHaveLength(1);
    expect(store.aspect(WIDE, 'datasetProperties')).toBeUndefined();
    expect(store.aspect(MODEL, 'mlModelProperties')).toBeUndefined();
    expect(store.timeseries(WIDE, 'operation')).toEqual([]);
    expect(store.aspect(WIDE, 'status')).toEqual({ removed: false });
    expect(report.applied).toBe(2);
  });
});
