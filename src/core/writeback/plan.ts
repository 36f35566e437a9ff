import type { Band } from '../score.js';
import {
  AT_RISK_TAG,
  assertionUrnFor,
  bandReason,
  detectorOfKey,
  incidentReason,
  incidentUrnFor,
  PRIORITY,
  REPORT_LINK_LABEL,
  type PropertyName,
} from './conventions.js';
import { detectorNamed, hurtsDownstream, hurtsOnlyItsModel } from '../detectors/registered.js';
import { humanResolutions, withEvidenceLine } from './human-resolutions.js';
import { clearedMessage, incidentDescription, incidentTitle } from './incident-text.js';
import type { JudgedModel, RootCause } from './root-causes.js';
import type { CurrentIncident, WriteBackState } from './state.js';
import type { UpstreamDatasets } from './upstream-datasets.js';

/** Every kind of write a plan holds, once (a Record, so a new kind fails to compile until it is listed). */
const KINDS: Record<PlannedWrite['kind'], true> = {
  createTag: true,
  createProperty: true,
  raiseIncident: true,
  resolveIncident: true,
  reopenIncident: true,
  upsertAssertion: true,
  reportAssertion: true,
  recordAssertion: true,
  setTrust: true,
  setReasons: true,
  addTag: true,
  removeTag: true,
  upsertLink: true,
  removeLink: true,
};
/** The job payloads' schema checks a write's kind against it. */
export const PLANNED_WRITE_KINDS = Object.keys(KINDS) as [PlannedWrite['kind'], ...PlannedWrite['kind'][]];

export type PlannedWrite =
  | { kind: 'createTag' }
  | { kind: 'createProperty'; property: PropertyName }
  | {
      kind: 'raiseIncident';
      /** Where the incident is written (`incidentUrnFor`): the same for every scan that read the same state. */
      urn: string;
      key: string;
      dataset: string;
      type: string;
      customType?: string;
      priority: string;
      title: string;
      description: string;
    }
  | {
      kind: 'resolveIncident';
      urn: string;
      key: string;
      dataset: string;
      message: string;
      /** FIXED when the finding cleared; NO_ACTION_REQUIRED for a duplicate of an incident Janus keeps. */
      stage?: 'FIXED' | 'NO_ACTION_REQUIRED';
    }
  /** A person's FIXED while the same evidence is still there (human-resolutions.ts). */
  | { kind: 'reopenIncident'; urn: string; key: string; dataset: string; message: string }
  | { kind: 'upsertAssertion'; urn: string; key: string; dataset: string; description: string }
  | {
      kind: 'reportAssertion';
      urn: string;
      key: string;
      dataset: string;
      result: 'FAILURE' | 'SUCCESS';
      reason: string;
      /**
       * When the result it follows was reported (ms): the result goes at a timestamp after it, the same for every
       * scan that read the same state, so racing scans land one result (DataHub keys a timeseries event by time).
       */
      after?: number;
    }
  /**
   * After a result is reported, the same result written on the assertion's logic (RESULT_LINE, read from DataHub's
   * database): a scan that does not see the run event yet (index lag) still knows it was reported.
   */
  | {
      kind: 'recordAssertion';
      urn: string;
      key: string;
      dataset: string;
      description: string;
      result: 'FAILURE' | 'SUCCESS';
      after?: number;
    }
  | { kind: 'setTrust'; model: string; score: number; band: Band }
  | { kind: 'setReasons'; model: string; reasons: string[] }
  | { kind: 'addTag'; model: string }
  | { kind: 'removeTag'; model: string }
  | { kind: 'upsertLink'; model: string; url: string }
  | { kind: 'removeLink'; model: string; url: string };

export interface PlanInput {
  /** The judged models (verdicts, or what a catalog scan keeps of them). */
  judged: JudgedModel[];
  /** Their root causes (root-causes.ts). */
  causes: RootCause[];
  state: WriteBackState;
  /** Models downstream of each dataset whose incident is being resolved (they lose that reason). */
  resolvedDownstream: Record<string, string[]>;
  /** The datasets upstream of each judged model (its graph, as read), in groups. */
  upstreamDatasets: UpstreamDatasets;
  /** Report URL of a model, when Janus's HTTP server has a public URL. */
  reportUrl?: (model: string) => string;
}

