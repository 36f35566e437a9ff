import { describe, expect, it } from 'vitest';
import { schemaFieldUrn } from '../src/urn.js';
import { simHarness } from './support/harness.js';

const TRIPS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,nyc_taxi.trips,PROD)';
const RAW = 'urn:li:dataset:(urn:li:dataPlatform:s3,raw/trips,DEV)';

function seedDataset() {
  const h = simHarness();
  const { store } = h;
  store.write(TRIPS, 'datasetProperties', {
    customProperties: { owner_team: 'rides' },
    name: 'trips',
    qualifiedName: 'NYC_TAXI.TRIPS',
    description: 'One row per trip',
    externalUrl: 'https://app.snowflake.com/trips',
    created: { time: 1690000000000 },
    tags: [],
  });
  store.write(TRIPS, 'editableDatasetProperties', { description: 'Edited description' });
  store.write(TRIPS, 'schemaMetadata', {
    schemaName: 'nyc_taxi.trips',
    platform: 'urn:li:dataPlatform:snowflake',
    version: 0,
    created: { time: 0, actor: 'urn:li:corpuser:unknown' },
    lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
    hash: 'abc123',
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
    fields: [
      {
        fieldPath: 'trip_id',
        nullable: false,
        type: { type: { 'com.linkedin.schema.NumberType': {} } },
        nativeDataType: 'NUMBER(38,0)',
        recursive: false,
        isPartOfKey: true,
      },
      {
        fieldPath: 'tip_amount',
        nullable: true,
        description: 'tip in USD',
        type: { type: { 'com.linkedin.schema.NumberType': {} } },
        nativeDataType: 'FLOAT',
        recursive: false,
        globalTags: { tags: [{ tag: 'urn:li:tag:label' }] },
        glossaryTerms: {
          terms: [{ urn: 'urn:li:glossaryTerm:Finance.Tip' }],
          auditStamp: { time: 1, actor: 'urn:li:corpuser:etl' },
        },
      },
      {
        fieldPath: 'pickup_at',
        type: { type: { 'com.linkedin.schema.TimeType': {} } },
        nativeDataType: 'TIMESTAMP_NTZ',
        isPartitioningKey: true,
      },
      { fieldPath: 'meta', type: { type: { 'com.linkedin.schema.RecordType': {} } }, nativeDataType: 'OBJECT' },
    ],
    primaryKeys: ['trip_id'],
  });
  store.write(TRIPS, 'editableSchemaMetadata', {
    created: { time: 0, actor: 'urn:li:corpuser:unknown' },
    editableSchemaFieldInfo: [
      {
        fieldPath: 'tip_amount',
        description: 'Tip, the model label',
        globalTags: { tags: [{ tag: 'urn:li:tag:target' }] },
      },
    ],
  });
  store.write(TRIPS, 'upstreamLineage', {
    upstreams: [{ auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' }, dataset: RAW, type: 'TRANSFORMED' }],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [schemaFieldUrn(RAW, 'tip'), schemaFieldUrn(RAW, 'fare')],
        downstreamType: 'FIELD',
        downstreams: [schemaFieldUrn(TRIPS, 'tip_amount')],
        transformOperation: 'SUM',
        confidenceScore: 1,
        query: 'urn:li:query:q1',
      },
      {
        upstreamType: 'DATASET',
        upstreams: [RAW],
        downstreamType: 'FIELD',
        downstreams: [schemaFieldUrn(TRIPS, 'trip_id')],
        confidenceScore: 1,
      },
    ],
  });
  return h;
}

