import type { ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { runGraphQL } from '../src/schema/execute.js';
import {
  DATASET,
  expectDataHubError,
  LEAKAGE_ASSERTION,
  leakageFailureEvent,
  MODEL,
  OTHER_DATASET,
  readSide,
  SCORE,
  seededHarness,
  STAMP,
  USER,
} from './support/write-seed.js';

/** `shared/reference/datahub-ops-examples/writes.graphql`, verbatim: the writes Janus sends to DataHub. */
const WRITES = `# Example operations for Janus, checked with shared/tools/check-datahub-ops.mjs against the
# DataHub schema in ../datahub-graphql (master 63defa4c2d) and against releases v1.4.0, v1.5.0, v1.6.0.
# The schema cannot check filter field names such as "degree" or "email", or what a resolver does with them;
# see ../DATAHUB-API.md for those.
mutation JanusRaiseIncident($resourceUrn: String!, $title: String!, $description: String) {
  raiseIncident(
    input: {
      type: CUSTOM
      customType: "JANUS_MODEL_TRUST"
      title: $title
      description: $description
      resourceUrn: $resourceUrn
      priority: HIGH
      status: { state: ACTIVE, stage: TRIAGE, message: "raised by Janus" }
    }
  )
}

mutation JanusResolveIncident($urn: String!, $message: String) {
  updateIncidentStatus(urn: $urn, input: { state: RESOLVED, stage: FIXED, message: $message })
}

mutation JanusCreateTag { createTag(input: { id: "janus-untrusted", name: "janus:untrusted", description: "Janus judged this model untrusted" }) }
mutation JanusAddTag($tagUrn: String!, $resourceUrn: String!) { addTag(input: { tagUrn: $tagUrn, resourceUrn: $resourceUrn }) }
mutation JanusAddTags($resourceUrn: String!) { addTags(input: { tagUrns: ["urn:li:tag:janus-untrusted"], resourceUrn: $resourceUrn }) }
mutation JanusBatchAddTags($urns: [ResourceRefInput!]!) { batchAddTags(input: { tagUrns: ["urn:li:tag:janus-untrusted"], resources: $urns }) }
mutation JanusRemoveTag($resourceUrn: String!) { removeTag(input: { tagUrn: "urn:li:tag:janus-untrusted", resourceUrn: $resourceUrn }) }

mutation JanusCreateScoreProperty {
  createStructuredProperty(
    input: {
      qualifiedName: "io.janus.trustScore"
      displayName: "Janus trust score"
      valueType: "urn:li:dataType:datahub.number"
      cardinality: SINGLE
      entityTypes: ["urn:li:entityType:datahub.mlModel"]
      settings: { showInAssetSummary: true }
    }
  ) { urn definition { qualifiedName } }
}

mutation JanusSetScore($assetUrn: String!, $score: Float!) {
  upsertStructuredProperties(
    input: {
      assetUrn: $assetUrn
      structuredPropertyInputParams: [{ structuredPropertyUrn: "urn:li:structuredProperty:io.janus.trustScore", values: [{ numberValue: $score }] }]
    }
  ) { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } }
}

mutation JanusUpsertAssertion($datasetUrn: String!) {
  upsertCustomAssertion(
    urn: "urn:li:assertion:janus-leakage-check"
    input: { entityUrn: $datasetUrn, type: "Janus leakage check", description: "No feature column derives from the label column", platform: { name: "Janus" } }
  ) { urn }
}

mutation JanusReportResult($urn: String!) {
  reportAssertionResult(urn: $urn, result: { type: FAILURE, properties: [{ key: "reason", value: "feature x derives from label y" }], externalUrl: "https://example.invalid/run/1" })
}

mutation JanusAddLink($resourceUrn: String!) { addLink(input: { linkUrl: "https://example.invalid/janus/report/1", label: "Janus verdict", resourceUrn: $resourceUrn }) }
mutation JanusRemoveLink($resourceUrn: String!) { removeLink(input: { linkUrl: "https://example.invalid/janus/report/1", resourceUrn: $resourceUrn }) }

mutation JanusClaimOwnership($ownerUrn: String!, $resourceUrn: String!) {
  addOwner(input: { ownerUrn: $ownerUrn, ownerEntityType: CORP_USER, ownershipTypeUrn: "urn:li:ownershipType:__system__technical_owner", resourceUrn: $resourceUrn })
}
mutation JanusAddOwners($resourceUrn: String!) {
  addOwners(input: { owners: [{ ownerUrn: "urn:li:corpuser:jdoe", ownerEntityType: CORP_USER, ownershipTypeUrn: "urn:li:ownershipType:__system__business_owner" }], resourceUrn: $resourceUrn })
}
`;

const UNTRUSTED = 'urn:li:tag:janus-untrusted';
const ASSERTION = LEAKAGE_ASSERTION;
const REPORT_URL = 'https://example.invalid/janus/report/1';

function setup() {
  const h = seededHarness();
  const op = (operationName: string, variables: Record<string, unknown> = {}): Promise<ExecutionResult> =>
    runGraphQL({ query: WRITES, variables, operationName }, h.ctx);
  /** Runs an operation that needs no read resolver to answer, failing on any error. */
  const ok = async (operationName: string, variables?: Record<string, unknown>) => {
    const r = await op(operationName, variables);
    expect(r.errors, `${operationName}: ${r.errors?.map((e) => e.message).join('; ')}`).toBeUndefined();
    return r.data as Record<string, unknown>;
  };
  return { ...h, op, ok };
}

describe('the writes of datahub-ops-examples/writes.graphql', () => {
  it('each one validates against the simulator schema and does what DataHub does, in a Janus run', async () => {
    const { store, op, ok } = setup();

    const raised = await ok('JanusRaiseIncident', {
      resourceUrn: DATASET,
      title: 'Churn model untrusted',
      description: 'leak',
    });
    expect(raised.raiseIncident).toBe('urn:li:incident:id-1');
    expect(store.aspect('urn:li:incident:id-1', 'incidentInfo')).toEqual({
      type: 'CUSTOM',
      customType: 'JANUS_MODEL_TRUST',
      title: 'Churn model untrusted',
      description: 'leak',
      entities: [DATASET],
      priority: 1,
      created: STAMP,
      source: { type: 'MANUAL' },
      status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'raised by Janus', lastUpdated: STAMP },
    });
    expect(
      await ok('JanusResolveIncident', { urn: 'urn:li:incident:id-1', message: 'fixed (jdoe via Slack)' }),
    ).toEqual({ updateIncidentStatus: true });
    expect(store.aspect('urn:li:incident:id-1', 'incidentInfo')).toMatchObject({
      status: { state: 'RESOLVED', stage: 'FIXED', message: 'fixed (jdoe via Slack)', lastUpdated: STAMP },
    });

    expect(await ok('JanusCreateTag')).toEqual({ createTag: UNTRUSTED });
    expect(store.aspect(UNTRUSTED, 'tagProperties')).toEqual({
      name: 'janus:untrusted',
      description: 'Janus judged this model untrusted',
    });
    expect(await ok('JanusAddTag', { tagUrn: UNTRUSTED, resourceUrn: MODEL })).toEqual({ addTag: true });
    expect(await ok('JanusAddTags', { resourceUrn: MODEL })).toEqual({ addTags: true });
    expect(store.aspect(MODEL, 'globalTags')).toEqual({ tags: [{ tag: UNTRUSTED }] });
    expect(await ok('JanusBatchAddTags', { urns: [{ resourceUrn: DATASET }, { resourceUrn: OTHER_DATASET }] })).toEqual(
      { batchAddTags: true },
    );
    expect(store.aspect(OTHER_DATASET, 'globalTags')).toEqual({ tags: [{ tag: UNTRUSTED }] });
    expect(await ok('JanusRemoveTag', { resourceUrn: MODEL })).toEqual({ removeTag: true });
    expect(store.aspect(MODEL, 'globalTags')).toEqual({ tags: [] });

    const created = await op('JanusCreateScoreProperty');
    expect(store.aspect(SCORE, 'propertyDefinition')).toEqual({
      qualifiedName: 'io.janus.trustScore',
      displayName: 'Janus trust score',
      valueType: 'urn:li:dataType:datahub.number',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.mlModel'],
      created: STAMP,
      lastModified: STAMP,
    });
    expect(store.aspect(SCORE, 'structuredPropertySettings')).toEqual({
      showInAssetSummary: true,
      lastModified: STAMP,
    });
    if (readSide('StructuredPropertyEntity', 'definition')) {
      expect(created).toEqual({
        data: { createStructuredProperty: { urn: SCORE, definition: { qualifiedName: 'io.janus.trustScore' } } },
      });
    }

    const scored = await op('JanusSetScore', { assetUrn: MODEL, score: 0.42 });
    expect(store.aspect(MODEL, 'structuredProperties')).toEqual({
      properties: [{ propertyUrn: SCORE, values: [0.42], created: STAMP, lastModified: STAMP }],
    });
    if (readSide('StructuredProperties', 'properties')) {
      expect(scored).toEqual({
        data: {
          upsertStructuredProperties: {
            properties: [{ structuredProperty: { urn: SCORE }, values: [{ numberValue: 0.42 }] }],
          },
        },
      });
    }

    expect(await ok('JanusUpsertAssertion', { datasetUrn: DATASET })).toEqual({
      upsertCustomAssertion: { urn: ASSERTION },
    });
    expect(store.aspect(ASSERTION, 'assertionInfo')).toEqual({
      type: 'CUSTOM',
      description: 'No feature column derives from the label column',
      source: { type: 'EXTERNAL' },
      customAssertion: { type: 'Janus leakage check', entity: DATASET },
    });
    expect(await ok('JanusReportResult', { urn: ASSERTION })).toEqual({ reportAssertionResult: true });
    expect(store.timeseries(ASSERTION, 'assertionRunEvent')).toEqual([leakageFailureEvent()]);

    expect(await ok('JanusAddLink', { resourceUrn: MODEL })).toEqual({ addLink: true });
    expect(store.aspect(MODEL, 'institutionalMemory')).toEqual({
      elements: [{ url: REPORT_URL, description: 'Janus verdict', createStamp: STAMP }],
    });
    expect(await ok('JanusRemoveLink', { resourceUrn: MODEL })).toEqual({ removeLink: true });
    expect(store.aspect(MODEL, 'institutionalMemory')).toEqual({ elements: [] });

    expect(await ok('JanusClaimOwnership', { ownerUrn: USER, resourceUrn: MODEL })).toEqual({ addOwner: true });
    expect(await ok('JanusAddOwners', { resourceUrn: MODEL })).toEqual({ addOwners: true });
    expect(store.aspect<{ owners: unknown[] }>(MODEL, 'ownership')?.owners).toEqual([
      {
        owner: USER,
        type: 'NONE',
        typeUrn: 'urn:li:ownershipType:__system__technical_owner',
        source: { type: 'MANUAL' },
      },
      {
        owner: USER,
        type: 'NONE',
        typeUrn: 'urn:li:ownershipType:__system__business_owner',
        source: { type: 'MANUAL' },
      },
    ]);
  });

  it("a second Janus run: the non-idempotent writes fail or repeat as DataHub's do, the others change nothing", async () => {
    const { store, op, ok } = setup();
    const run = async () => {
      await op('JanusRaiseIncident', { resourceUrn: DATASET, title: 't' });
      return {
        createTag: await op('JanusCreateTag'),
        createProperty: await op('JanusCreateScoreProperty'),
        addLink: await op('JanusAddLink', { resourceUrn: MODEL }),
      };
    };
    await run();
    await ok('JanusAddTag', { tagUrn: UNTRUSTED, resourceUrn: MODEL });
    await ok('JanusUpsertAssertion', { datasetUrn: DATASET });
    await op('JanusSetScore', { assetUrn: MODEL, score: 0.5 });
    const snapshot = structuredClone([
      store.aspect(MODEL, 'globalTags'),
      store.aspect('urn:li:assertion:janus-leakage-check', 'assertionInfo'),
    ]);

    const second = await run();
    expect([...store.all('incident')]).toHaveLength(2);
    expectDataHubError(second.createTag, 'BAD_REQUEST', 'This Tag already exists!');
    expectDataHubError(second.createProperty, 'BAD_REQUEST', 'A structured property already exists with this urn');
    expect(second.addLink.data).toEqual({ addLink: true }); // LinkUtils.addLink: an existing link is left as it is
    await ok('JanusAddTag', { tagUrn: UNTRUSTED, resourceUrn: MODEL });
    await ok('JanusUpsertAssertion', { datasetUrn: DATASET });
    await op('JanusSetScore', { assetUrn: MODEL, score: 0.5 });
    expect([
      store.aspect(MODEL, 'globalTags'),
      store.aspect('urn:li:assertion:janus-leakage-check', 'assertionInfo'),
    ]).toEqual(snapshot);
    expect(store.aspect<{ properties: unknown[] }>(MODEL, 'structuredProperties')?.properties).toHaveLength(1);
    expect(store.aspect<{ elements: unknown[] }>(MODEL, 'institutionalMemory')?.elements).toHaveLength(1);
  });
});
