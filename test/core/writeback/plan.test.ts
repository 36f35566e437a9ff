import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../../src/core/detectors/registered.js';
import { finding, type Finding } from '../../../src/core/finding.js';
import type { Band } from '../../../src/core/score.js';
import type { ModelRef } from '../../../src/core/verdict.js';
import { assertionUrnFor, AT_RISK_TAG, incidentUrnFor } from '../../../src/core/writeback/conventions.js';
import { clearedMessage, incidentDescription, incidentTitle } from '../../../src/core/writeback/incident-text.js';
import { withEvidenceLine } from '../../../src/core/writeback/human-resolutions.js';
import { planWriteBack, type PlanInput, type PlannedWrite } from '../../../src/core/writeback/plan.js';
import type { RootCause } from '../../../src/core/writeback/root-causes.js';
import type { WriteBackState } from '../../../src/core/writeback/state.js';
import { col, ds, modelUrn } from '../builder.js';
import { upstreamDatasetsByModel } from '../../../src/core/writeback/upstream-datasets.js';
import { applyPlan } from './apply-plan.js';

const RAW = ds('raw_events');
const TRAIN = ds('fraud_train');
const [alpha, bravo, charlie, delta] = ['alpha', 'bravo', 'charlie', 'delta'].map((name): ModelRef => ({
  urn: modelUrn(name),
  name,
})) as [ModelRef, ModelRef, ModelRef, ModelRef];

const stale = finding(DEFAULT_POLICY, 'freshness_lag', {
  entity: RAW,
  key: `freshness_lag:${RAW}`,
  message: 'raw_events is 3 days late.',
  evidence: {},
});
const leak = finding(DEFAULT_POLICY, 'target_leakage', {
  entity: TRAIN,
  key: `target_leakage:urn:li:mlFeature:(fraud,amount):${col('fraud_train', 'is_fraud')}`,
  message: 'amount derives from is_fraud.',
  evidence: {
    feature: 'urn:li:mlFeature:(fraud,amount)',
    sharedAncestor: col('fraud_train', 'is_fraud'),
    chains: [[col('fraud_train', 'amount'), col('fraud_train', 'is_fraud')]],
  },
});
const cause = (f: Finding, models: ModelRef[], blastRadius = models): RootCause => ({
  key: f.key,
  finding: f,
  dataset: f.entity,
  models,
  blastRadius,
});
const judged = (model: ModelRef, score: number, band: Band) => ({ model, score, band });
const reportUrl = (model: string) => `http://janus.test/reports/${encodeURIComponent(model)}`;

/** A catalog Janus has never written to: no tag, no properties, nothing on the models. */
const fresh = (): WriteBackState => ({
  tagExists: false,
  propertiesExist: { score: false, band: false, reasons: false },
  incidents: [],
  assertions: [],
  models: Object.fromEntries(
    [alpha, bravo, charlie, delta].map((m) => [m.urn, { urn: m.urn, tags: [], reasons: [], links: [] }]),
  ),
  datasets: [RAW, TRAIN],
});

const plan = (state: WriteBackState, over: Partial<PlanInput>): PlannedWrite[] =>
  planWriteBack({
    judged: [],
    causes: [],
    state,
    resolvedDownstream: {},
    reportUrl,
    upstreamDatasets: upstreamDatasetsByModel({
      [alpha.urn]: [RAW, TRAIN],
      [bravo.urn]: [RAW, TRAIN],
      [charlie.urn]: [],
    }),
    ...over,
  });

/** The first scan: raw_events is stale under alpha and bravo (and delta, not judged); bravo is at_risk. */
const staleScan = (): Partial<PlanInput> => ({
  judged: [judged(alpha, 85, 'trusted'), judged(bravo, 45, 'at_risk'), judged(charlie, 100, 'trusted')],
  causes: [cause(stale, [alpha, bravo], [alpha, bravo, delta])],
});

