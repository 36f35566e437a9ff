import { describe, expect, it } from 'vitest';
import { ingestProposal } from '../src/http/ingest-client.js';
import { graphqlData, useSims } from './support/running-sim.js';
import { DATASET, NOW, seededHarness } from './support/write-seed.js';

// GMS answers a write once its database holds it; the search, graph and timeseries indexes get it a second or more
// later. The simulator's `indexLagMs` (Store.lagIndexes): aspect reads see a write at once, lists only after the lag.
const LAG = 1_500;

/** A harness over the seeded catalog whose indexes lag LAG ms behind a clock the test moves. */
function laggingHarness() {
  const h = seededHarness();
  let clock = 0;
  h.store.lagIndexes(LAG, () => clock);
  return { ...h, advance: (ms: number) => (clock += ms) };
}

const RAISE = 'mutation R($input: RaiseIncidentInput!) { raiseIncident(input: $input) }';
const RESOLVE = `mutation U($urn: String!) {
  updateIncidentStatus(urn: $urn, input: {state: RESOLVED, stage: FIXED, message: "done"})
}`;
const INCIDENT = `query I($urn: String!) { entity(urn: $urn) { ... on Incident { urn incidentStatus { state } } } }`;
const LISTED = `query L($urn: String!, $state: IncidentState) {
  dataset(urn: $urn) { incidents(state: $state) { total incidents { urn incidentStatus { state } } } }
}`;
const ASSERTION = 'urn:li:assertion:lag-check';
const UPSERT = `mutation A($urn: String, $input: UpsertCustomAssertionInput!) {
  upsertCustomAssertion(urn: $urn, input: $input) { urn }
}`;
const REPORT = `mutation R($urn: String!, $at: Long!) {
  reportAssertionResult(urn: $urn, result: {type: FAILURE, timestampMillis: $at})
}`;
const ASSERTIONS = `query A($urn: String!, $a: String!) {
  dataset(urn: $urn) {
    assertions { total assertions { urn } }
    relationships(input: {types: ["Asserts"], direction: INCOMING}) { total }
  }
  assertion(urn: $a) { info { description } runEvents { total runEvents { timestampMillis } } }
}`;

