import { describe, expect, it } from 'vitest';
import {
  ACTOR,
  DATASET,
  expectDataHubError,
  LEAKAGE_ASSERTION,
  leakageFailureEvent,
  MODEL,
  NOW,
  readSide,
  seededHarness,
} from './support/write-seed.js';

const UPSERT = `mutation A($urn: String, $input: UpsertCustomAssertionInput!) {
  upsertCustomAssertion(urn: $urn, input: $input) { urn }
}`;
const REPORT =
  'mutation R($urn: String!, $result: AssertionResultInput!) { reportAssertionResult(urn: $urn, result: $result) }';
const OPERATION = 'mutation O($input: ReportOperationInput!) { reportOperation(input: $input) }';
const ASSERTION = LEAKAGE_ASSERTION;

const CUSTOM = {
  entityUrn: DATASET,
  type: 'Janus leakage check',
  description: 'No feature column derives from the label column',
  platform: { name: 'Janus' },
};

describe('upsertCustomAssertion', () => {
  it('writes a CUSTOM assertionInfo and dataPlatformInstance at the given urn', async () => {
    const h = seededHarness();
    const res = await h.data(UPSERT, {
      urn: ASSERTION,
      input: { ...CUSTOM, fieldPath: 'amount', externalUrl: 'https://example.invalid/a', logic: 'SELECT 1' },
    });
    expect(res.upsertCustomAssertion).toEqual({ urn: ASSERTION });
    expect(h.store.aspect(ASSERTION, 'assertionInfo')).toEqual({
      type: 'CUSTOM',
      description: CUSTOM.description,
      externalUrl: 'https://example.invalid/a',
      source: { type: 'EXTERNAL' },
      customAssertion: {
        type: 'Janus leakage check',
        entity: DATASET,
        field: `urn:li:schemaField:(${DATASET},amount)`,
        logic: 'SELECT 1',
      },
    });
    expect(h.store.aspect(ASSERTION, 'dataPlatformInstance')).toEqual({ platform: 'urn:li:dataPlatform:Janus' });
  });

  it('updates in place with a fixed urn (the info is replaced, not merged) and creates a new urn without one', async () => {
    const h = seededHarness();
    await h.data(UPSERT, { urn: ASSERTION, input: { ...CUSTOM, logic: 'v1' } });
    await h.data(UPSERT, {
      urn: ASSERTION,
      input: { ...CUSTOM, description: 'v2', platform: { urn: 'urn:li:dataPlatform:great-expectations' } },
    });
    expect([...h.store.all('assertion')].map((e) => e.urn)).toEqual([ASSERTION]);
    expect(h.store.aspect(ASSERTION, 'assertionInfo')).toMatchObject({
      description: 'v2',
      customAssertion: { type: CUSTOM.type, entity: DATASET },
    });
    expect(h.store.aspect<{ customAssertion: object }>(ASSERTION, 'assertionInfo')?.customAssertion).not.toHaveProperty(
      'logic',
    );
    expect(h.store.aspect(ASSERTION, 'dataPlatformInstance')).toEqual({
      platform: 'urn:li:dataPlatform:great-expectations',
    });

    const fresh = await h.data(UPSERT, { input: CUSTOM });
    expect(fresh.upsertCustomAssertion).toEqual({ urn: 'urn:li:assertion:id-1' });
  });

  it('requires a platform name or urn', async () => {
    const h = seededHarness();
    const res = await h.gql(UPSERT, { urn: ASSERTION, input: { ...CUSTOM, platform: {} } });
    expectDataHubError(
      res,
      'BAD_REQUEST',
      'Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.',
    );
    expect(h.store.exists(ASSERTION)).toBe(false);
  });

  it('fails on a malformed entity urn', async () => {
    const h = seededHarness();
    expectDataHubError(
      await h.gql(UPSERT, { input: { ...CUSTOM, entityUrn: 'dataset.name' } }),
      'SERVER_ERROR',
      /invalid urn/,
    );
  });
});