describe('Dataset', () => {
  it('maps key, properties (lastModified time 0 when unknown) and editable properties', async () => {
    const { data } = seedDataset();
    const r = await data(`{ dataset(urn: "${TRIPS}") { urn type name origin exists lastIngested platform { urn name }
      properties { name qualifiedName origin description externalUrl created lastModified { time actor } customProperties { key value associatedUrn } }
      editableProperties { description name } } }`);
    expect(r.dataset).toEqual({
      urn: TRIPS,
      type: 'DATASET',
      name: 'nyc_taxi.trips',
      origin: 'PROD',
      exists: true,
      lastIngested: null,
      platform: { urn: 'urn:li:dataPlatform:snowflake', name: 'snowflake' },
      properties: {
        name: 'trips',
        qualifiedName: 'NYC_TAXI.TRIPS',
        origin: 'PROD',
        description: 'One row per trip',
        externalUrl: 'https://app.snowflake.com/trips',
        created: 1690000000000,
        lastModified: { time: 0, actor: null },
        customProperties: [{ key: 'owner_team', value: 'rides', associatedUrn: TRIPS }],
      },
      editableProperties: { description: 'Edited description', name: null },
    });
  });

  it('reports the source lastModified stamp when the platform gave one, and the key name when properties have none', async () => {
    const { store, data } = simHarness();
    store.write(RAW, 'datasetProperties', {
      customProperties: {},
      lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:etl' },
    });
    const r = await data(
      `{ dataset(urn: "${RAW}") { name origin properties { name created lastModified { time actor } customProperties { key } } } }`,
    );
    expect(r.dataset).toEqual({
      name: 'raw/trips',
      origin: 'DEV',
      properties: {
        name: 'raw/trips',
        created: null,
        lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:etl' },
        customProperties: [],
      },
    });
  });

  it('maps schemaMetadata fields: types, keys, field tags and terms, schemaField entities', async () => {
    const { data } = seedDataset();
    const r =
      await data(`{ dataset(urn: "${TRIPS}") { schemaMetadata { datasetUrn name platformUrn version hash primaryKeys
      fields { fieldPath nullable description type nativeDataType recursive isPartOfKey isPartitioningKey label
        tags { tags { tag { urn } associatedUrn } } globalTags { tags { tag { urn } } } glossaryTerms { terms { term { urn name hierarchicalName } associatedUrn } }
        schemaFieldEntity { urn type fieldPath parent { urn } } } } } }`);
    const s = r.dataset.schemaMetadata;
    expect(s).toMatchObject({
      datasetUrn: null,
      name: 'nyc_taxi.trips',
      platformUrn: 'urn:li:dataPlatform:snowflake',
      version: 0,
      hash: 'abc123',
      primaryKeys: ['trip_id'],
    });
    expect(s.fields.map((f: { fieldPath: string; type: string }) => [f.fieldPath, f.type])).toEqual([
      ['trip_id', 'NUMBER'],
      ['tip_amount', 'NUMBER'],
      ['pickup_at', 'TIME'],
      ['meta', 'STRUCT'],
    ]);
    expect(s.fields[0]).toMatchObject({
      nullable: false,
      isPartOfKey: true,
      isPartitioningKey: null,
      recursive: false,
      tags: null,
      glossaryTerms: null,
      label: null,
    });
    expect(s.fields[1]).toMatchObject({
      nullable: true,
      description: 'tip in USD',
      isPartOfKey: false,
      tags: { tags: [{ tag: { urn: 'urn:li:tag:label' }, associatedUrn: TRIPS }] },
      globalTags: { tags: [{ tag: { urn: 'urn:li:tag:label' } }] },
      glossaryTerms: {
        terms: [
          {
            term: { urn: 'urn:li:glossaryTerm:Finance.Tip', name: 'Tip', hierarchicalName: 'Finance.Tip' },
            associatedUrn: TRIPS,
          },
        ],
      },
      schemaFieldEntity: {
        urn: schemaFieldUrn(TRIPS, 'tip_amount'),
        type: 'SCHEMA_FIELD',
        fieldPath: 'tip_amount',
        parent: { urn: TRIPS },
      },
    });
    expect(s.fields[2]).toMatchObject({ nullable: false, isPartitioningKey: true });
  });

  it('answers only the latest schema version', async () => {
    const { data } = seedDataset();
    const r = await data(
      `{ dataset(urn: "${TRIPS}") { latest: schemaMetadata(version: 0) { hash } old: schemaMetadata(version: 3) { hash } } }`,
    );
    expect(r.dataset).toEqual({ latest: { hash: 'abc123' }, old: null });
  });

  it('maps editableSchemaMetadata', async () => {
    const { data } = seedDataset();
    const r = await data(
      `{ dataset(urn: "${TRIPS}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description tags { tags { tag { urn } associatedUrn } } glossaryTerms { terms { term { urn } } } } } } }`,
    );
    expect(r.dataset.editableSchemaMetadata).toEqual({
      editableSchemaFieldInfo: [
        {
          fieldPath: 'tip_amount',
          description: 'Tip, the model label',
          tags: { tags: [{ tag: { urn: 'urn:li:tag:target' }, associatedUrn: TRIPS }] },
          glossaryTerms: null,
        },
      ],
    });
  });

  it('maps fine-grained lineage as SchemaFieldRefs of (parent dataset urn, field path), keeping only schemaField urns', async () => {
    const { data } = seedDataset();
    const r = await data(
      `{ dataset(urn: "${TRIPS}") { fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation query } } }`,
    );
    expect(r.dataset.fineGrainedLineages).toEqual([
      {
        upstreams: [
          { urn: RAW, path: 'tip' },
          { urn: RAW, path: 'fare' },
        ],
        downstreams: [{ urn: TRIPS, path: 'tip_amount' }],
        transformOperation: 'SUM',
        query: 'urn:li:query:q1',
      },
      { upstreams: [], downstreams: [{ urn: TRIPS, path: 'trip_id' }], transformOperation: null, query: null },
    ]);
    const raw = await data(`{ dataset(urn: "${RAW}") { fineGrainedLineages { query } } }`);
    expect(raw.dataset.fineGrainedLineages).toBeNull();
  });

  it('reads deprecation from the deprecation aspect, else the legacy datasetDeprecation', async () => {
    const { store, data } = simHarness();
    store.write(RAW, 'datasetDeprecation', {
      deprecated: true,
      note: 'legacy',
      actor: 'urn:li:corpuser:old',
      decommissionTime: 1800000000000,
    });
    let r = await data(`{ dataset(urn: "${RAW}") { deprecation { deprecated note actor decommissionTime } } }`);
    expect(r.dataset.deprecation).toEqual({
      deprecated: true,
      note: 'legacy',
      actor: 'urn:li:corpuser:old',
      decommissionTime: 1800000000000,
    });
    store.write(RAW, 'deprecation', { deprecated: false, note: '', actor: 'urn:li:corpuser:new' });
    r = await data(`{ dataset(urn: "${RAW}") { deprecation { deprecated note actor decommissionTime } } }`);
    expect(r.dataset.deprecation).toEqual({
      deprecated: false,
      note: '',
      actor: 'urn:li:corpuser:new',
      decommissionTime: null,
    });
  });

  it('reads status, ownership, institutional memory and structured properties', async () => {
    const { store, data } = simHarness();
    store.write(RAW, 'status', { removed: true });
    store.write(RAW, 'ownership', {
      owners: [{ owner: 'urn:li:corpGroup:etl', type: 'DATAOWNER', source: { type: 'SERVICE', url: 'https://x' } }],
    });
    store.write(RAW, 'institutionalMemory', {
      elements: [
        {
          url: 'https://runbook',
          description: 'Runbook',
          createStamp: { time: 9, actor: 'urn:li:corpGroup:etl' },
          updateStamp: { time: 10, actor: 'urn:li:corpuser:ann' },
        },
      ],
    });
    store.write(RAW, 'structuredProperties', {
      properties: [
        { propertyUrn: 'urn:li:structuredProperty:io.janus.labelColumn', values: [schemaFieldUrn(RAW, 'tip')] },
      ],
    });
    const r = await data(`{ dataset(urn: "${RAW}") { status { removed }
      ownership { owners { type owner { __typename ... on CorpGroup { urn } } source { type url } ownershipType { urn } } }
      institutionalMemory { elements { url label associatedUrn created { time actor } updated { time actor } actor { __typename ... on CorpGroup { urn } } } }
      structuredProperties { properties { values { ... on StringValue { stringValue } } valueEntities { __typename urn } } } } }`);
    expect(r.dataset).toEqual({
      status: { removed: true },
      ownership: {
        owners: [
          {
            type: 'DATAOWNER',
            owner: { __typename: 'CorpGroup', urn: 'urn:li:corpGroup:etl' },
            source: { type: 'SERVICE', url: 'https://x' },
            ownershipType: { urn: 'urn:li:ownershipType:__system__dataowner' },
          },
        ],
      },
      institutionalMemory: {
        elements: [
          {
            url: 'https://runbook',
            label: 'Runbook',
            associatedUrn: RAW,
            created: { time: 9, actor: 'urn:li:corpGroup:etl' },
            updated: { time: 10, actor: 'urn:li:corpuser:ann' },
            actor: { __typename: 'CorpGroup', urn: 'urn:li:corpGroup:etl' },
          },
        ],
      },
      structuredProperties: {
        properties: [
          {
            values: [{ stringValue: schemaFieldUrn(RAW, 'tip') }],
            valueEntities: [{ __typename: 'SchemaFieldEntity', urn: schemaFieldUrn(RAW, 'tip') }],
          },
        ],
      },
    });
  });

  it('answers a typed lookup on a urn of another entity type without its key fields (as DataHub does)', async () => {
    const { store, gql } = simHarness();
    const model = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,m,PROD)';
    store.write(model, 'status', { removed: false });
    const urnOnly = await gql(`{ dataset(urn: "${model}") { urn type status { removed } } }`);
    expect(urnOnly.errors).toBeUndefined();
    expect(urnOnly.data).toEqual({ dataset: { urn: model, type: 'DATASET', status: { removed: false } } });
    const named = await gql(`{ dataset(urn: "${model}") { urn name } }`);
    expect(named.data).toEqual({ dataset: null });
    expect(named.errors?.[0]?.message).toMatch(/non-nullable field Dataset.name/);
  });

  it('fails a lookup on a string that is not a urn', async () => {
    const { gql } = simHarness();
    const r = await gql(`{ dataset(urn: "nyc_taxi.trips") { urn } }`);
    expect(r.data).toEqual({ dataset: null });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 500, type: 'SERVER_ERROR' });
  });
});