describe('planWriteBack', () => {
  it('on a fresh catalog writes the definitions, then incident, assertion, trust, reasons and tags, links', () => {
    const rc = cause(stale, [alpha, bravo], [alpha, bravo, delta]);
    const assertion = assertionUrnFor(stale.key);
    const reason = `incident:${stale.key}`;
    expect(plan(fresh(), staleScan())).toEqual([
      { kind: 'createTag' },
      { kind: 'createProperty', property: 'score' },
      { kind: 'createProperty', property: 'band' },
      { kind: 'createProperty', property: 'reasons' },
      {
        kind: 'raiseIncident',
        urn: incidentUrnFor(stale.key),
        key: stale.key,
        dataset: RAW,
        type: 'FRESHNESS',
        priority: 'MEDIUM',
        title: incidentTitle(rc),
        description: withEvidenceLine(incidentDescription(rc), rc.finding),
      },
      {
        kind: 'upsertAssertion',
        urn: assertion,
        key: stale.key,
        dataset: RAW,
        description: 'Janus guard: raw_events is past its freshness SLA',
      },
      {
        kind: 'reportAssertion',
        urn: assertion,
        key: stale.key,
        dataset: RAW,
        result: 'FAILURE',
        reason: stale.message,
      },
      {
        kind: 'recordAssertion',
        urn: assertion,
        key: stale.key,
        dataset: RAW,
        description: 'Janus guard: raw_events is past its freshness SLA',
        result: 'FAILURE',
      },
      { kind: 'setTrust', model: alpha.urn, score: 85, band: 'trusted' },
      { kind: 'setTrust', model: bravo.urn, score: 45, band: 'at_risk' },
      { kind: 'setTrust', model: charlie.urn, score: 100, band: 'trusted' },
      // a reason is recorded before its tag; models by urn; delta is not judged but in the blast radius
      { kind: 'setReasons', model: alpha.urn, reasons: [reason] },
      { kind: 'addTag', model: alpha.urn },
      { kind: 'setReasons', model: bravo.urn, reasons: ['band:at_risk', reason] },
      { kind: 'addTag', model: bravo.urn },
      { kind: 'setReasons', model: delta.urn, reasons: [reason] },
      { kind: 'addTag', model: delta.urn },
      { kind: 'upsertLink', model: alpha.urn, url: reportUrl(alpha.urn) },
      { kind: 'upsertLink', model: bravo.urn, url: reportUrl(bravo.urn) },
      { kind: 'upsertLink', model: charlie.urn, url: reportUrl(charlie.urn) },
    ]);
  });

  it('plans nothing when DataHub already holds what the verdicts say', () => {
    const written = applyPlan(fresh(), plan(fresh(), staleScan()));
    expect(plan(written, staleScan())).toEqual([]);
  });

  it('resolves a root cause that is gone: incident resolved, assertion SUCCESS, tags off only where Janus recorded why', () => {
    const written = applyPlan(fresh(), plan(fresh(), staleScan()));
    written.models[charlie.urn]!.tags.push(AT_RISK_TAG.urn); // someone else's tag: Janus recorded no reason for it
    const assertion = assertionUrnFor(stale.key);
    const healthy = plan(written, {
      judged: [judged(alpha, 100, 'trusted'), judged(bravo, 90, 'trusted'), judged(charlie, 100, 'trusted')],
      resolvedDownstream: { [RAW]: [alpha.urn, bravo.urn, delta.urn] },
    });
    expect(healthy).toEqual([
      {
        kind: 'resolveIncident',
        urn: `urn:li:incident:${stale.key}`,
        key: stale.key,
        dataset: RAW,
        message: clearedMessage(stale.key, RAW),
      },
      {
        kind: 'reportAssertion',
        urn: assertion,
        key: stale.key,
        dataset: RAW,
        result: 'SUCCESS',
        reason: clearedMessage(stale.key, RAW),
      },
      {
        kind: 'recordAssertion',
        urn: assertion,
        key: stale.key,
        dataset: RAW,
        description: 'Janus guard: raw_events is past its freshness SLA',
        result: 'SUCCESS',
      },
      { kind: 'setTrust', model: alpha.urn, score: 100, band: 'trusted' },
      { kind: 'setTrust', model: bravo.urn, score: 90, band: 'trusted' },
      // the tag comes off before its reasons are dropped
      { kind: 'removeTag', model: alpha.urn },
      { kind: 'setReasons', model: alpha.urn, reasons: [] },
      { kind: 'removeTag', model: bravo.urn },
      { kind: 'setReasons', model: bravo.urn, reasons: [] },
      { kind: 'removeTag', model: delta.urn },
      { kind: 'setReasons', model: delta.urn, reasons: [] },
    ]);
    expect(
      plan(applyPlan(written, healthy), {
        judged: [judged(alpha, 100, 'trusted'), judged(bravo, 90, 'trusted'), judged(charlie, 100, 'trusted')],
      }),
    ).toEqual([]);
  });

  it('puts at risk only the models that have a leak, where other trouble on the same table reaches every model below', () => {
    const written = applyPlan(
      fresh(),
      plan(fresh(), { judged: [judged(alpha, 100, 'trusted'), judged(bravo, 100, 'trusted')] }),
    );
    const scan = {
      judged: [judged(alpha, 60, 'caution'), judged(bravo, 85, 'trusted')],
      causes: [cause(leak, [alpha]), cause(stale, [alpha, bravo])],
    };
    const writes = plan(written, scan);
    const tagging = writes.filter((w) => w.kind === 'setReasons' || w.kind === 'addTag');
    expect(tagging).toEqual([
      { kind: 'setReasons', model: alpha.urn, reasons: [`incident:${stale.key}`, `incident:${leak.key}`].sort() },
      { kind: 'addTag', model: alpha.urn },
      { kind: 'setReasons', model: bravo.urn, reasons: [`incident:${stale.key}`] },
      { kind: 'addTag', model: bravo.urn },
    ]);
    // the leak's incident records its models, so a later scan keeps bravo clear of it
    expect(plan(applyPlan(written, writes), scan)).toEqual([]);
  });

  it('keeps the oldest of duplicate ACTIVE incidents of one root cause and resolves the rest naming it (issue 20)', () => {
    const written = applyPlan(fresh(), plan(fresh(), staleScan()));
    const [first] = written.incidents;
    // two racing scans without Redis each raised one: three ACTIVE incidents for one root cause
    written.incidents = [
      { ...first!, urn: 'urn:li:incident:b', created: 2_000 },
      { ...first!, urn: 'urn:li:incident:a', created: 1_000 },
      { ...first!, urn: 'urn:li:incident:c', created: 3_000 },
    ];
    const writes = plan(written, staleScan());
    expect(writes).toEqual(
      ['urn:li:incident:b', 'urn:li:incident:c'].map((urn) => ({
        kind: 'resolveIncident',
        urn,
        key: stale.key,
        dataset: RAW,
        stage: 'NO_ACTION_REQUIRED',
        message: 'Resolved by Janus: a duplicate of urn:li:incident:a, which stays open for this root cause.',
      })),
    );
    expect(plan(applyPlan(written, writes), staleScan())).toEqual([]);
  });

  it('reports a result after the one it follows, so racing scans stamp the same event', () => {
    const written = applyPlan(fresh(), plan(fresh(), staleScan()));
    written.assertions[0]!.latest = 'SUCCESS';
    written.assertions[0]!.latestAt = 1_234;
    expect(plan(written, staleScan())).toContainEqual(
      expect.objectContaining({ kind: 'reportAssertion', result: 'FAILURE', after: 1_234 }),
    );
  });
});