describe('reportAssertionResult', () => {
  it('appends a COMPLETE assertionRunEvent against the asserted dataset, runId = timestamp, now by default', async () => {
    const h = seededHarness();
    await h.data(UPSERT, { urn: ASSERTION, input: CUSTOM });
    const res = await h.data(REPORT, {
      urn: ASSERTION,
      result: {
        type: 'FAILURE',
        properties: [{ key: 'reason', value: 'feature x derives from label y' }],
        externalUrl: 'https://example.invalid/run/1',
        severity: 'HIGH',
      },
    });
    expect(res.reportAssertionResult).toBe(true);
    expect(h.store.timeseries(ASSERTION, 'assertionRunEvent')).toEqual([leakageFailureEvent({ severity: 'HIGH' })]);
  });

  it('keeps the error only for an ERROR result, and keeps the history newest first', async () => {
    const h = seededHarness();
    await h.data(UPSERT, { urn: ASSERTION, input: CUSTOM });
    const error = { type: 'SOURCE_QUERY_FAILED', message: 'timeout' };
    await h.data(REPORT, { urn: ASSERTION, result: { type: 'SUCCESS', timestampMillis: NOW - 2000, error } });
    await h.data(REPORT, { urn: ASSERTION, result: { type: 'ERROR', timestampMillis: NOW - 1000, error } });
    const events = h.store.timeseries<{ timestampMillis: number; result: object }>(ASSERTION, 'assertionRunEvent');
    expect(events.map((e) => e.timestampMillis)).toEqual([NOW - 1000, NOW - 2000]);
    expect(events[0]!.result).toEqual({
      type: 'ERROR',
      error: { type: 'SOURCE_QUERY_FAILED', properties: { message: 'timeout' } },
    });
    expect(events[1]!.result).toEqual({ type: 'SUCCESS' });
  });

  it('a second report at the same timestamp replaces the first (same timeseries key)', async () => {
    const h = seededHarness();
    await h.data(UPSERT, { urn: ASSERTION, input: CUSTOM });
    await h.data(REPORT, { urn: ASSERTION, result: { type: 'FAILURE' } });
    await h.data(REPORT, { urn: ASSERTION, result: { type: 'SUCCESS' } });
    expect(h.store.timeseries<{ result: object }>(ASSERTION, 'assertionRunEvent').map((e) => e.result)).toEqual([
      { type: 'SUCCESS' },
    ]);
  });

  it('fails for an assertion that does not exist', async () => {
    const h = seededHarness();
    const res = await h.gql(REPORT, { urn: 'urn:li:assertion:nope', result: { type: 'SUCCESS' } });
    expectDataHubError(
      res,
      'SERVER_ERROR',
      'Failed to report Assertion Run Event. Assertion with urn urn:li:assertion:nope does not exist or is not associated with any entity.',
    );
    expect(res.data).toBeNull();
    expect(h.store.exists('urn:li:assertion:nope')).toBe(false);
  });

  it('finds the assertee of a non-custom assertion too (a dataset assertion from a metadata file)', async () => {
    const h = seededHarness();
    const dbt = 'urn:li:assertion:dbt-not-null';
    h.store.write(dbt, 'assertionInfo', {
      type: 'DATASET',
      datasetAssertion: { dataset: DATASET, scope: 'DATASET_COLUMN', operator: 'NOT_NULL' },
    });
    await h.data(REPORT, { urn: dbt, result: { type: 'SUCCESS' } });
    expect(h.store.timeseries(dbt, 'assertionRunEvent')).toMatchObject([{ asserteeUrn: DATASET }]);
  });
});