/** Incidents whose finding is gone, among those this scan can judge. Pure. */
export function incidentsToResolve(
  judgedModels: JudgedModel[],
  causes: RootCause[],
  state: WriteBackState,
): CurrentIncident[] {
  const live = new Set(causes.map((rc) => rc.key));
  // an accepted finding is still there: its incident is the person's to resolve, never Janus's as "cleared"
  for (const v of judgedModels) for (const key of v.acceptedKeys ?? []) live.add(key);
  const judged = new Set(judgedModels.map((v) => v.model.urn));
  const read = new Set(state.datasets);
  return state.incidents.filter(
    (i) =>
      !live.has(i.key) &&
      read.has(i.dataset) &&
      (hurtsDownstream(detectorOfKey(i.key)) || i.models.some((m) => judged.has(m))),
  );
}

/**
 * The writes that make DataHub match the verdicts, and nothing else: a rerun that finds nothing new plans
 * nothing. Order matters for crash safety (definitions first; a reason is recorded before its tag is added,
 * and the tag removed before its reason is dropped), so any prefix of the plan converges on the next run.
 */
export function planWriteBack(input: PlanInput): PlannedWrite[] {
  const { judged, causes, state } = input;
  const resolving = incidentsToResolve(judged, causes, state);
  const plan: PlannedWrite[] = [];

  if (!state.tagExists) plan.push({ kind: 'createTag' });
  for (const p of ['score', 'band', 'reasons'] as const)
    if (!state.propertiesExist[p]) plan.push({ kind: 'createProperty', property: p });

  const raised = new Set(state.incidents.map((i) => i.key));
  const lapsed: Record<string, string> = {};
  for (const v of judged) Object.assign(lapsed, v.lapsedReasons);
  const human = humanResolutions(causes, raised, state.resolved ?? [], lapsed);
  const reopened = new Set(human.reopen.map((r) => r.cause.key));
  const follows = new Map((state.resolved ?? []).map((i) => [i.key, i.urn]));
  for (const rc of causes)
    if (!raised.has(rc.key) && !human.suppressed.has(rc.key) && !reopened.has(rc.key))
      plan.push(raise(rc, follows.get(rc.key)));
  plan.push(...duplicateResolutions(causes, state));
  for (const i of resolving)
    plan.push({
      kind: 'resolveIncident',
      urn: i.urn,
      key: i.key,
      dataset: i.dataset,
      message: clearedMessage(i.key, i.dataset),
    });
  for (const r of human.reopen)
    plan.push({
      kind: 'reopenIncident',
      urn: r.incident.urn,
      key: r.cause.key,
      dataset: r.cause.dataset,
      message: r.message,
    });

  plan.push(...assertionWrites(causes, resolving, state));

  for (const v of judged) {
    const m = state.models[v.model.urn];
    if (m?.score !== v.score || m?.band !== v.band)
      plan.push({ kind: 'setTrust', model: v.model.urn, score: v.score, band: v.band });
  }
  plan.push(
    ...tagWrites(
      input,
      human.suppressed.size ? causes.filter((rc) => !human.suppressed.has(rc.key)) : causes,
      resolving,
    ),
  );
  if (input.reportUrl) plan.push(...linkWrites(judged, state, input.reportUrl));
  return plan;
}

/** Whether incident a was raised before b (then by urn: every scan keeps the same one). */
const olderFirst = (a: CurrentIncident, b: CurrentIncident) =>
  (a.created ?? Number.MAX_SAFE_INTEGER) - (b.created ?? Number.MAX_SAFE_INTEGER) || a.urn.localeCompare(b.urn);

/**
 * One ACTIVE Janus incident per live root cause, whatever raced before (scans without Redis, parallel MCP calls):
 * the oldest is kept, every other one resolved with a note naming it. A cleared root cause's incidents are all
 * resolved by `incidentsToResolve`.
 */
