import { describe, expect, it } from 'vitest';
import {
  BAND,
  DATASET,
  define,
  expectDataHubError,
  NUMBER,
  readSide,
  SCORE,
  seededHarness,
  STAMP,
  STRING,
} from './support/write-seed.js';

const CREATE = 'mutation C($input: CreateStructuredPropertyInput!) { createStructuredProperty(input: $input) { urn } }';

describe('createStructuredProperty', () => {
  it('writes propertyDefinition and structuredPropertySettings at urn:li:structuredProperty:<qualifiedName>', async () => {
    const h = seededHarness();
    // the definition's fields: sent as they are, stored as they are (with the audit stamps)
    const definition = {
      qualifiedName: 'io.janus.trustScore',
      displayName: 'Janus trust score',
      description: 'from 0 to 1',
      valueType: NUMBER,
      cardinality: 'SINGLE',
      immutable: false,
      entityTypes: ['urn:li:entityType:datahub.mlModel', 'urn:li:entityType:datahub.dataset'],
    };
    const res = await h.data(CREATE, {
      input: { ...definition, settings: { showInAssetSummary: true, isHidden: false } },
    });
    expect(res.createStructuredProperty).toEqual({ urn: SCORE });
    expect(h.store.aspect(SCORE, 'propertyDefinition')).toEqual({ ...definition, created: STAMP, lastModified: STAMP });
    expect(h.store.aspect(SCORE, 'structuredPropertySettings')).toEqual({
      showInAssetSummary: true,
      isHidden: false,
      lastModified: STAMP,
    });
  });

  it('stores allowed values plain (no union wrapper) and the allowedTypes qualifier; no settings aspect without settings', async () => {
    const h = seededHarness();
    await h.data(CREATE, {
      input: {
        id: 'io.janus.band',
        valueType: STRING,
        entityTypes: ['urn:li:entityType:datahub.mlModel'],
        allowedValues: [{ stringValue: 'trusted', description: 'all checks pass' }, { stringValue: 'untrusted' }],
      },
    });
    await h.data(CREATE, {
      input: {
        id: 'io.janus.reviewer',
        valueType: 'urn:li:dataType:datahub.urn',
        entityTypes: ['urn:li:entityType:datahub.mlModel'],
        typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
        allowedValues: [{ numberValue: 1 }],
      },
    });
    expect(h.store.aspect<Record<string, unknown>>(BAND, 'propertyDefinition')?.allowedValues).toEqual([
      { value: 'trusted', description: 'all checks pass' },
      { value: 'untrusted' },
    ]);
    expect(h.store.aspect('urn:li:structuredProperty:io.janus.reviewer', 'propertyDefinition')).toMatchObject({
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
      allowedValues: [{ value: 1 }],
    });
    expect(h.store.aspect(BAND, 'structuredPropertySettings')).toBeUndefined();
  });

  it('takes the id when only the id is given, accepts equal id and qualifiedName, and uses a random id for neither', async () => {
    const h = seededHarness();
    const create = async (input: object) =>
      (
        await h.data(CREATE, {
          input: { valueType: STRING, entityTypes: ['urn:li:entityType:datahub.dataset'], ...input },
        })
      ).createStructuredProperty.urn;
    expect(await create({ id: 'a.b' })).toBe('urn:li:structuredProperty:a.b');
    expect(await create({ id: 'c.d', qualifiedName: 'c.d' })).toBe('urn:li:structuredProperty:c.d');
    expect(await create({})).toBe('urn:li:structuredProperty:id-1');
    expect(h.store.aspect('urn:li:structuredProperty:id-1', 'propertyDefinition')).toMatchObject({
      qualifiedName: 'id-1',
    });
  });

  it('rejects an id that differs from the qualifiedName', async () => {
    const h = seededHarness();
    const res = await h.gql(CREATE, { input: { id: 'a', qualifiedName: 'b', valueType: STRING, entityTypes: [] } });
    expectDataHubError(res, 'BAD_REQUEST', 'Qualified name and the ID of a structured property must match');
  });

  it('rejects a property that already exists, leaving it unchanged', async () => {
    const h = seededHarness();
    define(h.store, SCORE, { valueType: NUMBER });
    const res = await h.gql(CREATE, {
      input: { qualifiedName: 'io.janus.trustScore', valueType: STRING, entityTypes: [] },
    });
    expectDataHubError(res, 'BAD_REQUEST', 'A structured property already exists with this urn');
    expect(res.data).toBeNull();
    expect(h.store.aspect(SCORE, 'propertyDefinition')).toMatchObject({ valueType: NUMBER });
  });

  it('rejects isHidden together with a show* setting', async () => {
    const h = seededHarness();
    const res = await h.gql(CREATE, {
      input: {
        qualifiedName: 'x.y',
        valueType: STRING,
        entityTypes: [],
        settings: { isHidden: true, showInAssetSummary: true },
      },
    });
    expectDataHubError(
      res,
      'BAD_REQUEST',
      'Cannot have property isHidden = true while other display location settings are also true.',
    );
    expect(h.store.exists('urn:li:structuredProperty:x.y')).toBe(false);
  });

  it('rejects spaces in the name, allowedTypes that are not entity types, and a second asset badge', async () => {
    const h = seededHarness();
    const base = { valueType: STRING, entityTypes: ['urn:li:entityType:datahub.dataset'] };
    expectDataHubError(
      await h.gql(CREATE, { input: { ...base, qualifiedName: 'has space' } }),
      'BAD_REQUEST',
      'Urn ID cannot have spaces',
    );
    expectDataHubError(
      await h.gql(CREATE, { input: { ...base, qualifiedName: 'q1', typeQualifier: { allowedTypes: [DATASET] } } }),
      'BAD_REQUEST',
      /not an entityType entity/,
    );
    expectDataHubError(
      await h.gql(CREATE, {
        input: { ...base, qualifiedName: 'q2', typeQualifier: { allowedTypes: ['urn:li:entityType:nope'] } },
      }),
      'BAD_REQUEST',
      /allowedType that does not exist/,
    );
    await h.data(CREATE, { input: { ...base, qualifiedName: 'badge.one', settings: { showAsAssetBadge: true } } });
    expectDataHubError(
      await h.gql(CREATE, { input: { ...base, qualifiedName: 'badge.two', settings: { showAsAssetBadge: true } } }),
      'BAD_REQUEST',
      /more than one property set with show as badge.*badge\.one/,
    );
  });
});

describe("structured properties read back through GraphQL (needs the read helper's resolvers)", () => {
  it.runIf(readSide('StructuredPropertyEntity', 'definition'))(
    'the created property reads back with its definition',
    async () => {
      const h = seededHarness();
      const res = await h.data(`mutation { createStructuredProperty(input: { qualifiedName: "io.janus.trustScore",
      valueType: "${NUMBER}", entityTypes: ["urn:li:entityType:datahub.mlModel"] }) {
      urn definition { qualifiedName valueType { urn } cardinality } } }`);
      expect(res.createStructuredProperty).toEqual({
        urn: SCORE,
        definition: { qualifiedName: 'io.janus.trustScore', valueType: { urn: NUMBER }, cardinality: 'SINGLE' },
      });
    },
  );
});
