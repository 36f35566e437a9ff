import type { ExecutionResult } from 'graphql';
import { expect } from 'vitest';
import { graphResolvers } from '../../src/resolvers/read/graph/index.js';
import { readResolvers } from '../../src/resolvers/read/index.js';
import type { Store } from '../../src/store/store.js';
import { simHarness } from './harness.js';

/** Fixed clock and ids for the write tests. */
export const NOW = 1_780_000_000_000;
export const ACTOR = 'urn:li:corpuser:janus-bot';

export const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
export const OTHER_DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.customers,PROD)';
export const MISSING_DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.never_ingested,PROD)';
export const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)';
export const USER = 'urn:li:corpuser:jdoe';
export const GROUP = 'urn:li:corpGroup:data-eng';
export const TAG = 'urn:li:tag:pii';
/** The audit stamp DataHub puts on every write of these tests: at NOW, by ACTOR. */
export const STAMP = { time: NOW, actor: ACTOR };

/** Janus's structured properties, and the value types DataHub gives them. */
export const SCORE = 'urn:li:structuredProperty:io.janus.trustScore';
export const BAND = 'urn:li:structuredProperty:io.janus.band';
export const NUMBER = 'urn:li:dataType:datahub.number';
export const STRING = 'urn:li:dataType:datahub.string';

/** A harness whose clock is `now` (fixed at NOW by default) and whose ids are id-1, id-2, ... */
export function writeHarness(now: () => number = () => NOW) {
  let n = 0;
  return simHarness({ now, actor: ACTOR, newId: () => `id-${++n}` });
}

/** A write harness over the seeded catalogue (`seed`): where each write test starts. */
export function seededHarness(now?: () => number) {
  const h = writeHarness(now);
  seed(h.store);
  return h;
}

/** A small catalogue: two datasets with schemas, a model, a user, a group and a tag. */
export function seed(store: Store): void {
  for (const urn of [DATASET, OTHER_DATASET]) {
    store.write(urn, 'datasetProperties', {
      name: urn.includes('orders') ? 'orders' : 'customers',
      customProperties: {},
    });
    store.write(urn, 'schemaMetadata', {
      schemaName: 'shop',
      platform: 'urn:li:dataPlatform:snowflake',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: [
        { fieldPath: 'order_id', nativeDataType: 'NUMBER', type: { type: { 'com.linkedin.schema.NumberType': {} } } },
        { fieldPath: 'amount', nativeDataType: 'NUMBER', type: { type: { 'com.linkedin.schema.NumberType': {} } } },
      ],
    });
  }
  store.write(MODEL, 'mlModelProperties', { name: 'churn', customProperties: {} });
  store.write(USER, 'corpUserInfo', { active: true, displayName: 'Jane Doe', email: 'jdoe@example.com' });
  store.write(GROUP, 'corpGroupInfo', { displayName: 'Data Eng', admins: [], members: [], groups: [] });
  store.write(TAG, 'tagProperties', { name: 'pii' });
}

/** True when the read helper's resolver for `type.field` is in place (read-back assertions need it). */
export const readSide = (type: string, field: string): boolean =>
  Boolean(readResolvers[type]?.[field] ?? graphResolvers[type]?.[field]);

/** Asserts the request failed with exactly one DataHub-shaped resolver error, and returns its message. */
export function expectDataHubError(
  result: ExecutionResult,
  type: 'BAD_REQUEST' | 'NOT_FOUND' | 'SERVER_ERROR',
  message?: string | RegExp,
): string {
  const codes = { BAD_REQUEST: 400, NOT_FOUND: 404, SERVER_ERROR: 500 } as const;
  expect(result.errors, 'expected a resolver error').toHaveLength(1);
  const error = result.errors![0]!;
  expect(error.extensions).toMatchObject({ code: codes[type], type });
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
  return error.message;
}

/** A structured property definition as a metadata file would hold it. */
export function define(store: Store, urn: string, definition: Record<string, unknown>): void {
  store.write(urn, 'propertyDefinition', {
    qualifiedName: urn.split(':').pop(),
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
    ...definition,
  });
}

/** The assertion the Janus write tests report on. */
export const LEAKAGE_ASSERTION = 'urn:li:assertion:janus-leakage-check';

/** The assertionRunEvent a FAILURE report of LEAKAGE_ASSERTION against DATASET appends at NOW (`extra` joins its result). */
export const leakageFailureEvent = (extra: object = {}) => ({
  timestampMillis: NOW,
  runId: String(NOW),
  assertionUrn: LEAKAGE_ASSERTION,
  asserteeUrn: DATASET,
  status: 'COMPLETE',
  result: {
    type: 'FAILURE',
    externalUrl: 'https://example.invalid/run/1',
    nativeResults: { reason: 'feature x derives from label y' },
    ...extra,
  },
});
