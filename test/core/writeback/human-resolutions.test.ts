import { describe, expect, it } from 'vitest';
import { finding, type Finding } from '../../../src/core/finding.js';
import { DEFAULT_POLICY } from '../../../src/core/detectors/registered.js';
import type { ModelRef } from '../../../src/core/verdict.js';
import {
  evidenceFingerprint,
  evidenceOf,
  humanResolutions,
  priorResolutionOf,
  reopenMessage,
  withEvidenceLine,
  type ResolvedIncident,
} from '../../../src/core/writeback/human-resolutions.js';
import { statusMessage } from '../../../src/core/incident-status.js';
import { planWriteBack } from '../../../src/core/writeback/plan.js';
import type { RootCause } from '../../../src/core/writeback/root-causes.js';
import type { WriteBackState } from '../../../src/core/writeback/state.js';
import { ds, modelUrn } from '../builder.js';
import { upstreamDatasetsByModel } from '../../../src/core/writeback/upstream-datasets.js';

const RAW = ds('raw_events');
const alpha: ModelRef = { urn: modelUrn('alpha'), name: 'alpha' };
const failed = (run: string): Finding =>
  finding(DEFAULT_POLICY, 'upstream_failure', {
    entity: RAW,
    key: 'upstream_failure:urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),load)',
    message: 'The latest run of job load failed.',
    evidence: { job: 'load', run, failedAt: 1000, produces: [RAW] },
  });
const stale = (lagMs: number, lastUpdated = 5): Finding =>
  finding(DEFAULT_POLICY, 'freshness_lag', {
    entity: RAW,
    key: `freshness_lag:${RAW}`,
    message: `raw_events was last updated ${lagMs} ms ago.`,
    evidence: { lastUpdated, slaMs: 10, slaSource: 'property', lagMs },
  });
const cause = (f: Finding): RootCause => ({
  key: f.key,
  finding: f,
  dataset: RAW,
  models: [alpha],
  blastRadius: [alpha],
});
const resolved = (f: Finding, stage: string | null, message: string | null, evidence = evidenceFingerprint(f)) =>
  ({ urn: 'urn:li:incident:1', key: f.key, dataset: RAW, stage, message, evidence }) satisfies ResolvedIncident;

const state = (resolvedIncidents: ResolvedIncident[]): WriteBackState => ({
  tagExists: true,
  propertiesExist: { score: true, band: true, reasons: true },
  incidents: [],
  assertions: [],
  models: { [alpha.urn]: { urn: alpha.urn, tags: [], reasons: [], links: [], score: 60, band: 'caution' } },
  datasets: [RAW],
  resolved: resolvedIncidents,
});
const planFor = (f: Finding, past: ResolvedIncident[]) =>
  planWriteBack({
    judged: [{ model: alpha, score: 60, band: 'caution' }],
    causes: [cause(f)],
    state: state(past),
    resolvedDownstream: {},
    upstreamDatasets: upstreamDatasetsByModel({ [alpha.urn]: [RAW] }),
  });
const kinds = (plan: ReturnType<typeof planFor>) => plan.map((w) => w.kind);

describe('the evidence fingerprint', () => {
  it('is recorded on the incident and read back', () => {
    const f = failed('run-1');
    expect(evidenceOf(withEvidenceLine('text\njanus-key: k', f))).toBe(evidenceFingerprint(f));
    expect(evidenceOf('text\njanus-key: k')).toBeUndefined();
  });

  it('moves with the facts (a new failed run, a new last update), not with the clock (the lag)', () => {
    expect(evidenceFingerprint(stale(100))).toBe(evidenceFingerprint(stale(5_000)));
    expect(evidenceFingerprint(stale(100, 5))).not.toBe(evidenceFingerprint(stale(100, 6)));
    expect(evidenceFingerprint(failed('run-1'))).not.toBe(evidenceFingerprint(failed('run-2')));
  });
});