describe('index lag (Store.lagIndexes)', () => {
  it('a raised incident is read by urn at once, and listed on its dataset only after the lag', async () => {
    const h = laggingHarness();
    const { raiseIncident: urn } = await h.data(RAISE, { input: { type: 'OPERATIONAL', resourceUrns: [DATASET] } });
    expect((await h.data(INCIDENT, { urn })).entity).toEqual({ urn, incidentStatus: { state: 'ACTIVE' } });
    expect((await h.data(LISTED, { urn: DATASET, state: 'ACTIVE' })).dataset.incidents.total).toBe(0);
    h.advance(LAG - 1);
    expect((await h.data(LISTED, { urn: DATASET, state: 'ACTIVE' })).dataset.incidents.total).toBe(0);
    h.advance(1);
    expect((await h.data(LISTED, { urn: DATASET, state: 'ACTIVE' })).dataset.incidents).toEqual({
      total: 1,
      incidents: [{ urn, incidentStatus: { state: 'ACTIVE' } }],
    });
  });

  it('a resolved incident stays in the ACTIVE list until the index catches up, read from the database as RESOLVED', async () => {
    const h = laggingHarness();
    const { raiseIncident: urn } = await h.data(RAISE, { input: { type: 'OPERATIONAL', resourceUrns: [DATASET] } });
    h.advance(LAG);
    await h.data(RESOLVE, { urn });
    expect((await h.data(LISTED, { urn: DATASET, state: 'ACTIVE' })).dataset.incidents.incidents).toEqual([
      { urn, incidentStatus: { state: 'RESOLVED' } },
    ]);
    h.advance(LAG);
    expect((await h.data(LISTED, { urn: DATASET, state: 'ACTIVE' })).dataset.incidents.total).toBe(0);
    expect((await h.data(LISTED, { urn: DATASET, state: 'RESOLVED' })).dataset.incidents.total).toBe(1);
  });

  it('an assertion is read by urn at once; its Asserts edge, the assertions list and its run events lag', async () => {
    const h = laggingHarness();
    await h.data(UPSERT, {
      urn: ASSERTION,
      input: { entityUrn: DATASET, type: 'Janus guard', description: 'lags', platform: { name: 'Janus' } },
    });
    await h.data(REPORT, { urn: ASSERTION, at: NOW });
    const before = await h.data(ASSERTIONS, { urn: DATASET, a: ASSERTION });
    expect(before.assertion.info).toEqual({ description: 'lags' });
    expect(before.assertion.runEvents.total).toBe(0);
    expect(before.dataset.assertions.total).toBe(0);
    expect(before.dataset.relationships.total).toBe(0);
    h.advance(LAG);
    const after = await h.data(ASSERTIONS, { urn: DATASET, a: ASSERTION });
    expect(after.assertion.runEvents).toEqual({ total: 1, runEvents: [{ timestampMillis: NOW }] });
    expect(after.dataset.assertions).toEqual({ total: 1, assertions: [{ urn: ASSERTION }] });
    expect(after.dataset.relationships.total).toBe(1);
  });

  it('search finds a new entity only after the lag; the typed root reads it at once', async () => {
    const h = laggingHarness();
    const SEARCH = `{ searchAcrossEntities(input: {types: [TAG], query: "lagging"}) { total } }`;
    await h.data('mutation { createTag(input: {id: "lagging", name: "lagging"}) }');
    expect((await h.data('{ tag(urn: "urn:li:tag:lagging") { properties { name } } }')).tag.properties.name).toBe(
      'lagging',
    );
    expect((await h.data(SEARCH)).searchAcrossEntities.total).toBe(0);
    h.advance(LAG);
    expect((await h.data(SEARCH)).searchAcrossEntities.total).toBe(1);
  });

  it('with no lag (the default), every read sees a write at once', async () => {
    const h = seededHarness();
    const { raiseIncident: urn } = await h.data(RAISE, { input: { type: 'OPERATIONAL', resourceUrns: [DATASET] } });
    expect((await h.data(LISTED, { urn: DATASET, state: 'ACTIVE' })).dataset.incidents.incidents).toEqual([
      { urn, incidentStatus: { state: 'ACTIVE' } },
    ]);
  });

  it('refuses a negative lag', () => {
    expect(() => seededHarness().store.lagIndexes(-1)).toThrow(RangeError);
  });
});

describe('startSim({indexLagMs})', () => {
  const sim = useSims({ demo: true });

  it('an incident ingested at a urn the client chose: read by urn at once, summarised on its dataset, listed later', async () => {
    // a lag no test outlives: the list must not show it yet
    const s = await sim({ indexLagMs: 600_000 });
    const urn = 'urn:li:incident:janus-lag-test';
    const dataset = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.orders_daily,PROD)';
    const stamp = { time: NOW, actor: 'urn:li:corpuser:janus' };
    const answer = await ingestProposal(s.url, {
      entityType: 'incident',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'incidentInfo',
      aspect: {
        type: 'OPERATIONAL',
        entities: [dataset],
        status: { state: 'ACTIVE', stage: 'TRIAGE', lastUpdated: stamp },
        source: { type: 'MANUAL' },
        created: stamp,
      },
    });
    expect(answer.status).toBe(200);
    const read = await graphqlData(s, INCIDENT, { urn });
    expect(read.entity).toEqual({ urn, incidentStatus: { state: 'ACTIVE' } });
    expect((await graphqlData(s, LISTED, { urn: dataset, state: 'ACTIVE' })).dataset.incidents.total).toBe(0);
    const summary = s.store.aspect<{ activeIncidentDetails: { urn: string }[] }>(dataset, 'incidentsSummary');
    expect(summary?.activeIncidentDetails.map((d) => d.urn)).toContain(urn);
  });
});
