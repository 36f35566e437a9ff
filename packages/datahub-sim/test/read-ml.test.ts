import { describe, expect, it } from 'vitest';
import type { SystemMetadata } from '../src/store/system-metadata.js';
import { simHarness } from './support/harness.js';
import { GET_FEATURE, OWNER_FIELDS } from './support/ops-examples.js';

// Operations copied from shared/reference/datahub-ops-examples/model.graphql and fragments.graphql.
const STRUCTURED_PROPS_FIELDS = /* GraphQL */ `
  fragment StructuredPropsFields on StructuredProperties {
    properties {
      structuredProperty {
        urn
        definition {
          qualifiedName
          displayName
          valueType {
            urn
          }
          cardinality
        }
      }
      values {
        ... on StringValue {
          stringValue
        }
        ... on NumberValue {
          numberValue
        }
      }
      associatedUrn
    }
  }
`;

const GET_MODEL = /* GraphQL */ `
  query JanusGetModel($urn: String!) {
    mlModel(urn: $urn) {
      urn
      name
      lastIngested
      platform {
        urn
        name
      }
      properties {
        name
        version
        type
        mlFeatures
        groups {
          urn
          name
        }
        customProperties {
          key
          value
        }
        trainingMetrics {
          name
          value
        }
        created {
          time
          actor
        }
        lastModified {
          time
          actor
        }
        externalUrl
      }
      trainingData {
        dataset
        motivation
      }
      evaluationData {
        dataset
      }
      ownership {
        ...OwnerFields
      }
      tags {
        tags {
          tag {
            urn
            properties {
              name
              colorHex
            }
          }
          associatedUrn
        }
      }
      structuredProperties {
        ...StructuredPropsFields
      }
      institutionalMemory {
        elements {
          url
          label
          created {
            time
            actor
          }
        }
      }
      status {
        removed
      }
      deprecation {
        deprecated
        note
      }
      trainedBy: relationships(input: { types: ["TrainedBy"], direction: OUTGOING, count: 20 }) {
        total
        relationships {
          type
          entity {
            urn
            type
          }
        }
      }
      incidentsOn: relationships(input: { types: ["IncidentOn"], direction: INCOMING, count: 20 }) {
        total
        relationships {
          entity {
            ... on Incident {
              urn
              title
              incidentType
              customType
              priority
              incidentStatus {
                state
                stage
                message
              }
              created {
                time
                actor
              }
            }
          }
        }
      }
    }
  }
  ${OWNER_FIELDS}
  ${STRUCTURED_PROPS_FIELDS}
`;

const GET_FEATURE_TABLE = /* GraphQL */ `
  query JanusGetFeatureTable($urn: String!) {
    mlFeatureTable(urn: $urn) {
      urn
      name
      platform {
        name
      }
      properties {
        mlFeatures {
          urn
          name
          properties {
            sources {
              urn
            }
          }
        }
        mlPrimaryKeys {
          urn
          name
          properties {
            sources {
              urn
            }
          }
        }
      }
    }
  }
`;

const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,tip_predictor_v3,PROD)';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,tip_predictor,PROD)';
const TRIPS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,nyc_taxi.trips,PROD)';
const ZONES = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,nyc_taxi.zones,PROD)';
const F_TIP = 'urn:li:mlFeature:(trip_features,tip_rate)';
const F_FARE = 'urn:li:mlFeature:(trip_features,fare_per_mile)';
const PK_TRIP = 'urn:li:mlPrimaryKey:(trip_features,trip_id)';
const TABLE = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,trip_features)';
const ALICE = 'urn:li:corpuser:alice';
const ML_TEAM = 'urn:li:corpGroup:ml-platform';
const SLA = 'urn:li:structuredProperty:io.janus.freshnessSlaHours';
const TIER = 'urn:li:structuredProperty:io.janus.tier';