describe('a resolution by a person sticks', () => {
  const note = 'Resolved by Erin Walsh (erin@x) in Slack: known backfill';

  it('NO_ACTION_REQUIRED with the same evidence: nothing raised, no tag for it; the guard assertion still fails', () => {
    const f = failed('run-1');
    const plan = planFor(f, [resolved(f, 'NO_ACTION_REQUIRED', note)]);
    expect(kinds(plan)).not.toContain('raiseIncident');
    expect(plan.filter((w) => w.kind === 'setReasons' || w.kind === 'addTag')).toEqual([]);
    expect(kinds(plan)).toEqual(['upsertAssertion', 'reportAssertion', 'recordAssertion']);
  });

  it('NO_ACTION_REQUIRED, then the evidence changes: raised again, with the new evidence', () => {
    const past = resolved(failed('run-1'), 'NO_ACTION_REQUIRED', note);
    const plan = planFor(failed('run-2'), [past]);
    const raise = plan.find((w) => w.kind === 'raiseIncident');
    expect(raise && evidenceOf(raise.description)).toBe(evidenceFingerprint(failed('run-2')));
    expect(kinds(plan)).toContain('addTag');
  });

  it('NO_ACTION_REQUIRED given as an acceptance (its note the reason) that lapsed: raised again; another note still sticks', () => {
    const f = failed('run-1');
    const judged = (lapsedReasons?: Record<string, string>) => [
      { model: alpha, score: 60, band: 'caution' as const, ...(lapsedReasons ? { lapsedReasons } : {}) },
    ];
    const plan = (past: ResolvedIncident, lapsedReasons?: Record<string, string>) =>
      planWriteBack({
        judged: judged(lapsedReasons),
        causes: [cause(f)],
        state: state([past]),
        resolvedDownstream: {},
        upstreamDatasets: upstreamDatasetsByModel({ [alpha.urn]: [RAW] }),
      });
    const accepted = resolved(f, 'NO_ACTION_REQUIRED', note);
    // the acceptance behind the "no action" ended: the problem is raised again, as a new incident
    expect(kinds(plan(accepted, { [f.key]: 'known backfill' }))).toContain('raiseIncident');
    // still held, or never an acceptance: the person's "no action" stands
    expect(kinds(plan(accepted))).not.toContain('raiseIncident');
    // a "no action" given after the acceptance lapsed, for another reason: it stands, nothing raised scan after scan
    expect(kinds(plan(accepted, { [f.key]: 'an older reason' }))).not.toContain('raiseIncident');
  });

  it('FIXED by a person while the same evidence is there: that incident is reopened, saying so, not a new one', () => {
    const f = failed('run-1');
    const plan = planFor(f, [resolved(f, 'FIXED', note)]);
    expect(kinds(plan)).not.toContain('raiseIncident');
    const reopen = plan.find((w) => w.kind === 'reopenIncident');
    expect(reopen).toMatchObject({ urn: 'urn:li:incident:1', key: f.key, dataset: RAW });
    expect(reopen && 'message' in reopen && reopen.message).toMatch(/^Reopened by Janus: the evidence is still there/);
    expect(kinds(plan)).toContain('addTag');
  });

  it('FIXED by Janus itself, an old incident without a fingerprint, or new evidence: a new incident, as before', () => {
    const f = failed('run-1');
    for (const past of [
      resolved(f, 'FIXED', 'Resolved by Janus: the latest run succeeded.'),
      { ...resolved(f, 'NO_ACTION_REQUIRED', note), evidence: undefined },
      resolved(failed('run-0'), 'FIXED', note),
    ])
      expect(kinds(planFor(f, [past]))).toContain('raiseIncident');
  });

  it('only for causes with no ACTIVE incident', () => {
    const f = failed('run-1');
    const open = humanResolutions([cause(f)], new Set([f.key]), [resolved(f, 'NO_ACTION_REQUIRED', note)]);
    expect(open.suppressed.size + open.reopen.length).toBe(0);
  });

  it("the reopening keeps the person's resolution: who (name, email), as what, and the note, read back as it was", () => {
    const f = failed('run-1');
    const carol = { name: 'Carol Diaz', email: 'carol.diaz@acmepay.example' };
    const theirs = statusMessage('resolve', carol, 'Re-ran the job by hand.\nAll "good": rows are in.');
    const [reopen] = humanResolutions([cause(f)], new Set(), [resolved(f, 'FIXED', theirs)]).reopen;
    expect(reopen!.message).toBe(
      `${reopenMessage(cause(f))}\nCarol Diaz (carol.diaz@acmepay.example) resolved as Fixed: "Re-ran the job by hand.\nAll "good": rows are in."`,
    );
    expect(priorResolutionOf(reopen!.message)).toEqual({
      ...carol,
      stage: 'Fixed',
      note: 'Re-ran the job by hand.\nAll "good": rows are in.',
    });
    // a resolution written in DataHub's UI (no name in it): the note alone
    const ui = humanResolutions([cause(f)], new Set(), [resolved(f, null, 'Backfilled')]).reopen[0]!.message;
    expect(ui.split('\n')[1]).toBe('Resolved: "Backfilled"');
    expect(priorResolutionOf(ui)).toEqual({ note: 'Backfilled' });
    expect(priorResolutionOf(reopenMessage(cause(f)))).toBeUndefined();
    expect(priorResolutionOf(theirs)).toBeUndefined();
  });
});
