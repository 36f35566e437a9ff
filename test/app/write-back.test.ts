import { afterEach, describe, expect, it } from 'vitest';
import { AT_RISK_TAG, PROPERTIES, REPORT_LINK_LABEL } from '../../src/core/writeback/conventions.js';
import { DEMO, runRecords } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { loadRecords } from '@janus/datahub-sim/load';
import { gql, scanAll } from './write-back-helpers.js';
import { demoScore } from '../support/demo-verdicts.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const INCIDENTS = `query I($urn: String!) { dataset(urn: $urn) { incidents(start: 0, count: 50) { incidents {
  urn title description incidentType priority incidentStatus { state stage message } } } } }`;
const MODEL = `query M($urn: String!) { mlModel(urn: $urn) {
  tags { tags { tag { urn } } }
  structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } ... on NumberValue { numberValue } } } }
  institutionalMemory { elements { url label } } } }`;
const ASSERTIONS = `query A($urn: String!) { dataset(urn: $urn) { assertions(start: 0, count: 50) { assertions { urn
  info { type description customAssertion { type logic } } runEvents(status: COMPLETE, limit: 10) { total runEvents { result { type } } } } } } }`;

type Incident = {
  urn: string;
  title: string;
  description: string;
  incidentType: string;
  priority: string;
  incidentStatus: { state: string; stage: string; message: string };
};
const incidents = async (urn: string) =>
  (await gql<{ dataset: { incidents: { incidents: Incident[] } } }>(sim!, INCIDENTS, { urn })).dataset.incidents
    .incidents;
type Model = {
  tags: { tags: { tag: { urn: string } }[] } | null;
  structuredProperties: {
    properties: { structuredProperty: { urn: string }; values: Record<string, unknown>[] }[];
  } | null;
  institutionalMemory: { elements: { url: string; label: string }[] } | null;
};
const model = async (urn: string) => (await gql<{ mlModel: Model }>(sim!, MODEL, { urn })).mlModel;
const prop = (m: Model, urn: string) =>
  m.structuredProperties?.properties
    .find((p) => p.structuredProperty.urn === urn)
    ?.values.map((v) => v.stringValue ?? v.numberValue);
const tagged = (m: Model) => (m.tags?.tags ?? []).filter((t) => t.tag.urn === AT_RISK_TAG.urn).length;

describe('write-back on the demo catalog', () => {
  it('writes the evidence, then a rerun of the unchanged catalog writes nothing', async () => {
    sim = await startSim({ demo: true, port: 0 });
    const first = await scanAll(sim);
    expect(first.failed).toEqual([]);
    // every write landed: one mutation each, but one batchAddTags for all the tags, and the incidents ingested
    const tags = first.applied.filter((a) => a.kind === 'addTag').length;
    const raised = first.applied.filter((a) => a.kind === 'raiseIncident').length;
    expect(tags).toBeGreaterThan(1);
    expect(raised).toBeGreaterThan(1);
    expect(sim.stats().mutations).toBe(first.applied.length - tags + 1 - raised);
    expect(sim.stats().ingestion.proposals).toBe(raised);
    expect(sim.stats().byRootField.batchAddTags).toBe(1);

    const leak = await incidents(DEMO.datasets.stgChargebacks);
    expect(leak).toHaveLength(1);
    expect(leak[0]).toMatchObject({
      incidentType: 'CUSTOM',
      priority: 'CRITICAL',
      incidentStatus: { state: 'ACTIVE', stage: 'TRIAGE' },
    });
    expect(leak[0]!.title).toMatch(/^\[Janus\] Target leakage: feature days_to_chargeback/);
    expect(leak[0]!.description).toContain('features.txn_features,PROD),days_to_chargeback) → ');
    expect((await incidents(DEMO.datasets.campaignTouches))[0]).toMatchObject({
      incidentType: 'FRESHNESS',
      priority: 'MEDIUM',
    });
    expect((await incidents(DEMO.datasets.stgSessions))[0]).toMatchObject({
      incidentType: 'OPERATIONAL',
      priority: 'HIGH',
    });

    const fraud = await model(DEMO.models.fraud);
    expect(prop(fraud, PROPERTIES.score.urn)).toEqual([demoScore('fraud')]);
    expect(prop(fraud, PROPERTIES.band.urn)).toEqual(['at_risk']);
    expect(tagged(fraud)).toBe(1);
    expect(fraud.institutionalMemory?.elements.filter((l) => l.label === REPORT_LINK_LABEL)).toEqual([
      { label: REPORT_LINK_LABEL, url: `http://janus.test/reports/${encodeURIComponent(DEMO.models.fraud)}` },
    ]);
    expect(tagged(await model(DEMO.models.customerLtv))).toBe(0);
    expect(prop(await model(DEMO.models.customerLtv), PROPERTIES.score.urn)).toEqual([demoScore('customerLtv')]);

    const { dataset } = await gql<{
      dataset: {
        assertions: {
          assertions: {
            urn: string;
            info: { customAssertion: { logic: string } };
            runEvents: { total: number; runEvents: { result: { type: string } }[] };
          }[];
        };
      };
    }>(sim, ASSERTIONS, { urn: DEMO.datasets.stgSessions });
    const guard = dataset.assertions.assertions.find((a) => a.urn.startsWith('urn:li:assertion:janus-'))!;
    expect(guard.info.customAssertion.logic).toMatch(/^janus-key: upstream_failure:/);
    expect(guard.runEvents.runEvents.map((e) => e.result.type)).toEqual(['FAILURE']);

    sim.resetStats();
    const second = await scanAll(sim);
    expect(second.plan).toEqual([]);
    expect(sim.stats().mutations).toBe(0);
    expect(sim.stats().requests).toBeLessThan(first.applied.length + 20);
  });

  it('resolves what cleared: incident RESOLVED/FIXED, tag removed, assertion SUCCESS, score and band updated', async () => {
    const now = Date.now();
    let clock = now;
    sim = await startSim({ demo: true, port: 0, now: () => clock });
    await scanAll(sim);
    clock += 60_000;
    // a new run of the failed job succeeds, and fresh data lands in the stale table
    loadRecords(
      sim.store,
      runRecords({
        id: 'fix-1',
        job: DEMO.jobs.buildStgSessions,
        name: 'build_stg_sessions',
        start: now - 60_000,
        durationMs: 30_000,
        result: 'SUCCESS',
        inputs: [DEMO.datasets.sessions],
        outputs: [DEMO.datasets.stgSessions],
      }),
      'fix',
    );
    await gql(
      sim,
      `mutation { reportOperation(input: { urn: "${DEMO.datasets.campaignTouches}", operationType: INSERT, sourceType: DATA_PLATFORM }) }`,
    );

    const rescan = await scanAll(sim);
    expect(rescan.failed).toEqual([]);
    const [failure] = await incidents(DEMO.datasets.stgSessions);
    expect(failure!.incidentStatus).toMatchObject({
      state: 'RESOLVED',
      stage: 'FIXED',
      message: 'Resolved by Janus: the latest run succeeded.',
    });
    expect((await incidents(DEMO.datasets.campaignTouches))[0]!.incidentStatus.state).toBe('RESOLVED');

    const session = await model(DEMO.models.sessionIntent);
    expect(tagged(session)).toBe(0);
    expect(prop(session, PROPERTIES.reasons.urn)).toBeUndefined();
    expect(prop(session, PROPERTIES.score.urn)).toEqual([100]);
    expect(prop(session, PROPERTIES.band.urn)).toEqual(['trusted']);
    // campaign_uplift_v1 keeps the tag for its unowned training set, and loses the freshness reason
    const uplift = await model(DEMO.models.campaignUplift);
    expect(tagged(uplift)).toBe(1);
    expect(prop(uplift, PROPERTIES.reasons.urn)).toEqual([`incident:missing_owner:${DEMO.datasets.upliftTrainingSet}`]);

    const { dataset } = await gql<{
      dataset: {
        assertions: { assertions: { urn: string; runEvents: { runEvents: { result: { type: string } }[] } }[] };
      };
    }>(sim, ASSERTIONS, { urn: DEMO.datasets.stgSessions });
    expect(
      dataset.assertions.assertions
        .find((a) => a.urn.startsWith('urn:li:assertion:janus-'))!
        .runEvents.runEvents.map((e) => e.result.type),
    ).toEqual(['SUCCESS', 'FAILURE']);

    expect((await scanAll(sim)).plan).toEqual([]);
  });

  it('raises a new incident when a resolved root cause comes back', async () => {
    const now = Date.now();
    sim = await startSim({ demo: true, port: 0, now: () => now });
    await scanAll(sim);
    const fix = (id: string, result: 'SUCCESS' | 'FAILURE', at: number) =>
      loadRecords(
        sim!.store,
        runRecords({
          id,
          job: DEMO.jobs.buildStgSessions,
          name: 'build_stg_sessions',
          start: at,
          durationMs: 1000,
          result,
          inputs: [DEMO.datasets.sessions],
          outputs: [DEMO.datasets.stgSessions],
        }),
        'fix',
      );
    fix('ok', 'SUCCESS', now - 50_000);
    await scanAll(sim);
    fix('again', 'FAILURE', now - 10_000);
    await scanAll(sim);
    const states = (await incidents(DEMO.datasets.stgSessions)).map((i) => i.incidentStatus.state).sort();
    expect(states).toEqual(['ACTIVE', 'RESOLVED']);
  });

  it('keeps going when DataHub refuses one write, and reports that write', async () => {
    sim = await startSim({ demo: true, port: 0 });
    // a human already defined io.janus.trust_band with other allowed values: Janus's band writes are refused
    await gql(
      sim,
      `mutation { createStructuredProperty(input: { id: "io.janus.trust_band", qualifiedName: "io.janus.trust_band",
      valueType: "urn:li:dataType:datahub.string", entityTypes: ["urn:li:entityType:datahub.mlModel"], allowedValues: [{ stringValue: "green" }] }) { urn } }`,
    );
    const result = await scanAll(sim);
    expect(result.failed.map((f) => f.kind)).toEqual(['setTrust', 'setTrust', 'setTrust', 'setTrust', 'setTrust']);
    expect(result.failed[0]!.error).toMatch(/trust_band|allowed/i);
    expect(result.applied.filter((a) => a.kind === 'raiseIncident')).toHaveLength(4);
  });
});