function seedModel() {
  const h = simHarness();
  const { store } = h;
  store.write(MODEL, 'mlModelProperties', {
    customProperties: { framework: 'xgboost', 'training.rows': '120000' },
    externalUrl: 'http://localhost:5000/#/models/tip_predictor_v3',
    description: 'Predicts expected tip at trip start.',
    name: 'Tip predictor v3',
    version: { versionTag: '3' },
    type: 'GradientBoostedTrees',
    created: { time: 1700000000000, actor: ALICE },
    lastModified: { time: 1700000500000 },
    hyperParams: [{ name: 'max_depth', value: '6' }],
    trainingMetrics: [
      { name: 'rmse', value: '1.42' },
      { name: 'mae', value: '0.9', createdAt: 1700000400000 },
    ],
    mlFeatures: [F_TIP, F_FARE],
    tags: ['legacy-free-text'],
    groups: [GROUP],
    trainingJobs: ['urn:li:dataJob:(urn:li:dataFlow:(airflow,train_tips,PROD),fit)'],
  });
  store.write(MODEL, 'mlModelTrainingData', { trainingData: [{ dataset: TRIPS, motivation: 'six months of trips' }] });
  store.write(MODEL, 'mlModelEvaluationData', { evaluationData: [{ dataset: ZONES }] });
  store.write(MODEL, 'ownership', {
    owners: [
      { owner: ALICE, type: 'TECHNICAL_OWNER', typeUrn: 'urn:li:ownershipType:__system__technical_owner' },
      { owner: ML_TEAM, type: 'DATAOWNER' },
    ],
    lastModified: { time: 1700000600000, actor: 'urn:li:corpuser:datahub' },
  });
  store.write(MODEL, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii-free' }] });
  store.write('urn:li:tag:pii-free', 'tagProperties', { name: 'PII free', colorHex: '#00ff00' });
  store.write(MODEL, 'structuredProperties', {
    properties: [
      { propertyUrn: SLA, values: [24] },
      { propertyUrn: TIER, values: ['gold'] },
    ],
  });
  store.write(SLA, 'propertyDefinition', {
    qualifiedName: 'io.janus.freshnessSlaHours',
    displayName: 'Freshness SLA (hours)',
    valueType: 'urn:li:dataType:datahub.number',
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
  });
  store.write(MODEL, 'institutionalMemory', {
    elements: [
      { url: 'https://wiki/tips', description: 'Model card', createStamp: { time: 1700000700000, actor: ALICE } },
    ],
  });
  store.write(MODEL, 'status', { removed: false });
  store.write(MODEL, 'deprecation', { deprecated: true, note: 'use v4', actor: ALICE });
  store.write(ALICE, 'corpUserInfo', { active: true, displayName: 'Alice Liddell', email: 'alice@example.com' });
  store.write(ALICE, 'corpUserStatus', { status: 'ACTIVE', lastModified: { time: 1, actor: ALICE } });
  store.write(ALICE, 'corpUserEditableInfo', { slack: 'U024ALICE', teams: [], skills: [] });
  store.write(ML_TEAM, 'corpGroupInfo', {
    displayName: 'ML Platform',
    email: 'ml@example.com',
    slack: '#ml-platform',
    admins: [],
    members: [],
    groups: [],
  });
  store.write(ML_TEAM, 'corpGroupEditableInfo', { slack: '#ml-oncall' });
  store.write(GROUP, 'mlModelGroupProperties', { customProperties: {}, description: 'Model group tip_predictor' });
  return h;
}

describe('MLModel (JanusGetModel)', () => {
  it('answers a realistic model the way DataHub maps its aspects', async () => {
    const { data } = seedModel();
    const { mlModel: m } = await data(GET_MODEL, { urn: MODEL });
    expect(m.urn).toBe(MODEL);
    expect(m.name).toBe('tip_predictor_v3'); // the key's name, not properties.name
    expect(m.lastIngested).toBeNull();
    expect(m.platform).toEqual({ urn: 'urn:li:dataPlatform:mlflow', name: 'mlflow' });
    expect(m.properties).toEqual({
      name: 'Tip predictor v3',
      version: '3',
      type: 'GradientBoostedTrees',
      mlFeatures: [F_TIP, F_FARE],
      groups: [{ urn: GROUP, name: 'tip_predictor' }],
      customProperties: [
        { key: 'framework', value: 'xgboost' },
        { key: 'training.rows', value: '120000' },
      ],
      trainingMetrics: [
        { name: 'rmse', value: '1.42' },
        { name: 'mae', value: '0.9' },
      ],
      created: { time: 1700000000000, actor: ALICE },
      lastModified: { time: 1700000500000, actor: null },
      externalUrl: 'http://localhost:5000/#/models/tip_predictor_v3',
    });
    expect(m.trainingData).toEqual([{ dataset: TRIPS, motivation: 'six months of trips' }]);
    expect(m.evaluationData).toEqual([{ dataset: ZONES }]);
    expect(m.tags).toEqual({
      tags: [
        {
          tag: { urn: 'urn:li:tag:pii-free', properties: { name: 'PII free', colorHex: '#00ff00' } },
          associatedUrn: MODEL,
        },
      ],
    });
    expect(m.institutionalMemory).toEqual({
      elements: [{ url: 'https://wiki/tips', label: 'Model card', created: { time: 1700000700000, actor: ALICE } }],
    });
    expect(m.status).toEqual({ removed: false });
    expect(m.deprecation).toEqual({ deprecated: true, note: 'use v4' });
  });

  it('maps owners to users and groups, with ownership types from typeUrn or the legacy type', async () => {
    const { data } = seedModel();
    const { mlModel: m } = await data(GET_MODEL, { urn: MODEL });
    expect(m.ownership.lastModified).toEqual({ time: 1700000600000, actor: 'urn:li:corpuser:datahub' });
    expect(m.ownership.owners).toEqual([
      {
        owner: {
          urn: ALICE,
          username: 'alice',
          status: 'ACTIVE',
          properties: { active: true, displayName: 'Alice Liddell', email: 'alice@example.com' },
          editableProperties: { displayName: null, email: null, slack: 'U024ALICE' },
        },
        ownershipType: { urn: 'urn:li:ownershipType:__system__technical_owner', info: { name: 'Technical Owner' } },
        associatedUrn: MODEL,
      },
      {
        owner: {
          urn: ML_TEAM,
          name: 'ml-platform',
          properties: { displayName: 'ML Platform', email: 'ml@example.com', slack: '#ml-platform' },
          editableProperties: { email: null, slack: '#ml-oncall' },
        },
        // No typeUrn: DataHub maps the deprecated type to its __system__ urn (no such type is bootstrapped).
        ownershipType: { urn: 'urn:li:ownershipType:__system__dataowner', info: null },
        associatedUrn: MODEL,
      },
    ]);
  });

  it('maps structured property values to StringValue / NumberValue with their definitions', async () => {
    const { data } = seedModel();
    const { mlModel: m } = await data(GET_MODEL, { urn: MODEL });
    expect(m.structuredProperties.properties).toEqual([
      {
        structuredProperty: {
          urn: SLA,
          definition: {
            qualifiedName: 'io.janus.freshnessSlaHours',
            displayName: 'Freshness SLA (hours)',
            valueType: { urn: 'urn:li:dataType:datahub.number' },
            cardinality: 'SINGLE',
          },
        },
        values: [{ numberValue: 24 }],
        associatedUrn: MODEL,
      },
      {
        // A property whose definition is not stored answers DataHub's placeholder definition.
        structuredProperty: {
          urn: TIER,
          definition: {
            qualifiedName: '',
            displayName: null,
            valueType: { urn: 'urn:li:dataType:datahub.string' },
            cardinality: 'SINGLE',
          },
        },
        values: [{ stringValue: 'gold' }],
        associatedUrn: MODEL,
      },
    ]);
  });

  it('exposes lineage info, hyper-parameters, legacy tags and description', async () => {
    const { data } = seedModel();
    const r = await data(
      `query($urn: String!) { mlModel(urn: $urn) { type origin description exists
      properties { description tags hyperParams { name value description } mlModelLineageInfo { trainingJobs downstreamJobs } } } }`,
      { urn: MODEL },
    );
    expect(r.mlModel).toEqual({
      type: 'MLMODEL',
      origin: 'PROD',
      description: 'Predicts expected tip at trip start.',
      exists: true,
      properties: {
        description: 'Predicts expected tip at trip start.',
        tags: ['legacy-free-text'],
        hyperParams: [{ name: 'max_depth', value: '6', description: null }],
        mlModelLineageInfo: {
          trainingJobs: ['urn:li:dataJob:(urn:li:dataFlow:(airflow,train_tips,PROD),fit)'],
          downstreamJobs: null,
        },
      },
    });
  });

  it('answers a model with no aspects: key fields set, aspects null, exists false', async () => {
    const { data } = simHarness();
    const urn = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,ghost,DEV)';
    const { mlModel: m } = await data(GET_MODEL, { urn });
    expect(m).toMatchObject({
      urn,
      name: 'ghost',
      platform: { urn: 'urn:li:dataPlatform:sagemaker', name: 'sagemaker' },
    });
    for (const field of [
      'properties',
      'trainingData',
      'evaluationData',
      'ownership',
      'tags',
      'structuredProperties',
      'institutionalMemory',
      'status',
      'deprecation',
    ]) {
      expect(m[field]).toBeNull();
    }
    const e = await data(`{ mlModel(urn: "${urn}") { exists origin } }`);
    expect(e.mlModel).toEqual({ exists: false, origin: 'DEV' });
  });

  it('backfills properties.name from the urn and maps the model group', async () => {
    const { store, data } = simHarness();
    store.write(MODEL, 'mlModelProperties', { customProperties: {}, mlFeatures: [] });
    store.write(GROUP, 'mlModelGroupProperties', {
      customProperties: { owner: 'ml' },
      description: 'tips',
      externalUrl: 'http://x',
    });
    const r =
      await data(`{ mlModel(urn: "${MODEL}") { properties { name version groups { urn } mlFeatures customProperties { key } created { time } } }
      mlModelGroup(urn: "${GROUP}") { type name origin description platform { name } exists properties { name description externalUrl customProperties { key value associatedUrn } } } }`);
    expect(r.mlModel.properties).toEqual({
      name: 'tip_predictor_v3',
      version: null,
      groups: null,
      mlFeatures: [],
      customProperties: [],
      created: null,
    });
    expect(r.mlModelGroup).toEqual({
      type: 'MLMODEL_GROUP',
      name: 'tip_predictor',
      origin: 'PROD',
      description: 'tips',
      platform: { name: 'mlflow' },
      exists: true,
      properties: {
        name: 'tip_predictor',
        description: 'tips',
        externalUrl: 'http://x',
        customProperties: [{ key: 'owner', value: 'ml', associatedUrn: GROUP }],
      },
    });
  });
});

