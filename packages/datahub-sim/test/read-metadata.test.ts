import { describe, expect, it } from 'vitest';
import { simHarness } from './support/harness.js';

const LABEL_PROP = 'urn:li:structuredProperty:io.janus.labelColumn';
const TIER_PROP = 'urn:li:structuredProperty:io.janus.tier';

describe('Tag', () => {
  it('maps tagProperties, defaulting the name to the urn id; no properties without the aspect', async () => {
    const { store, data } = simHarness();
    store.write('urn:li:tag:janus-trust-low', 'tagProperties', {
      name: 'Janus: low trust',
      description: 'set by Janus',
      colorHex: '#d32f2f',
    });
    store.write('urn:li:tag:janus-trust-low', 'ownership', {
      owners: [{ owner: 'urn:li:corpuser:datahub', type: 'NONE' }],
    });
    store.write('urn:li:tag:unnamed', 'tagProperties', { description: 'no name' });
    const r =
      await data(`{ a: tag(urn: "urn:li:tag:janus-trust-low") { urn type name description properties { name description colorHex } ownership { owners { ownershipType { urn info { name } } } } }
      b: tag(urn: "urn:li:tag:unnamed") { name properties { name colorHex } }
      c: tag(urn: "urn:li:tag:absent") { name description properties { name } } }`);
    expect(r).toEqual({
      a: {
        urn: 'urn:li:tag:janus-trust-low',
        type: 'TAG',
        name: 'janus-trust-low',
        description: 'set by Janus',
        properties: { name: 'Janus: low trust', description: 'set by Janus', colorHex: '#d32f2f' },
        ownership: {
          owners: [{ ownershipType: { urn: 'urn:li:ownershipType:__system__none', info: { name: 'None' } } }],
        },
      },
      b: { name: 'unnamed', properties: { name: 'unnamed', colorHex: null } },
      c: { name: 'absent', description: null, properties: null },
    });
  });
});

describe('GlossaryTerm', () => {
  it('maps the hierarchical key and glossaryTermInfo', async () => {
    const { store, data } = simHarness();
    const term = 'urn:li:glossaryTerm:Classification.Target';
    store.write(term, 'glossaryTermInfo', {
      definition: 'The column a model predicts',
      termSource: 'INTERNAL',
      customProperties: {},
    });
    const r = await data(
      `{ entity(urn: "${term}") { type ... on GlossaryTerm { name hierarchicalName properties { name description definition termSource sourceRef } } } }`,
    );
    expect(r.entity).toEqual({
      type: 'GLOSSARY_TERM',
      name: 'Target',
      hierarchicalName: 'Classification.Target',
      properties: {
        name: 'Target',
        description: 'The column a model predicts',
        definition: 'The column a model predicts',
        termSource: 'INTERNAL',
        sourceRef: null,
      },
    });
  });
});

