import { describe, expect, it } from 'vitest';
import { DATASET, expectDataHubError, MISSING_DATASET, MODEL, seededHarness } from './support/write-seed.js';

const REMOVE = `mutation R($input: RemoveStructuredPropertiesInput!) {
  removeStructuredProperties(input: $input) { properties { structuredProperty { urn } values { ... on StringValue { stringValue } } } }
}`;
const A = 'urn:li:structuredProperty:io.janus.a';
const B = 'urn:li:structuredProperty:io.janus.b';

function setup() {
  const h = seededHarness();
  for (const urn of [A, B]) {
    h.store.write(urn, 'propertyDefinition', {
      qualifiedName: urn.split(':').pop(),
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.mlModel'],
    });
  }
  h.store.write(MODEL, 'structuredProperties', {
    properties: [
      { propertyUrn: A, values: ['x'] },
      { propertyUrn: B, values: ['y'] },
    ],
  });
  return h;
}

describe('removeStructuredProperties', () => {
  it('drops the listed assignments, keeps the others, and returns the aspect', async () => {
    const h = setup();
    const res = await h.data(REMOVE, {
      input: { assetUrn: MODEL, structuredPropertyUrns: [A, 'urn:li:structuredProperty:absent'] },
    });
    expect(res.removeStructuredProperties.properties).toEqual([
      { structuredProperty: { urn: B }, values: [{ stringValue: 'y' }] },
    ]);
    expect(h.store.aspect(MODEL, 'structuredProperties')).toEqual({ properties: [{ propertyUrn: B, values: ['y'] }] });
  });

  it('fails on an asset that does not exist', async () => {
    const h = setup();
    expectDataHubError(
      await h.gql(REMOVE, { input: { assetUrn: MISSING_DATASET, structuredPropertyUrns: [A] } }),
      'SERVER_ERROR',
      /does not exist/,
    );
    expect(h.store.aspect(DATASET, 'structuredProperties')).toBeUndefined();
  });
});