describe('lastIngested', () => {
  it('is the newest lastObserved of aspects written by a real run', async () => {
    const { store, data } = simHarness();
    const write = (aspectName: string, value: Record<string, unknown>, systemMetadata: SystemMetadata) => {
      store.write(MODEL, aspectName, value);
      store.observe(MODEL, aspectName, systemMetadata);
    };
    write(
      'mlModelProperties',
      { customProperties: {} },
      { lastObserved: 1700000000000, runId: 'mlflow-2023', lastRunId: 'mlflow-2023' },
    );
    write(
      'status',
      { removed: false },
      { lastObserved: 1800000000000, runId: 'no-run-id-provided', lastRunId: 'no-run-id-provided' },
    );
    write(
      'globalTags',
      { tags: [] },
      { lastObserved: 1750000000000, runId: 'legacy-run', lastRunId: 'no-run-id-provided' },
    );
    const r = await data(`{ mlModel(urn: "${MODEL}") { lastIngested } }`);
    expect(r.mlModel.lastIngested).toBe(1750000000000);
  });
});

function seedFeatures() {
  const h = simHarness();
  const { store } = h;
  store.write(F_TIP, 'mlFeatureProperties', {
    customProperties: {},
    description: 'Tip as a share of fare',
    dataType: 'CONTINUOUS',
    sources: [TRIPS],
  });
  store.write(F_FARE, 'mlFeatureProperties', { customProperties: {}, dataType: 'CONTINUOUS', sources: [TRIPS, ZONES] });
  store.write(PK_TRIP, 'mlPrimaryKeyProperties', { customProperties: {}, dataType: 'ORDINAL', sources: [TRIPS] });
  store.write(TABLE, 'mlFeatureTableProperties', {
    customProperties: {},
    description: 'trip features',
    mlFeatures: [F_TIP, F_FARE],
    mlPrimaryKeys: [PK_TRIP],
  });
  store.write(TRIPS, 'datasetProperties', { name: 'trips', customProperties: {} });
  store.write(F_TIP, 'ownership', { owners: [{ owner: ALICE, type: 'TECHNICAL_OWNER' }] });
  return h;
}

