import { describe, expect, it } from 'vitest';
import {
  ACTOR,
  DATASET,
  GROUP,
  expectDataHubError,
  MISSING_DATASET,
  MODEL,
  NOW,
  OTHER_DATASET,
  readSide,
  seededHarness,
  STAMP,
  USER,
} from './support/write-seed.js';

const RAISE = 'mutation Raise($input: RaiseIncidentInput!) { raiseIncident(input: $input) }';
const UPDATE =
  'mutation Update($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }';

describe('raiseIncident', () => {
  it('creates urn:li:incident:<new id> holding the incidentInfo DataHub writes, ACTIVE with no stage by default', async () => {
    const { store, data } = seededHarness();
    const res = await data(RAISE, { input: { type: 'OPERATIONAL', resourceUrn: DATASET } });
    expect(res.raiseIncident).toBe('urn:li:incident:id-1');
    expect(store.aspect('urn:li:incident:id-1', 'incidentInfo')).toEqual({
      type: 'OPERATIONAL',
      entities: [DATASET],
      created: STAMP,
      source: { type: 'MANUAL' },
      status: { state: 'ACTIVE', lastUpdated: STAMP },
    });
  });

  it('maps every input field: resourceUrns first, resourceUrn appended once, source forced to MANUAL', async () => {
    const { store, data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, {
      input: {
        type: 'CUSTOM',
        customType: 'JANUS_MODEL_TRUST',
        title: 'Churn model untrusted',
        description: 'Label leakage',
        resourceUrns: [OTHER_DATASET, DATASET, OTHER_DATASET],
        resourceUrn: MODEL,
        startedAt: NOW - 5000,
        source: { type: 'ASSERTION_FAILURE' },
        status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'raised by Janus' },
        priority: 'HIGH',
        assigneeUrns: [USER],
      },
    });
    expect(store.aspect(urn, 'incidentInfo')).toEqual({
      type: 'CUSTOM',
      customType: 'JANUS_MODEL_TRUST',
      title: 'Churn model untrusted',
      description: 'Label leakage',
      entities: [OTHER_DATASET, DATASET, MODEL],
      startedAt: NOW - 5000,
      created: STAMP,
      source: { type: 'MANUAL' },
      priority: 1,
      assignees: [{ actor: USER, assignedAt: STAMP }],
      status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'raised by Janus', lastUpdated: STAMP },
    });
  });

  it('does not append resourceUrn when resourceUrns already lists it', async () => {
    const { store, data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, {
      input: { type: 'SQL', resourceUrns: [DATASET, OTHER_DATASET], resourceUrn: DATASET },
    });
    expect(store.aspect<{ entities: string[] }>(urn, 'incidentInfo')?.entities).toEqual([DATASET, OTHER_DATASET]);
  });

  it("stores the priority as DataHub's int: CRITICAL 0, HIGH 1, MEDIUM 2, LOW 3", async () => {
    const { store, data } = seededHarness();
    const stored: Record<string, unknown> = {};
    for (const priority of ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']) {
      const { raiseIncident: urn } = await data(RAISE, {
        input: { type: 'FRESHNESS', resourceUrn: DATASET, priority },
      });
      stored[priority] = store.aspect<{ priority: number }>(urn, 'incidentInfo')?.priority;
    }
    expect(stored).toEqual({ CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 });
  });

  it('is not idempotent: two identical calls make two incidents', async () => {
    const { store, data } = seededHarness();
    const input = { type: 'CUSTOM', customType: 'JANUS_MODEL_TRUST', title: 'same', resourceUrn: DATASET };
    const first = (await data(RAISE, { input })).raiseIncident;
    const second = (await data(RAISE, { input })).raiseIncident;
    expect(first).not.toBe(second);
    expect([...store.all('incident')].map((e) => e.urn)).toEqual([first, second]);
  });

  it('rejects a CUSTOM incident without a customType (or a blank one) as a server error, writing nothing', async () => {
    const { store, gql } = seededHarness();
    for (const customType of [undefined, '   ']) {
      const res = await gql(RAISE, { input: { type: 'CUSTOM', customType, resourceUrn: DATASET } });
      expectDataHubError(res, 'SERVER_ERROR', 'Failed to raise incident: customType is required when type is CUSTOM');
      expect(res.data).toEqual({ raiseIncident: null });
    }
    expect([...store.all('incident')]).toHaveLength(0);
  });

  it('requires at least one resource', async () => {
    const { gql } = seededHarness();
    for (const input of [
      { type: 'SQL' },
      { type: 'SQL', resourceUrns: [] },
      { type: 'SQL', resourceUrns: ['not-a-urn'] },
    ]) {
      expectDataHubError(
        await gql(RAISE, { input }),
        'SERVER_ERROR',
        'At least 1 resource urn must be defined to raise an incident.',
      );
    }
  });

  it('fails on a malformed resourceUrn', async () => {
    const { gql } = seededHarness();
    expectDataHubError(
      await gql(RAISE, { input: { type: 'SQL', resourceUrn: 'orders' } }),
      'SERVER_ERROR',
      /invalid urn/,
    );
  });

  it("does not check that the resource exists, and (like DataHub's summary hook) brings it into existence", async () => {
    const { store, data } = seededHarness();
    expect(store.exists(MISSING_DATASET)).toBe(false);
    const { raiseIncident: urn } = await data(RAISE, { input: { type: 'OPERATIONAL', resourceUrn: MISSING_DATASET } });
    expect(store.exists(MISSING_DATASET)).toBe(true);
    expect(store.aspect(MISSING_DATASET, 'incidentsSummary')).toEqual({
      activeIncidentDetails: [{ urn, type: 'OPERATIONAL', createdAt: NOW }],
      resolvedIncidentDetails: [],
    });
  });

  it('records the incident in the incidentsSummary of datasets, keyed by customType for CUSTOM, but not on a model', async () => {
    const { store, data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, {
      input: { type: 'CUSTOM', customType: 'JANUS_MODEL_TRUST', resourceUrns: [DATASET, MODEL], priority: 'LOW' },
    });
    expect(store.aspect(DATASET, 'incidentsSummary')).toEqual({
      activeIncidentDetails: [{ urn, type: 'JANUS_MODEL_TRUST', createdAt: NOW, priority: 3 }],
      resolvedIncidentDetails: [],
    });
    expect(store.aspect(MODEL, 'incidentsSummary')).toBeUndefined();
  });
});