describe('StructuredPropertyEntity', () => {
  it('maps propertyDefinition and settings, with data type and entity type refs that resolve', async () => {
    const { store, data } = simHarness();
    store.write(LABEL_PROP, 'propertyDefinition', {
      qualifiedName: 'io.janus.labelColumn',
      displayName: 'Label column',
      description: 'The column the model is trained to predict',
      valueType: 'urn:li:dataType:datahub.urn',
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.schemaField'] },
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.mlModel'],
      immutable: false,
    });
    store.write(LABEL_PROP, 'structuredPropertySettings', { isHidden: false, showInAssetSummary: true });
    const r = await data(`{ structuredProperty(urn: "${LABEL_PROP}") { urn type exists
      definition { qualifiedName displayName description cardinality immutable allowedValues { description }
        valueType { urn type info { type qualifiedName displayName } }
        typeQualifier { allowedTypes { urn info { type qualifiedName } } }
        entityTypes { urn type info { type qualifiedName displayName } } }
      settings { isHidden showInSearchFilters showInAssetSummary hideInAssetSummaryWhenEmpty showAsAssetBadge showInColumnsTable } } }`);
    expect(r.structuredProperty).toEqual({
      urn: LABEL_PROP,
      type: 'STRUCTURED_PROPERTY',
      exists: true,
      definition: {
        qualifiedName: 'io.janus.labelColumn',
        displayName: 'Label column',
        description: 'The column the model is trained to predict',
        cardinality: 'SINGLE',
        immutable: false,
        allowedValues: null,
        valueType: {
          urn: 'urn:li:dataType:datahub.urn',
          type: 'DATA_TYPE',
          info: { type: 'URN', qualifiedName: 'datahub.urn', displayName: 'Urn' },
        },
        typeQualifier: {
          allowedTypes: [
            {
              urn: 'urn:li:entityType:datahub.schemaField',
              info: { type: 'SCHEMA_FIELD', qualifiedName: 'datahub.schemaField' },
            },
          ],
        },
        entityTypes: [
          {
            urn: 'urn:li:entityType:datahub.mlModel',
            type: 'ENTITY_TYPE',
            info: { type: 'MLMODEL', qualifiedName: 'datahub.mlModel', displayName: 'mlModel' },
          },
        ],
      },
      settings: {
        isHidden: false,
        showInSearchFilters: false,
        showInAssetSummary: true,
        hideInAssetSummaryWhenEmpty: false,
        showAsAssetBadge: false,
        showInColumnsTable: false,
      },
    });
  });

  it('maps allowed values and defaults (cardinality SINGLE, immutable false)', async () => {
    const { store, data } = simHarness();
    store.write(TIER_PROP, 'propertyDefinition', {
      qualifiedName: 'io.janus.tier',
      valueType: 'urn:li:dataType:datahub.string',
      allowedValues: [{ value: 'gold', description: 'critical' }, { value: 'silver' }, { value: 3 }],
      entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.mlModel'],
    });
    const r =
      await data(`{ structuredProperty(urn: "${TIER_PROP}") { settings { isHidden } definition { cardinality immutable typeQualifier { allowedTypes { urn } }
      allowedValues { value { __typename ... on StringValue { stringValue } ... on NumberValue { numberValue } } description } entityTypes { urn } } } }`);
    expect(r.structuredProperty).toEqual({
      settings: null,
      definition: {
        cardinality: 'SINGLE',
        immutable: false,
        typeQualifier: null,
        allowedValues: [
          { value: { __typename: 'StringValue', stringValue: 'gold' }, description: 'critical' },
          { value: { __typename: 'StringValue', stringValue: 'silver' }, description: null },
          { value: { __typename: 'NumberValue', numberValue: 3 }, description: null },
        ],
        entityTypes: [{ urn: 'urn:li:entityType:datahub.dataset' }, { urn: 'urn:li:entityType:datahub.mlModel' }],
      },
    });
  });

  it('answers a missing property with exists false and DataHub placeholder definition', async () => {
    const { data } = simHarness();
    const r = await data(
      `{ structuredProperty(urn: "urn:li:structuredProperty:io.janus.absent") { exists definition { qualifiedName cardinality immutable valueType { urn } entityTypes { urn } } } }`,
    );
    expect(r.structuredProperty).toEqual({
      exists: false,
      definition: {
        qualifiedName: '',
        cardinality: 'SINGLE',
        immutable: true,
        valueType: { urn: 'urn:li:dataType:datahub.string' },
        entityTypes: [{ urn: 'urn:li:entityType:datahub.dataset' }],
      },
    });
  });
});