describe('Dataset timeseries: operations and datasetProfiles', () => {
  function seedOps() {
    const h = simHarness();
    const op = (timestampMillis: number, lastUpdatedTimestamp: number, operationType = 'INSERT', extra = {}) =>
      h.store.write(TRIPS, 'operation', {
        timestampMillis,
        lastUpdatedTimestamp,
        operationType,
        partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
        ...extra,
      });
    op(1000, 900);
    op(3000, 500, 'UPDATE', {
      actor: 'urn:li:corpuser:etl',
      sourceType: 'DATA_PROCESS',
      numAffectedRows: 42,
      affectedDatasets: [RAW],
    });
    op(2000, 2500, 'CUSTOM', { customOperationType: 'BACKFILL' });
    for (const [t, rows] of [
      [100, 10],
      [300, 30],
      [200, 20],
    ])
      h.store.write(TRIPS, 'datasetProfile', { timestampMillis: t, rowCount: rows, columnCount: 4 });
    return h;
  }

  it('orders operations newest first by lastUpdatedTimestamp and maps them', async () => {
    const { data } = seedOps();
    const r = await data(
      `{ dataset(urn: "${TRIPS}") { operations { timestampMillis lastUpdatedTimestamp operationType customOperationType actor sourceType numAffectedRows affectedDatasets partition } } }`,
    );
    expect(r.dataset.operations.map((o: { lastUpdatedTimestamp: number }) => o.lastUpdatedTimestamp)).toEqual([
      2500, 900, 500,
    ]);
    expect(r.dataset.operations[0]).toEqual({
      timestampMillis: 2000,
      lastUpdatedTimestamp: 2500,
      operationType: 'CUSTOM',
      customOperationType: 'BACKFILL',
      actor: null,
      sourceType: null,
      numAffectedRows: null,
      affectedDatasets: null,
      partition: 'FULL_TABLE_SNAPSHOT',
    });
    expect(r.dataset.operations[2]).toMatchObject({
      actor: 'urn:li:corpuser:etl',
      sourceType: 'DATA_PROCESS',
      numAffectedRows: 42,
      affectedDatasets: [RAW],
    });
  });

  it('limits and windows operations on timestampMillis', async () => {
    const { data } = seedOps();
    const r =
      await data(`{ dataset(urn: "${TRIPS}") { one: operations(limit: 1) { lastUpdatedTimestamp } window: operations(startTimeMillis: 1500, endTimeMillis: 3000) { timestampMillis }
      filtered: operations(filter: { and: [{ field: "operationType", values: ["UPDATE"] }] }) { timestampMillis } } }`);
    expect(r.dataset).toEqual({
      one: [{ lastUpdatedTimestamp: 2500 }],
      window: [{ timestampMillis: 2000 }, { timestampMillis: 3000 }],
      filtered: [{ timestampMillis: 3000 }],
    });
  });

  it('orders profiles newest first by timestampMillis', async () => {
    const { data } = seedOps();
    const r = await data(
      `{ dataset(urn: "${TRIPS}") { datasetProfiles { timestampMillis rowCount columnCount sizeInBytes } latest: datasetProfiles(limit: 1) { rowCount } } }`,
    );
    expect(r.dataset.datasetProfiles).toEqual([
      { timestampMillis: 300, rowCount: 30, columnCount: 4, sizeInBytes: null },
      { timestampMillis: 200, rowCount: 20, columnCount: 4, sizeInBytes: null },
      { timestampMillis: 100, rowCount: 10, columnCount: 4, sizeInBytes: null },
    ]);
    expect(r.dataset.latest).toEqual([{ rowCount: 30 }]);
  });

  it('answers empty lists for a dataset with no events', async () => {
    const { data } = simHarness();
    const r = await data(
      `{ dataset(urn: "${RAW}") { operations { timestampMillis } datasetProfiles { timestampMillis } } }`,
    );
    expect(r.dataset).toEqual({ operations: [], datasetProfiles: [] });
  });
});

describe('SchemaFieldEntity', () => {
  it('resolves through entity(urn) with its own aspects', async () => {
    const { store, data } = seedDataset();
    const field = schemaFieldUrn(TRIPS, 'tip_amount');
    store.write(field, 'globalTags', { tags: [{ tag: 'urn:li:tag:label' }] });
    store.write(field, 'status', { removed: false });
    const r = await data(
      `{ entity(urn: "${field}") { urn type ... on SchemaFieldEntity { fieldPath parent { urn type ... on Dataset { name } } tags { tags { tag { urn } associatedUrn } } status { removed } deprecation { deprecated } glossaryTerms { terms { term { urn } } } } } }`,
    );
    expect(r.entity).toEqual({
      urn: field,
      type: 'SCHEMA_FIELD',
      fieldPath: 'tip_amount',
      parent: { urn: TRIPS, type: 'DATASET', name: 'nyc_taxi.trips' },
      tags: { tags: [{ tag: { urn: 'urn:li:tag:label' }, associatedUrn: field }] },
      status: { removed: false },
      deprecation: null,
      glossaryTerms: null,
    });
  });
});