export function duplicateResolutions(causes: RootCause[], state: WriteBackState): PlannedWrite[] {
  const live = new Set(causes.map((rc) => rc.key));
  const byKey = new Map<string, CurrentIncident[]>();
  for (const i of state.incidents) {
    if (!live.has(i.key)) continue;
    const list = byKey.get(i.key);
    if (list) list.push(i);
    else byKey.set(i.key, [i]);
  }
  const writes: PlannedWrite[] = [];
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    const [kept, ...extra] = [...list].sort(olderFirst);
    for (const i of extra)
      writes.push({
        kind: 'resolveIncident',
        urn: i.urn,
        key: i.key,
        dataset: i.dataset,
        stage: 'NO_ACTION_REQUIRED',
        message: `Resolved by Janus: a duplicate of ${kept!.urn}, which stays open for this root cause.`,
      });
  }
  return writes;
}

function raise(rc: RootCause, follows: string | undefined): PlannedWrite {
  const { type, customType } = detectorNamed(rc.finding.detector)?.incident ?? { type: 'OPERATIONAL' };
  return {
    kind: 'raiseIncident',
    urn: incidentUrnFor(rc.key, follows),
    key: rc.key,
    dataset: rc.dataset,
    type,
    ...(customType ? { customType } : {}),
    priority: PRIORITY[rc.finding.severity],
    title: incidentTitle(rc),
    description: withEvidenceLine(incidentDescription(rc), rc.finding),
  };
}

function assertionWrites(causes: RootCause[], resolving: CurrentIncident[], state: WriteBackState): PlannedWrite[] {
  const writes: PlannedWrite[] = [];
  const existing = new Map(state.assertions.map((a) => [a.urn, a]));
  for (const rc of causes) {
    const urn = assertionUrnFor(rc.key);
    const current = existing.get(urn);
    const description = current?.description ?? `Janus guard: ${incidentTitle(rc).replace('[Janus] ', '')}`;
    if (!current) writes.push({ kind: 'upsertAssertion', urn, key: rc.key, dataset: rc.dataset, description });
    if (current?.latest !== 'FAILURE') {
      const after = current?.latestAt !== undefined ? { after: current.latestAt } : {};
      writes.push({
        kind: 'reportAssertion',
        urn,
        key: rc.key,
        dataset: rc.dataset,
        result: 'FAILURE',
        reason: rc.finding.message,
        ...after,
      });
      writes.push({
        kind: 'recordAssertion',
        urn,
        key: rc.key,
        dataset: rc.dataset,
        description,
        result: 'FAILURE',
        ...after,
      });
    }
  }
  const live = new Set(causes.map((rc) => rc.key));
  const cleared = new Set(resolving.map((i) => i.key));
  const read = new Set(state.datasets);
  for (const a of state.assertions) {
    if (live.has(a.key) || a.latest === 'SUCCESS') continue;
    const judgeable = cleared.has(a.key) || (read.has(a.dataset) && hurtsDownstream(detectorOfKey(a.key)));
    if (!judgeable) continue;
    const after = a.latestAt !== undefined ? { after: a.latestAt } : {};
    writes.push({
      kind: 'reportAssertion',
      urn: a.urn,
      key: a.key,
      dataset: a.dataset,
      result: 'SUCCESS',
      reason: clearedMessage(a.key, a.dataset),
      ...after,
    });
    writes.push({
      kind: 'recordAssertion',
      urn: a.urn,
      key: a.key,
      dataset: a.dataset,
      description: a.description ?? 'Janus guard',
      result: 'SUCCESS',
      ...after,
    });
  }
  return writes;
}

/**
 * `model-at-risk` on every model in the blast radius of an open Janus incident, and on every model whose band is
 * at_risk. Each reason is recorded in io.janus.risk_reasons; a tag Janus did not record a reason for is never removed.
 * A judged model's reasons are recomputed in full (its whole upstream was read); any other model only gains the
 * reasons this scan raised and loses the ones it resolved.
 */