describe('reportOperation', () => {
  it('writes an operation event stamped with the actor; the String result is "true"', async () => {
    const h = seededHarness();
    const res = await h.data(OPERATION, {
      input: {
        urn: DATASET,
        operationType: 'INSERT',
        sourceType: 'DATA_PROCESS',
        numAffectedRows: 42,
        partition: '2026-05-12',
        customProperties: [{ key: 'job', value: 'load_orders' }],
        timestampMillis: NOW - 60_000,
      },
    });
    expect(res.reportOperation).toBe('true');
    expect(h.store.timeseries(DATASET, 'operation')).toEqual([
      {
        timestampMillis: NOW - 60_000,
        lastUpdatedTimestamp: NOW - 60_000,
        actor: ACTOR,
        operationType: 'INSERT',
        sourceType: 'DATA_PROCESS',
        numAffectedRows: 42,
        partitionSpec: { type: 'PARTITION', partition: '2026-05-12' },
        customProperties: { job: 'load_orders' },
      },
    ]);
  });

  it('defaults the time to now and keeps a custom operation type', async () => {
    const h = seededHarness();
    await h.data(OPERATION, {
      input: { urn: DATASET, operationType: 'CUSTOM', customOperationType: 'BACKFILL', sourceType: 'DATA_PLATFORM' },
    });
    expect(h.store.timeseries(DATASET, 'operation')).toEqual([
      {
        timestampMillis: NOW,
        lastUpdatedTimestamp: NOW,
        actor: ACTOR,
        operationType: 'CUSTOM',
        customOperationType: 'BACKFILL',
        sourceType: 'DATA_PLATFORM',
      },
    ]);
  });

  it('accepts only datasets', async () => {
    const h = seededHarness();
    const res = await h.gql(OPERATION, { input: { urn: MODEL, operationType: 'UPDATE', sourceType: 'DATA_PROCESS' } });
    expectDataHubError(res, 'BAD_REQUEST', 'Unable to report operation. Invalid entity type mlModel provided.');
    expect(h.store.timeseries(MODEL, 'operation')).toEqual([]);
  });
});

describe("assertions and operations read back through GraphQL (needs the read helper's resolvers)", () => {
  it.runIf(readSide('Query', 'assertion'))('the assertion shows its info and its run events', async () => {
    const h = seededHarness();
    await h.data(UPSERT, { urn: ASSERTION, input: CUSTOM });
    await h.data(REPORT, {
      urn: ASSERTION,
      result: { type: 'FAILURE', properties: [{ key: 'reason', value: 'leak' }] },
    });
    const res = await h.data(
      `query($urn: String!) { assertion(urn: $urn) { urn platform { urn }
      info { type description customAssertion { type entityUrn } }
      runEvents(status: COMPLETE) { total failed runEvents { asserteeUrn result { type nativeResults { key value } } } } } }`,
      { urn: ASSERTION },
    );
    expect(res.assertion).toEqual({
      urn: ASSERTION,
      platform: { urn: 'urn:li:dataPlatform:Janus' },
      info: {
        type: 'CUSTOM',
        description: CUSTOM.description,
        customAssertion: { type: CUSTOM.type, entityUrn: DATASET },
      },
      runEvents: {
        total: 1,
        failed: 1,
        runEvents: [
          { asserteeUrn: DATASET, result: { type: 'FAILURE', nativeResults: [{ key: 'reason', value: 'leak' }] } },
        ],
      },
    });
  });

  it.runIf(readSide('Dataset', 'operations'))('the dataset lists the reported operation', async () => {
    const h = seededHarness();
    await h.data(OPERATION, {
      input: { urn: DATASET, operationType: 'INSERT', sourceType: 'DATA_PROCESS', timestampMillis: NOW - 1 },
    });
    const res = await h.data(
      `query($urn: String!) { dataset(urn: $urn) { operations { operationType lastUpdatedTimestamp actor } } }`,
      { urn: DATASET },
    );
    expect(res.dataset.operations).toEqual([{ operationType: 'INSERT', lastUpdatedTimestamp: NOW - 1, actor: ACTOR }]);
  });
});
