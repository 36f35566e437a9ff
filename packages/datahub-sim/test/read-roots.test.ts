import { execute, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { makeContext } from '../src/schema/context.js';
import { readResolvers, withOwner } from '../src/resolvers/read/index.js';
import { buildSimSchema, mergeResolvers } from '../src/schema/build.js';
import { Store } from '../src/store/store.js';
import { simHarness } from './support/harness.js';

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,tips,PROD)';
const TRIPS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,trips,PROD)';

describe('entity, entities, entityExists', () => {
  it('resolves entity(urn) to the type of the urn, existing or not', async () => {
    const { store, data } = simHarness();
    store.write(MODEL, 'mlModelProperties', { customProperties: {} });
    const r = await data(`{ m: entity(urn: "${MODEL}") { urn type ... on MLModel { name exists } }
      d: entity(urn: "${TRIPS}") { urn type ... on Dataset { name exists } }
      chart: entity(urn: "urn:li:chart:(looker,1)") { urn } }`);
    expect(r).toEqual({
      m: { urn: MODEL, type: 'MLMODEL', name: 'tips', exists: true },
      d: { urn: TRIPS, type: 'DATASET', name: 'trips', exists: false },
      chart: null,
    });
  });

  it('maps entities(urns) in order, skipping kinds it cannot represent; checkForExistence drops missing ones', async () => {
    const { store, data } = simHarness();
    store.write(MODEL, 'status', { removed: false });
    const urns = [TRIPS, 'urn:li:chart:(looker,1)', MODEL, 'urn:li:corpuser:alice'];
    const all = await data(`query($urns: [String!]!) { entities(urns: $urns) { urn type } }`, { urns });
    expect(all.entities).toEqual([
      { urn: TRIPS, type: 'DATASET' },
      { urn: MODEL, type: 'MLMODEL' },
      { urn: 'urn:li:corpuser:alice', type: 'CORP_USER' },
    ]);
    const existing = await data(`query($urns: [String!]!) { entities(urns: $urns, checkForExistence: true) { urn } }`, {
      urns,
    });
    expect(existing.entities).toEqual([{ urn: MODEL }]);
  });

  it('answers entityExists from the store (soft-deleted entities still exist)', async () => {
    const { store, data } = simHarness();
    store.write(MODEL, 'status', { removed: true });
    store.ensure(TRIPS); // referenced only: no aspects of its own
    const r = await data(
      `{ a: entityExists(urn: "${MODEL}") b: entityExists(urn: "${TRIPS}") c: entityExists(urn: "urn:li:corpuser:nobody") root: entityExists(urn: "urn:li:corpuser:datahub") }`,
    );
    expect(r).toEqual({ a: true, b: false, c: false, root: true });
  });

  it('rejects strings that are not urns with a server error', async () => {
    const { gql } = simHarness();
    for (const query of [
      '{ entity(urn: "trips") { urn } }',
      '{ entityExists(urn: "not a urn") }',
      '{ entities(urns: ["urn:li:corpuser:a", "bad"]) { urn } }',
      '{ mlModel(urn: "tips") { urn } }',
    ]) {
      const r = await gql(query);
      expect(r.errors?.[0]?.extensions, query).toMatchObject({ code: 500, type: 'SERVER_ERROR' });
    }
  });

  it('answers typed lookups for every root with the right type', async () => {
    const { data } = simHarness();
    const r = await data(`{
      a: mlModelGroup(urn: "urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,g,PROD)") { type }
      b: mlFeature(urn: "urn:li:mlFeature:(ns,f)") { type }
      c: mlFeatureTable(urn: "urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,t)") { type }
      d: mlPrimaryKey(urn: "urn:li:mlPrimaryKey:(ns,k)") { type }
      e: dataJob(urn: "urn:li:dataJob:(urn:li:dataFlow:(airflow,f,PROD),j)") { type }
      f: dataFlow(urn: "urn:li:dataFlow:(airflow,f,PROD)") { type }
      g: corpGroup(urn: "urn:li:corpGroup:g") { type }
      h: tag(urn: "urn:li:tag:t") { type }
      i: structuredProperty(urn: "urn:li:structuredProperty:p") { type }
      j: assertion(urn: "urn:li:assertion:a") { type }
    }`);
    expect(Object.values(r).map((x) => (x as { type: string }).type)).toEqual([
      'MLMODEL_GROUP',
      'MLFEATURE',
      'MLFEATURE_TABLE',
      'MLPRIMARY_KEY',
      'DATA_JOB',
      'DATA_FLOW',
      'CORP_GROUP',
      'TAG',
      'STRUCTURED_PROPERTY',
      'ASSERTION',
    ]);
  });
});

describe('nested aspect types returned by a mutation', () => {
  // A stand-in mutation shaped like upsertStructuredProperties: it returns the raw aspect it wrote.
  const aspect = { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.janus.trust', values: [0.42] }] };
  const schemaReturning = (value: (assetUrn: string) => unknown) =>
    buildSimSchema(
      mergeResolvers([
        readResolvers,
        {
          Mutation: {
            upsertStructuredProperties: (_r, args: { input: { assetUrn: string } }) => value(args.input.assetUrn),
          },
        },
      ]),
    );
  const run = (schema: ReturnType<typeof schemaReturning>) =>
    execute({
      schema,
      document:
        parse(`mutation { upsertStructuredProperties(input: { assetUrn: "${MODEL}", structuredPropertyInputParams: [] }) {
        properties { associatedUrn values { ... on NumberValue { numberValue } } } } }`),
      contextValue: makeContext(new Store()),
    });

  it('finds associatedUrn from the root field arguments when the aspect is not bound', async () => {
    const r = await run(schemaReturning(() => aspect));
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({
      upsertStructuredProperties: { properties: [{ associatedUrn: MODEL, values: [{ numberValue: 0.42 }] }] },
    });
  });

  it('prefers the holder bound with withOwner', async () => {
    const r = await run(schemaReturning(() => withOwner(aspect, TRIPS)));
    expect(r.data).toEqual({
      upsertStructuredProperties: { properties: [{ associatedUrn: TRIPS, values: [{ numberValue: 0.42 }] }] },
    });
  });
});
