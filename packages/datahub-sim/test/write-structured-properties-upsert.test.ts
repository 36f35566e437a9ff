import { describe, expect, it } from 'vitest';
import {
  ACTOR,
  BAND,
  DATASET,
  define,
  expectDataHubError,
  MISSING_DATASET,
  MODEL,
  NOW,
  NUMBER,
  readSide,
  SCORE,
  seededHarness,
  STAMP,
  STRING,
} from './support/write-seed.js';

const UPSERT =
  'mutation U($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { __typename } }';

const setValues = (assetUrn: string, structuredPropertyUrn: string, values: object[]) => ({
  input: { assetUrn, structuredPropertyInputParams: [{ structuredPropertyUrn, values }] },
});

describe('upsertStructuredProperties', () => {
  it('assigns a number on the asset and returns the written aspect', async () => {
    const h = seededHarness();
    define(h.store, SCORE, { valueType: NUMBER, cardinality: 'SINGLE' });
    const res = await h.data(UPSERT, setValues(MODEL, SCORE, [{ numberValue: 0.82 }]));
    expect(res.upsertStructuredProperties).toEqual({ __typename: 'StructuredProperties' });
    expect(h.store.aspect(MODEL, 'structuredProperties')).toEqual({
      properties: [{ propertyUrn: SCORE, values: [0.82], created: STAMP, lastModified: STAMP }],
    });
  });

  it("replaces the listed property's values (keeping created) and keeps the other properties", async () => {
    let now = NOW;
    const h = seededHarness(() => now);
    define(h.store, SCORE, { valueType: NUMBER });
    define(h.store, BAND, { valueType: STRING, cardinality: 'MULTIPLE' });
    await h.data(UPSERT, setValues(MODEL, SCORE, [{ numberValue: 0.5 }]));
    await h.data(UPSERT, setValues(MODEL, BAND, [{ stringValue: 'amber' }, { stringValue: 'review' }]));
    now = NOW + 1;
    await h.data(UPSERT, setValues(MODEL, SCORE, [{ numberValue: 0.9 }]));
    expect(h.store.aspect(MODEL, 'structuredProperties')).toEqual({
      properties: [
        { propertyUrn: SCORE, values: [0.9], created: STAMP, lastModified: { time: NOW + 1, actor: ACTOR } },
        { propertyUrn: BAND, values: ['amber', 'review'], created: STAMP, lastModified: STAMP },
      ],
    });
  });

  it("takes a value on an entity type the definition does not list: GMS checks values, not the definition's entityTypes", async () => {
    const h = seededHarness();
    define(h.store, BAND, { valueType: STRING, cardinality: 'MULTIPLE' });
    await h.data(UPSERT, setValues(DATASET, BAND, [{ stringValue: 'accepted' }]));
    expect(h.store.aspect(DATASET, 'structuredProperties')).toMatchObject({
      properties: [{ propertyUrn: BAND, values: ['accepted'] }],
    });
  });

  it("rejects a value of the wrong type for the definition's valueType", async () => {
    const h = seededHarness();
    define(h.store, SCORE, { valueType: NUMBER });
    define(h.store, BAND, { valueType: STRING });
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, SCORE, [{ stringValue: 'high' }])),
      'BAD_REQUEST',
      `Property: ${SCORE}, value: {string=high} should be a number`,
    );
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, BAND, [{ numberValue: 3 }])),
      'BAD_REQUEST',
      `Property: ${BAND}, value: {double=3.0} should be a string`,
    );
    expect(h.store.aspect(MODEL, 'structuredProperties')).toBeUndefined();
  });

  it("accepts a numeric string for a number property, as DataHub's validator does", async () => {
    const h = seededHarness();
    define(h.store, SCORE, { valueType: NUMBER });
    await h.data(UPSERT, setValues(MODEL, SCORE, [{ stringValue: '0.75' }]));
    expect(h.store.aspect(MODEL, 'structuredProperties')).toMatchObject({ properties: [{ values: ['0.75'] }] });
  });

  it('enforces cardinality SINGLE (the default) and allowed values', async () => {
    const h = seededHarness();
    define(h.store, SCORE, { valueType: NUMBER });
    define(h.store, BAND, {
      valueType: STRING,
      cardinality: 'MULTIPLE',
      allowedValues: [{ value: 'trusted' }, { value: 'untrusted' }],
    });
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, SCORE, [{ numberValue: 1 }, { numberValue: 2 }])),
      'BAD_REQUEST',
      `Property: ${SCORE} has cardinality 1, but multiple values were assigned: [{double=1.0}, {double=2.0}]`,
    );
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, BAND, [{ stringValue: 'trusted' }, { stringValue: 'maybe' }])),
      'BAD_REQUEST',
      `Property: ${BAND}, value: {string=maybe} should be one of [{string=trusted}, {string=untrusted}]`,
    );
    await h.data(UPSERT, setValues(MODEL, BAND, [{ stringValue: 'trusted' }, { stringValue: 'untrusted' }]));
  });

  it('checks dates and urns (with allowed entity types)', async () => {
    const h = seededHarness();
    const DATE = 'urn:li:structuredProperty:io.janus.reviewedOn';
    const REVIEWER = 'urn:li:structuredProperty:io.janus.reviewer';
    define(h.store, DATE, { valueType: 'urn:li:dataType:datahub.date' });
    define(h.store, REVIEWER, {
      valueType: 'urn:li:dataType:datahub.urn',
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
    });
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, DATE, [{ stringValue: '12/05/2026' }])),
      'BAD_REQUEST',
      /should be a date with format YYYY-MM-DD/,
    );
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, REVIEWER, [{ stringValue: 'jdoe' }])),
      'BAD_REQUEST',
      /should be an urn/,
    );
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, REVIEWER, [{ stringValue: DATASET }])),
      'BAD_REQUEST',
      /is not of any supported urn types/,
    );
    await h.data(UPSERT, setValues(MODEL, DATE, [{ stringValue: '2026-05-12' }]));
    await h.data(UPSERT, setValues(MODEL, REVIEWER, [{ stringValue: 'urn:li:corpuser:jdoe' }]));
  });

  it('rejects a property that has no definition, and a urn that is not a structured property', async () => {
    const h = seededHarness();
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, 'urn:li:structuredProperty:never.defined', [{ stringValue: 'x' }])),
      'BAD_REQUEST',
      'Unexpected null value found for urn:li:structuredProperty:never.defined Structured Property Definition.',
    );
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, 'urn:li:tag:pii', [{ stringValue: 'x' }])),
      'BAD_REQUEST',
      'Unexpected entity type. Expected: structuredProperty Found: tag',
    );
  });

  it('rejects a soft-deleted property and a change to an immutable one', async () => {
    let now = NOW;
    const h = seededHarness(() => now);
    define(h.store, SCORE, { valueType: NUMBER, immutable: true });
    define(h.store, BAND, { valueType: STRING });
    h.store.write(BAND, 'status', { removed: true });
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, BAND, [{ stringValue: 'x' }])),
      'BAD_REQUEST',
      'Cannot apply a soft deleted Structured Property value',
    );
    await h.data(UPSERT, setValues(MODEL, SCORE, [{ numberValue: 1 }]));
    now = NOW + 1;
    expectDataHubError(
      await h.gql(UPSERT, setValues(MODEL, SCORE, [{ numberValue: 2 }])),
      'BAD_REQUEST',
      `Cannot mutate an immutable property: ${SCORE}`,
    );
    expect(h.store.aspect(MODEL, 'structuredProperties')).toMatchObject({ properties: [{ values: [1] }] });
  });

  it('requires the asset to exist (a server error in DataHub), except for a schemaField', async () => {
    const h = seededHarness();
    define(h.store, SCORE, { valueType: NUMBER });
    const res = await h.gql(UPSERT, setValues(MISSING_DATASET, SCORE, [{ numberValue: 1 }]));
    expectDataHubError(res, 'SERVER_ERROR', `Asset with provided urn ${MISSING_DATASET} does not exist`);
    expect(res.data).toBeNull();
    const field = `urn:li:schemaField:(${DATASET},amount)`;
    await h.data(UPSERT, setValues(field, SCORE, [{ numberValue: 1 }]));
    expect(h.store.aspect(field, 'structuredProperties')).toMatchObject({
      properties: [{ propertyUrn: SCORE, values: [1] }],
    });
  });
});

describe("structured properties read back through GraphQL (needs the read helper's resolvers)", () => {
  it.runIf(readSide('StructuredProperties', 'properties'))(
    'the upsert result and the model show the value',
    async () => {
      const h = seededHarness();
      define(h.store, SCORE, { valueType: NUMBER });
      const res = await h.data(
        `mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) {
      properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } } }`,
        setValues(MODEL, SCORE, [{ numberValue: 0.82 }]),
      );
      expect(res.upsertStructuredProperties.properties).toEqual([
        { structuredProperty: { urn: SCORE }, values: [{ numberValue: 0.82 }] },
      ]);
      const read = await h.data(
        `query($urn: String!) { mlModel(urn: $urn) { structuredProperties { properties {
      structuredProperty { urn } values { ... on NumberValue { numberValue } } } } } }`,
        { urn: MODEL },
      );
      expect(read.mlModel.structuredProperties.properties).toEqual([
        { structuredProperty: { urn: SCORE }, values: [{ numberValue: 0.82 }] },
      ]);
    },
  );
});