describe('MLFeature, MLPrimaryKey, MLFeatureTable', () => {
  it('answers JanusGetFeature: key names, data type and source datasets', async () => {
    const { data } = seedFeatures();
    const { mlFeature: f } = await data(GET_FEATURE, { urn: F_TIP });
    expect(f).toEqual({
      urn: F_TIP,
      name: 'tip_rate',
      featureNamespace: 'trip_features',
      dataType: 'CONTINUOUS',
      properties: {
        description: 'Tip as a share of fare',
        dataType: 'CONTINUOUS',
        sources: [{ urn: TRIPS, name: 'nyc_taxi.trips', platform: { name: 'snowflake' } }],
      },
      ownership: {
        owners: [
          {
            owner: { urn: ALICE, username: 'alice', status: null, properties: null, editableProperties: null },
            ownershipType: { urn: 'urn:li:ownershipType:__system__technical_owner', info: { name: 'Technical Owner' } },
            associatedUrn: F_TIP,
          },
        ],
        lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
      },
    });
  });

  it('answers JanusGetFeatureTable with features and primary keys as entities', async () => {
    const { data } = seedFeatures();
    const { mlFeatureTable: t } = await data(GET_FEATURE_TABLE, { urn: TABLE });
    expect(t).toEqual({
      urn: TABLE,
      name: 'trip_features',
      platform: { name: 'feast' },
      properties: {
        mlFeatures: [
          { urn: F_TIP, name: 'tip_rate', properties: { sources: [{ urn: TRIPS }] } },
          { urn: F_FARE, name: 'fare_per_mile', properties: { sources: [{ urn: TRIPS }, { urn: ZONES }] } },
        ],
        mlPrimaryKeys: [{ urn: PK_TRIP, name: 'trip_id', properties: { sources: [{ urn: TRIPS }] } }],
      },
    });
  });

  it('maps primary keys and feature descriptions; a feature without properties has null data type', async () => {
    const { data } = seedFeatures();
    const r =
      await data(`{ mlPrimaryKey(urn: "${PK_TRIP}") { type name featureNamespace dataType description properties { dataType customProperties { key } } }
      mlFeature(urn: "urn:li:mlFeature:(trip_features,nothing)") { name dataType description properties { description } exists }
      mlFeatureTable(urn: "${TABLE}") { type description properties { description customProperties { key } } } }`);
    expect(r.mlPrimaryKey).toEqual({
      type: 'MLPRIMARY_KEY',
      name: 'trip_id',
      featureNamespace: 'trip_features',
      dataType: 'ORDINAL',
      description: null,
      properties: { dataType: 'ORDINAL', customProperties: [] },
    });
    expect(r.mlFeature).toEqual({
      name: 'nothing',
      dataType: null,
      description: null,
      properties: null,
      exists: false,
    });
    expect(r.mlFeatureTable).toEqual({
      type: 'MLFEATURE_TABLE',
      description: 'trip features',
      properties: { description: 'trip features', customProperties: [] },
    });
  });
});