describe('bootstrapped entities: data types, entity types, ownership types', () => {
  it('resolves the standard data types in an empty store', async () => {
    const { data } = simHarness();
    const r =
      await data(`{ n: entity(urn: "urn:li:dataType:datahub.number") { type ... on DataTypeEntity { info { type qualifiedName displayName description } } }
      d: entity(urn: "urn:li:dataType:datahub.date") { ... on DataTypeEntity { info { type } } }
      e: entityExists(urn: "urn:li:dataType:datahub.rich_text") }`);
    expect(r).toEqual({
      n: {
        type: 'DATA_TYPE',
        info: {
          type: 'NUMBER',
          qualifiedName: 'datahub.number',
          displayName: 'Number',
          description: 'An integer or decimal number.',
        },
      },
      d: { info: { type: 'DATE' } },
      e: true,
    });
  });

  it('does not invent unknown data types or entity types', async () => {
    const { gql } = simHarness();
    const r = await gql(
      `{ entity(urn: "urn:li:dataType:datahub.float") { ... on DataTypeEntity { info { type } } } x: entityExists(urn: "urn:li:entityType:datahub.nonsense") }`,
    );
    expect(r.data).toEqual({ entity: null, x: false });
    expect(r.errors?.[0]?.message).toMatch(/non-nullable field DataTypeEntity.info/);
  });

  it('answers a custom data type stored in the store with type OTHER', async () => {
    const { store, data } = simHarness();
    store.write('urn:li:dataType:io.janus.ratio', 'dataTypeInfo', {
      qualifiedName: 'io.janus.ratio',
      displayName: 'Ratio',
    });
    const r = await data(
      `{ entity(urn: "urn:li:dataType:io.janus.ratio") { ... on DataTypeEntity { info { type qualifiedName displayName description } } } }`,
    );
    expect(r.entity.info).toEqual({
      type: 'OTHER',
      qualifiedName: 'io.janus.ratio',
      displayName: 'Ratio',
      description: null,
    });
  });

  it('resolves the system ownership types and custom ones from the store', async () => {
    const { store, data } = simHarness();
    store.write('urn:li:ownershipType:io.janus.steward', 'ownershipTypeInfo', {
      name: 'Model steward',
      description: 'Answers for a model',
      created: { time: 1, actor: 'urn:li:corpuser:datahub' },
    });
    const r =
      await data(`{ a: entity(urn: "urn:li:ownershipType:__system__business_owner") { type ... on OwnershipTypeEntity { info { name description } status { removed } } }
      b: entity(urn: "urn:li:ownershipType:io.janus.steward") { ... on OwnershipTypeEntity { info { name description } } }
      c: entity(urn: "urn:li:ownershipType:io.janus.none") { ... on OwnershipTypeEntity { info { name } } } }`);
    expect(r).toEqual({
      a: {
        type: 'CUSTOM_OWNERSHIP_TYPE',
        info: {
          name: 'Business Owner',
          description: 'Principle stakeholders or domain experts associated with the asset(s).',
        },
        status: null,
      },
      b: { info: { name: 'Model steward', description: 'Answers for a model' } },
      c: { info: null },
    });
  });
});

describe('DataPlatform', () => {
  it('names the platform from its key and maps dataPlatformInfo when stored', async () => {
    const { store, data } = simHarness();
    store.write('urn:li:dataPlatform:mlflow', 'dataPlatformInfo', {
      name: 'mlflow',
      displayName: 'MLflow',
      type: 'OTHERS',
      datasetNameDelimiter: '.',
      logoUrl: '/assets/platforms/mlflowlogo.png',
    });
    const r =
      await data(`{ a: entity(urn: "urn:li:dataPlatform:mlflow") { type ... on DataPlatform { name displayName properties { type displayName datasetNameDelimiter logoUrl } } }
      b: entity(urn: "urn:li:dataPlatform:feast") { ... on DataPlatform { name properties { type } } } }`);
    expect(r).toEqual({
      a: {
        type: 'DATA_PLATFORM',
        name: 'mlflow',
        displayName: 'MLflow',
        properties: {
          type: 'OTHERS',
          displayName: 'MLflow',
          datasetNameDelimiter: '.',
          logoUrl: '/assets/platforms/mlflowlogo.png',
        },
      },
      b: { name: 'feast', properties: null },
    });
  });
});