describe('updateIncidentStatus', () => {
  it('replaces the status (state, stage, message, lastUpdated) and keeps everything else', async () => {
    let now = NOW;
    const { store, data } = seededHarness(() => now);
    const { raiseIncident: urn } = await data(RAISE, {
      input: {
        type: 'OPERATIONAL',
        title: 't',
        resourceUrn: DATASET,
        status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'new' },
      },
    });
    now = NOW + 60_000;
    const res = await data(UPDATE, { urn, input: { state: 'RESOLVED', stage: 'FIXED', message: 'fixed by jdoe' } });
    expect(res.updateIncidentStatus).toBe(true);
    const info = store.aspect<Record<string, unknown>>(urn, 'incidentInfo');
    expect(info?.status).toEqual({
      state: 'RESOLVED',
      stage: 'FIXED',
      message: 'fixed by jdoe',
      lastUpdated: { time: NOW + 60_000, actor: ACTOR },
    });
    expect(info).toMatchObject({ title: 't', created: STAMP, entities: [DATASET] });
  });

  it('drops the previous stage and message when the new status has none', async () => {
    const { store, data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, {
      input: { type: 'OPERATIONAL', resourceUrn: DATASET, status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'x' } },
    });
    await data(UPDATE, { urn, input: { state: 'ACTIVE' } });
    expect(store.aspect<Record<string, unknown>>(urn, 'incidentInfo')?.status).toEqual({
      state: 'ACTIVE',
      lastUpdated: STAMP,
    });
  });

  it('moves the incident to the resolved list of the dataset summary, with resolvedAt', async () => {
    let now = NOW;
    const { store, data } = seededHarness(() => now);
    const { raiseIncident: urn } = await data(RAISE, { input: { type: 'VOLUME', resourceUrn: DATASET } });
    now = NOW + 1000;
    await data(UPDATE, { urn, input: { state: 'RESOLVED', stage: 'NO_ACTION_REQUIRED' } });
    expect(store.aspect(DATASET, 'incidentsSummary')).toEqual({
      activeIncidentDetails: [],
      resolvedIncidentDetails: [{ urn, type: 'VOLUME', createdAt: NOW, resolvedAt: NOW + 1000 }],
    });
  });

  it('answers NOT_FOUND for an incident that does not exist', async () => {
    const { gql } = seededHarness();
    const res = await gql(UPDATE, { urn: 'urn:li:incident:nope', input: { state: 'RESOLVED' } });
    expectDataHubError(res, 'NOT_FOUND', 'Failed to update incident. Incident does not exist.');
    expect(res.data).toEqual({ updateIncidentStatus: null });
  });
});

const UPDATE_INCIDENT =
  'mutation Upd($urn: String!, $input: UpdateIncidentInput!) { updateIncident(urn: $urn, input: $input) }';

