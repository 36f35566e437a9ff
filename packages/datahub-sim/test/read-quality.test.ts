import { describe, expect, it } from 'vitest';
import { schemaFieldUrn } from '../src/urn.js';
import { simHarness } from './support/harness.js';

const TRIPS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,nyc_taxi.trips,PROD)';
const INCIDENT = 'urn:li:incident:7b1d2c4e-0000-4000-8000-000000000001';
const ASSERTION = 'urn:li:assertion:janus-freshness-trips';

const INCIDENT_FIELDS = `urn type incidentType customType title description priority startedAt
  incidentStatus { state stage message lastUpdated { time actor } } status { state stage }
  entity { urn type } source { type source { urn } } created { time actor }
  assignees { __typename ... on CorpUser { urn } ... on CorpGroup { urn } } tags { tags { tag { urn } associatedUrn } }`;

describe('Incident', () => {
  function seedIncident(priority: number | null = 1) {
    const h = simHarness();
    h.store.write(INCIDENT, 'incidentInfo', {
      type: 'CUSTOM',
      customType: 'JANUS_TRUST',
      title: '[janus] tip_predictor_v3 trust dropped',
      description: 'Training data is stale',
      entities: [TRIPS, schemaFieldUrn(TRIPS, 'tip_amount')],
      ...(priority === null ? {} : { priority }),
      assignees: [
        { actor: 'urn:li:corpuser:alice', assignedAt: { time: 5, actor: 'urn:li:corpuser:datahub' } },
        { actor: 'urn:li:corpGroup:ml', assignedAt: { time: 5, actor: 'urn:li:corpuser:datahub' } },
      ],
      status: {
        state: 'ACTIVE',
        stage: 'INVESTIGATION',
        message: 'ack by @bob',
        lastUpdated: { time: 1700000001000, actor: 'urn:li:corpuser:datahub' },
      },
      source: { type: 'MANUAL' },
      startedAt: 1699999999000,
      created: { time: 1700000000000, actor: 'urn:li:corpuser:datahub' },
    });
    h.store.write(INCIDENT, 'globalTags', { tags: [{ tag: 'urn:li:tag:janus' }] });
    return h;
  }

  it('maps incidentInfo: status twice, priority int to enum, first entity, assignees, source', async () => {
    const { data } = seedIncident();
    const r = await data(`{ entity(urn: "${INCIDENT}") { ... on Incident { ${INCIDENT_FIELDS} } } }`);
    expect(r.entity).toEqual({
      urn: INCIDENT,
      type: 'INCIDENT',
      incidentType: 'CUSTOM',
      customType: 'JANUS_TRUST',
      title: '[janus] tip_predictor_v3 trust dropped',
      description: 'Training data is stale',
      priority: 'HIGH',
      startedAt: 1699999999000,
      incidentStatus: {
        state: 'ACTIVE',
        stage: 'INVESTIGATION',
        message: 'ack by @bob',
        lastUpdated: { time: 1700000001000, actor: 'urn:li:corpuser:datahub' },
      },
      status: { state: 'ACTIVE', stage: 'INVESTIGATION' },
      entity: { urn: TRIPS, type: 'DATASET' },
      source: { type: 'MANUAL', source: null },
      created: { time: 1700000000000, actor: 'urn:li:corpuser:datahub' },
      assignees: [
        { __typename: 'CorpUser', urn: 'urn:li:corpuser:alice' },
        { __typename: 'CorpGroup', urn: 'urn:li:corpGroup:ml' },
      ],
      tags: { tags: [{ tag: { urn: 'urn:li:tag:janus' }, associatedUrn: INCIDENT }] },
    });
  });

  it.each([
    [0, 'CRITICAL'],
    [1, 'HIGH'],
    [2, 'MEDIUM'],
    [3, 'LOW'],
    [7, null],
    [null, null],
  ] as const)('maps priority %s to %s', async (stored, expected) => {
    const { data } = seedIncident(stored);
    const r = await data(`{ entity(urn: "${INCIDENT}") { ... on Incident { priority } } }`);
    expect(r.entity.priority).toBe(expected);
  });

  it('fails an incident without incidentInfo, as IncidentMapper does', async () => {
    const { gql } = simHarness();
    const r = await gql(`{ entity(urn: "urn:li:incident:missing") { urn ... on Incident { title incidentType } } }`);
    expect(r.data).toEqual({ entity: null });
    expect(r.errors?.[0]?.message).toContain('Incident does not exist!');
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 500, type: 'SERVER_ERROR' });
  });
});