function tagWrites(input: PlanInput, causes: RootCause[], resolving: CurrentIncident[]): PlannedWrite[] {
  const { judged, state } = input;
  const resolved = new Set(resolving.map((i) => i.key));
  const isLeak = (key: string) => hurtsOnlyItsModel(detectorOfKey(key));
  const standing = state.incidents.filter((i) => !resolved.has(i.key));
  // a leak puts at risk only the models that have it; any other trouble, every model downstream
  const leaks = [
    ...causes
      .filter((rc) => isLeak(rc.key))
      .map((rc) => ({ reason: incidentReason(rc.key), models: new Set(rc.models.map((m) => m.urn)) })),
    ...standing.filter((i) => isLeak(i.key)).map((i) => ({ reason: incidentReason(i.key), models: new Set(i.models) })),
  ];
  const byDataset = new Map<string, string[]>();
  for (const i of [...causes, ...standing]) {
    if (isLeak(i.key)) continue;
    const reasons = byDataset.get(i.dataset);
    if (reasons) reasons.push(incidentReason(i.key));
    else byDataset.set(i.dataset, [incidentReason(i.key)]);
  }

  // judged models: recomputed in full, one at a time (a catalog's 5,000 models have hundreds of reasons each)
  const changes: [string, PlannedWrite[]][] = [];
  const judgedUrns = new Set<string>();
  const { groups, ofModel } = input.upstreamDatasets;
  const groupReasons = groups.map((datasets) => datasets.flatMap((d) => byDataset.get(d) ?? []));
  // models below the same groups, with the same leaks and band, share one list of reasons
  const shared = new Map<string, string[]>();
  for (const v of judged) {
    judgedUrns.add(v.model.urn);
    const own = ofModel[v.model.urn] ?? [];
    const leaking = leaks.filter((leak) => leak.models.has(v.model.urn)).map((leak) => leak.reason);
    const key = `${own.join(',')}|${leaking.join(',')}|${v.band === 'at_risk'}`;
    let reasons = shared.get(key);
    if (!reasons) {
      const wanted = own.flatMap((g) => groupReasons[g]!);
      wanted.push(...leaking);
      if (v.band === 'at_risk') wanted.push(bandReason);
      shared.set(key, (reasons = sortedUnique(wanted)));
    }
    changes.push([v.model.urn, reasonWrites(state, v.model.urn, reasons)]);
  }
  // any other model gains the reasons this scan raised and loses the ones it resolved
  const others = new Map<string, Set<string>>();
  const other = (model: string) =>
    others.get(model) ?? others.set(model, new Set(state.models[model]?.reasons ?? [])).get(model)!;
  for (const rc of causes)
    for (const m of rc.blastRadius) if (!judgedUrns.has(m.urn)) other(m.urn).add(incidentReason(rc.key));
  for (const i of resolving)
    for (const m of input.resolvedDownstream[i.dataset] ?? [])
      if (!judgedUrns.has(m)) other(m).delete(incidentReason(i.key));
  for (const [model, reasons] of others) changes.push([model, reasonWrites(state, model, sortedUnique([...reasons]))]);

  return changes
    .filter(([, writes]) => writes.length)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([, writes]) => writes);
}

/** The writes that give a model these reasons (sorted, each once; and the tag with them), if it has other ones. */
function reasonWrites(state: WriteBackState, model: string, reasons: string[]): PlannedWrite[] {
  const current = state.models[model];
  if (!current) return [];
  const had = sortedUnique(current.reasons);
  const tagged = current.tags.includes(AT_RISK_TAG.urn);
  const writes: PlannedWrite[] = [];
  if (reasons.length) {
    if (!sameList(reasons, had)) writes.push({ kind: 'setReasons', model, reasons });
    if (!tagged) writes.push({ kind: 'addTag', model });
  } else if (had.length) {
    if (tagged) writes.push({ kind: 'removeTag', model });
    writes.push({ kind: 'setReasons', model, reasons: [] });
  }
  return writes;
}

const sortedUnique = (list: string[]) => [...list].sort().filter((r, i, all) => i === 0 || r !== all[i - 1]);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function linkWrites(
  judged: JudgedModel[],
  state: WriteBackState,
  reportUrl: (model: string) => string,
): PlannedWrite[] {
  const writes: PlannedWrite[] = [];
  for (const v of judged) {
    const url = reportUrl(v.model.urn);
    const links = state.models[v.model.urn]?.links.filter((l) => l.label === REPORT_LINK_LABEL) ?? [];
    if (links.some((l) => l.url === url)) continue;
    for (const old of links) writes.push({ kind: 'removeLink', model: v.model.urn, url: old.url });
    writes.push({ kind: 'upsertLink', model: v.model.urn, url });
  }
  return writes;
}