describe('updateIncident', () => {
  it('sets assignees (stamped) and priority, keeps title and status when they are left out', async () => {
    let now = NOW;
    const { store, data } = seededHarness(() => now);
    const { raiseIncident: urn } = await data(RAISE, {
      input: { type: 'OPERATIONAL', title: 't', resourceUrn: DATASET, status: { state: 'ACTIVE', stage: 'TRIAGE' } },
    });
    now = NOW + 5000;
    const res = await data(UPDATE_INCIDENT, { urn, input: { priority: 'HIGH', assigneeUrns: [USER, GROUP] } });
    expect(res.updateIncident).toBe(true);
    const info = store.aspect<Record<string, unknown>>(urn, 'incidentInfo');
    expect(info).toMatchObject({
      title: 't',
      priority: 1,
      assignees: [
        { actor: USER, assignedAt: { time: NOW + 5000, actor: ACTOR } },
        { actor: GROUP, assignedAt: { time: NOW + 5000, actor: ACTOR } },
      ],
      status: { state: 'ACTIVE', stage: 'TRIAGE', lastUpdated: STAMP },
    });
  });

  it('removes priority and assignees an update leaves out (SetMode.REMOVE_IF_NULL), and writes a given status', async () => {
    const { store, data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, {
      input: { type: 'OPERATIONAL', resourceUrn: DATASET, priority: 'LOW', assigneeUrns: [USER] },
    });
    await data(UPDATE_INCIDENT, { urn, input: { status: { state: 'ACTIVE', stage: 'INVESTIGATION', message: 'm' } } });
    const info = store.aspect<Record<string, unknown>>(urn, 'incidentInfo');
    expect(info).not.toHaveProperty('priority');
    expect(info).not.toHaveProperty('assignees');
    expect(info?.status).toEqual({ state: 'ACTIVE', stage: 'INVESTIGATION', message: 'm', lastUpdated: STAMP });
  });

  it.runIf(readSide('Query', 'entity'))('reads assignees back as users and groups, priority as the enum', async () => {
    const { data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, { input: { type: 'SQL', resourceUrn: DATASET } });
    await data(UPDATE_INCIDENT, { urn, input: { priority: 'CRITICAL', assigneeUrns: [USER, GROUP] } });
    const res = await data(
      `query($urn: String!) { entity(urn: $urn) { ... on Incident { priority
        assignees { ... on CorpUser { urn username } ... on CorpGroup { urn name } } } } }`,
      { urn },
    );
    expect(res.entity).toEqual({
      priority: 'CRITICAL',
      assignees: [
        { urn: USER, username: 'jdoe' },
        { urn: GROUP, name: 'data-eng' },
      ],
    });
  });

  it('answers NOT_FOUND for an incident that does not exist; an empty resourceUrns is a server error', async () => {
    const { gql, data } = seededHarness();
    const missing = await gql(UPDATE_INCIDENT, { urn: 'urn:li:incident:nope', input: { priority: 'LOW' } });
    expectDataHubError(missing, 'NOT_FOUND', 'Failed to update incident. Incident does not exist.');
    const { raiseIncident: urn } = await data(RAISE, { input: { type: 'SQL', resourceUrn: DATASET } });
    const empty = await gql(UPDATE_INCIDENT, { urn, input: { resourceUrns: [] } });
    expectDataHubError(empty, 'SERVER_ERROR', 'resourceUrns cannot be empty if provided');
  });
});

describe("incidents read back through GraphQL (needs the read/graph helpers' resolvers)", () => {
  it.runIf(readSide('Dataset', 'incidents'))(
    'lists the raised incident on the dataset, then its resolution',
    async () => {
      const { data } = seededHarness();
      const { raiseIncident: urn } = await data(RAISE, {
        input: {
          type: 'CUSTOM',
          customType: 'JANUS_MODEL_TRUST',
          title: 'untrusted',
          resourceUrn: DATASET,
          priority: 'HIGH',
          status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'raised by Janus' },
        },
      });
      const q = `query($urn: String!) { dataset(urn: $urn) { incidents(state: ACTIVE) { total incidents {
      urn incidentType customType title priority source { type } incidentStatus { state stage message } } } } }`;
      expect((await data(q, { urn: DATASET })).dataset.incidents).toEqual({
        total: 1,
        incidents: [
          {
            urn,
            incidentType: 'CUSTOM',
            customType: 'JANUS_MODEL_TRUST',
            title: 'untrusted',
            priority: 'HIGH',
            source: { type: 'MANUAL' },
            incidentStatus: { state: 'ACTIVE', stage: 'TRIAGE', message: 'raised by Janus' },
          },
        ],
      });
      await data(UPDATE, { urn, input: { state: 'RESOLVED', stage: 'FIXED' } });
      expect((await data(q, { urn: DATASET })).dataset.incidents.total).toBe(0);
    },
  );

  it.runIf(readSide('Query', 'entity'))('reads the incident by urn through entity(urn)', async () => {
    const { data } = seededHarness();
    const { raiseIncident: urn } = await data(RAISE, {
      input: { type: 'SQL', resourceUrn: DATASET, priority: 'CRITICAL' },
    });
    const res = await data(
      `query($urn: String!) { entity(urn: $urn) { ... on Incident {
      urn incidentType priority incidentStatus { state stage } created { time actor } } } }`,
      { urn },
    );
    expect(res.entity).toEqual({
      urn,
      incidentType: 'SQL',
      priority: 'CRITICAL',
      incidentStatus: { state: 'ACTIVE', stage: null },
      created: STAMP,
    });
  });
});
