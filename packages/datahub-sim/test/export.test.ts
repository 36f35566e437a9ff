import { describe, expect, it } from 'vitest';
import { exportStore, exportStoreText, formatMetadataFile } from '../src/store/export.js';
import { loadRecords } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';
import { mcp } from './support/records.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const USERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.users,PROD)';
const SCORE = 'urn:li:structuredProperty:io.janus.trustScore';
const TIER = 'urn:li:structuredProperty:io.janus.tier';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,shop,PROD),build_orders)';

const operation = (timestampMillis: number, operationType: string) => ({
  timestampMillis,
  operationType,
  lastUpdatedTimestamp: timestampMillis,
  partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
});

/** A catalog in DataHub's file format, MCE and MCP records mixed, with wrapped union values. */
const CATALOG: unknown[] = [
  {
    proposedSnapshot: {
      'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': {
        urn: ORDERS,
        aspects: [
          {
            'com.linkedin.pegasus2avro.dataset.DatasetProperties': {
              name: 'orders',
              description: 'Bestellungen – täglich',
              customProperties: {},
            },
          },
          {
            'com.linkedin.pegasus2avro.dataset.UpstreamLineage': {
              upstreams: [
                { dataset: USERS, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
              ],
            },
          },
        ],
      },
    },
  },
  mcp('dataset', USERS, 'datasetProperties', { name: 'users', customProperties: { owner: '🦉 team' } }),
  mcp('dataset', ORDERS, 'operation', operation(3000, 'INSERT')),
  mcp('dataset', ORDERS, 'operation', operation(1000, 'CREATE')),
  mcp('dataset', ORDERS, 'operation', operation(2000, 'UPDATE')),
  mcp('structuredProperty', TIER, 'propertyDefinition', {
    qualifiedName: 'io.janus.tier',
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
    allowedValues: [{ value: { string: 'gold' }, description: 'best' }, { value: { string: 'bronze' } }],
  }),
  mcp('structuredProperty', SCORE, 'propertyDefinition', {
    qualifiedName: 'io.janus.trustScore',
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
    allowedValues: [{ value: { double: 0.5 } }],
  }),
  mcp('mlModel', MODEL, 'structuredProperties', {
    properties: [
      { propertyUrn: SCORE, values: [{ double: 0.87 }] },
      { propertyUrn: TIER, values: [{ string: 'gold' }] },
    ],
  }),
  mcp('mlModel', MODEL, 'mlModelProperties', {
    name: 'churn',
    customProperties: {},
    mlFeatures: [],
    hyperParameters: {
      lr: { double: 0.01 },
      epochs: { int: 10 },
      optimizer: { string: 'adam' },
      early: { boolean: true },
    },
  }),
  mcp('dataJob', JOB, 'dataJobInfo', { name: 'build orders', customProperties: {}, type: { string: 'SQL' } }),
];

function loaded(records: unknown[]): Store {
  const store = new Store();
  const report = loadRecords(store, records, 'catalog.json');
  expect(report.errors).toEqual([]);
  return store;
}

describe('formatMetadataFile', () => {
  it("writes records the way DataHub's file sink does", () => {
    expect(formatMetadataFile([{ a: 1, b: [] }, { c: { d: 'x' } }])).toBe(
      '[\n{\n    "a": 1,\n    "b": []\n},\n{\n    "c": {\n        "d": "x"\n    }\n}\n]',
    );
    expect(formatMetadataFile([])).toBe('[\n\n]');
  });

  it("escapes non-ASCII like Python's json.dumps, and leaves ASCII alone", () => {
    expect(formatMetadataFile(['dbt – ü 🦉 ~\u007f'])).toBe('[\n"dbt \\u2013 \\u00fc \\ud83e\\udd89 ~\u007f"\n]');
    expect(JSON.parse(formatMetadataFile(['dbt – ü 🦉']))).toEqual(['dbt – ü 🦉']);
  });
});

describe('exportStore', () => {
  it('writes one UPSERT per aspect, by urn then aspect name, leaving out entities without aspects', () => {
    const store = new Store();
    store.write(USERS, 'status', { removed: false });
    store.write(ORDERS, 'status', { removed: false });
    store.write(ORDERS, 'datasetProperties', { name: 'orders' });
    store.ensure('urn:li:corpuser:ghost');
    expect(exportStore(store)).toEqual([
      {
        entityType: 'dataset',
        entityUrn: ORDERS,
        changeType: 'UPSERT',
        aspectName: 'datasetProperties',
        aspect: { json: { name: 'orders' } },
      },
      {
        entityType: 'dataset',
        entityUrn: ORDERS,
        changeType: 'UPSERT',
        aspectName: 'status',
        aspect: { json: { removed: false } },
      },
      {
        entityType: 'dataset',
        entityUrn: USERS,
        changeType: 'UPSERT',
        aspectName: 'status',
        aspect: { json: { removed: false } },
      },
    ]);
    expect(Object.keys(exportStore(store)[0]!)).toEqual([
      'entityType',
      'entityUrn',
      'changeType',
      'aspectName',
      'aspect',
    ]);
  });

  it('writes each timeseries event as its own record, oldest first', () => {
    const store = new Store();
    for (const [ts, type] of [
      [3000, 'INSERT'],
      [1000, 'CREATE'],
      [2000, 'UPDATE'],
    ] as const) {
      store.append(ORDERS, 'operation', operation(ts, type));
    }
    expect(exportStore(store).map((r) => (r.aspect.json as { timestampMillis: number }).timestampMillis)).toEqual([
      1000, 2000, 3000,
    ]);
  });

  it("wraps structured property values and allowed values the way DataHub's format requires", () => {
    const store = loaded(CATALOG);
    const records = exportStore(store);
    const json = (urn: string, aspect: string) =>
      records.find((r) => r.entityUrn === urn && r.aspectName === aspect)?.aspect.json;
    expect(json(MODEL, 'structuredProperties')).toEqual({
      properties: [
        { propertyUrn: SCORE, values: [{ double: 0.87 }] },
        { propertyUrn: TIER, values: [{ string: 'gold' }] },
      ],
    });
    expect(json(TIER, 'propertyDefinition')).toMatchObject({
      allowedValues: [{ value: { string: 'gold' }, description: 'best' }, { value: { string: 'bronze' } }],
    });
    expect(json(SCORE, 'propertyDefinition')).toMatchObject({ allowedValues: [{ value: { double: 0.5 } }] });
  });

  it('wraps the other primitive unions DataHub writes wrapped: job type and hyper-parameter values', () => {
    const records = exportStore(loaded(CATALOG));
    const json = (urn: string, aspect: string) =>
      records.find((r) => r.entityUrn === urn && r.aspectName === aspect)?.aspect.json;
    expect(json(JOB, 'dataJobInfo')).toMatchObject({ type: { string: 'SQL' } });
    expect(json(MODEL, 'mlModelProperties')).toMatchObject({
      hyperParameters: {
        lr: { double: 0.01 },
        epochs: { int: 10 },
        optimizer: { string: 'adam' },
        early: { boolean: true },
      },
    });
  });

  it('does not change the store while exporting', () => {
    const store = loaded(CATALOG);
    const before = structuredClone(store.aspect(MODEL, 'structuredProperties'));
    exportStore(store);
    expect(store.aspect(MODEL, 'structuredProperties')).toEqual(before);
  });
});

describe('export round trip', () => {
  it('load → export → load into a new store → export gives the same text and the same store', () => {
    const first = loaded(CATALOG);
    const text = exportStoreText(first);
    const second = loaded(JSON.parse(text));
    expect(exportStoreText(second)).toBe(text);
    for (const entity of first.all()) {
      if (!first.exists(entity.urn)) continue;
      expect(second.get(entity.urn)?.aspects).toEqual(entity.aspects);
      expect(second.get(entity.urn)?.timeseries).toEqual(entity.timeseries);
    }
  });

  it('exports equal stores identically, whatever order they were filled in', () => {
    const forward = loaded(CATALOG);
    const backward = new Store();
    // Versioned aspects do not depend on order here (each written once); timeseries events sort by time.
    loadRecords(backward, [...CATALOG].reverse(), 'catalog.json');
    expect(exportStoreText(backward)).toBe(exportStoreText(forward));
  });
});