describe('Assertion', () => {
  function seedAssertion() {
    const h = simHarness();
    const { store } = h;
    store.write(ASSERTION, 'assertionInfo', {
      customProperties: {},
      type: 'CUSTOM',
      customAssertion: {
        type: 'Janus freshness',
        entity: TRIPS,
        field: schemaFieldUrn(TRIPS, 'pickup_at'),
        logic: 'max(pickup_at) > now() - 24h',
      },
      description: 'trips fresh within 24h',
      externalUrl: 'https://janus/assertions/1',
      lastUpdated: { time: 1700000000000, actor: 'urn:li:corpuser:datahub' },
    });
    store.write(ASSERTION, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:janus' });
    const run = (t: number, type: string, extra = {}) =>
      store.write(ASSERTION, 'assertionRunEvent', {
        timestampMillis: t,
        runId: `run-${t}`,
        asserteeUrn: TRIPS,
        assertionUrn: ASSERTION,
        status: 'COMPLETE',
        result: { type, ...extra },
      });
    run(1000, 'SUCCESS');
    run(3000, 'FAILURE', {
      nativeResults: { lag_hours: '30' },
      externalUrl: 'https://janus/runs/3000',
      actualAggValue: 30,
      severity: 'HIGH',
    });
    run(2000, 'ERROR', { error: { type: 'SOURCE_QUERY_FAILED', properties: { message: 'timeout' } } });
    run(4000, 'INIT');
    return h;
  }

  it('maps info with the custom assertion and its field ref', async () => {
    const { data } = seedAssertion();
    const r = await data(`{ assertion(urn: "${ASSERTION}") { urn type platform { urn name } status { removed }
      info { type description externalUrl lastUpdated { time actor } freshnessAssertion { type } customAssertion { type entityUrn logic field { urn path } } } } }`);
    expect(r.assertion).toEqual({
      urn: ASSERTION,
      type: 'ASSERTION',
      platform: { urn: 'urn:li:dataPlatform:janus', name: 'janus' },
      status: null,
      info: {
        type: 'CUSTOM',
        description: 'trips fresh within 24h',
        externalUrl: 'https://janus/assertions/1',
        lastUpdated: { time: 1700000000000, actor: 'urn:li:corpuser:datahub' },
        freshnessAssertion: null,
        customAssertion: {
          type: 'Janus freshness',
          entityUrn: TRIPS,
          logic: 'max(pickup_at) > now() - 24h',
          field: { urn: schemaFieldUrn(TRIPS, 'pickup_at'), path: 'pickup_at' },
        },
      },
    });
  });

  it('answers run events newest first with DataHub counts (COMPLETE events by result type)', async () => {
    const { data } = seedAssertion();
    const r = await data(`{ assertion(urn: "${ASSERTION}") { runEvents { total failed succeeded errored
      runEvents { timestampMillis runId status assertionUrn asserteeUrn lastObservedMillis result { type actualAggValue externalUrl severity nativeResults { key value } error { type } } } } } }`);
    const e = r.assertion.runEvents;
    expect({ total: e.total, failed: e.failed, succeeded: e.succeeded, errored: e.errored }).toEqual({
      total: 4,
      failed: 1,
      succeeded: 1,
      errored: 1,
    });
    expect(e.runEvents.map((x: { timestampMillis: number }) => x.timestampMillis)).toEqual([4000, 3000, 2000, 1000]);
    expect(e.runEvents[1]).toEqual({
      timestampMillis: 3000,
      runId: 'run-3000',
      status: 'COMPLETE',
      assertionUrn: ASSERTION,
      asserteeUrn: TRIPS,
      lastObservedMillis: null,
      result: {
        type: 'FAILURE',
        actualAggValue: 30,
        externalUrl: 'https://janus/runs/3000',
        severity: 'HIGH',
        nativeResults: [{ key: 'lag_hours', value: '30' }],
        error: null,
      },
    });
    expect(e.runEvents[2].result.error).toEqual({ type: 'SOURCE_QUERY_FAILED' });
  });

  it('counts over the limited window only', async () => {
    const { data } = seedAssertion();
    const r =
      await data(`{ assertion(urn: "${ASSERTION}") { latest: runEvents(limit: 2) { total failed succeeded runEvents { timestampMillis } }
      early: runEvents(startTimeMillis: 1000, endTimeMillis: 2000, status: COMPLETE) { total succeeded errored } } }`);
    expect(r.assertion.latest).toEqual({
      total: 2,
      failed: 1,
      succeeded: 0,
      runEvents: [{ timestampMillis: 4000 }, { timestampMillis: 3000 }],
    });
    expect(r.assertion.early).toEqual({ total: 2, succeeded: 1, errored: 1 });
  });

  it('maps a native freshness assertion schedule', async () => {
    const { store, data } = simHarness();
    store.write(ASSERTION, 'assertionInfo', {
      type: 'FRESHNESS',
      freshnessAssertion: {
        type: 'DATASET_CHANGE',
        entity: TRIPS,
        schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'HOUR', multiple: 24 } },
      },
    });
    const r = await data(
      `{ assertion(urn: "${ASSERTION}") { info { type customAssertion { type } freshnessAssertion { entityUrn type schedule { type cron { cron } fixedInterval { unit multiple } } } } } }`,
    );
    expect(r.assertion.info).toEqual({
      type: 'FRESHNESS',
      customAssertion: null,
      freshnessAssertion: {
        entityUrn: TRIPS,
        type: 'DATASET_CHANGE',
        schedule: { type: 'FIXED_INTERVAL', cron: null, fixedInterval: { unit: 'HOUR', multiple: 24 } },
      },
    });
  });

  it('answers an unknown assertion with the unknown platform and no info or events', async () => {
    const { data } = simHarness();
    const r = await data(
      `{ assertion(urn: "urn:li:assertion:none") { platform { urn } info { type } runEvents { total failed succeeded errored runEvents { runId } } } }`,
    );
    expect(r.assertion).toEqual({
      platform: { urn: 'urn:li:dataPlatform:unknown' },
      info: null,
      runEvents: { total: 0, failed: 0, succeeded: 0, errored: 0, runEvents: [] },
    });
  });

  it('answers raw aspects (key first, registry order, JSON payloads), narrowed by aspectNames', async () => {
    const { store, data } = seedAssertion();
    store.write(ASSERTION, 'status', { removed: false });
    const info = {
      customProperties: { dbt_freshness_test: 'true', warn_after_count: '12' },
      type: 'CUSTOM',
      customAssertion: { type: 'dbt Freshness', entity: TRIPS },
    };
    store.write(ASSERTION, 'assertionInfo', info);
    const r =
      await data(`{ assertion(urn: "${ASSERTION}") { all: aspects { aspectName payload } info: aspects(input: { aspectNames: ["assertionInfo"] }) { aspectName payload }
      auto: aspects(input: { autoRenderOnly: true }) { aspectName } } }`);
    expect(r.assertion.all.map((a: { aspectName: string }) => a.aspectName)).toEqual([
      'assertionKey',
      'assertionInfo',
      'dataPlatformInstance',
      'status',
    ]);
    expect(JSON.parse(r.assertion.all[0].payload)).toEqual({ assertionId: 'janus-freshness-trips' });
    expect(r.assertion.info).toEqual([{ aspectName: 'assertionInfo', payload: JSON.stringify(info) }]);
    expect(r.assertion.auto).toEqual([]);
  });
});
