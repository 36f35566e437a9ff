import { evidenceFingerprint } from './evidence-fingerprint.js';
import type { Finding } from './finding.js';
import type { Band } from './score.js';
import type { ModelRef, Verdict } from './verdict.js';

/** A model's verdict as a gate weighed it: which of its findings block, and whether it is blocked. */
export interface GatedVerdict {
  verdict: Verdict;
  blocking: readonly Finding[];
  blocked: boolean;
}

/** A finding a change brings or takes away; `blocking`: it blocks (or blocked, when taken away) under the gate. */
export interface FindingChange {
  finding: Finding;
  blocking: boolean;
}

/** What a proposed change does to one model's verdict, compared with the catalog as it stands. */
export interface ModelChanges {
  model: ModelRef;
  /** Findings that count with the change and not without it (by key: the same root cause is the same finding). */
  introduced: FindingChange[];
  /** Findings that count without the change and not with it. */
  removed: FindingChange[];
  /** Findings on both sides whose evidence differs (a leak reached along another column chain). */
  changed: FindingChange[];
  score: { before: number; after: number };
  band: { before: Band; after: Band };
  blocked: { before: boolean; after: boolean };
}

/**
 * What a change does, model by model (in the order of `after`): each model judged with the change (`after`) compared
 * with the same model judged without it (`before`, by urn). A model with no verdict before is left out. Pure.
 */
export function verdictChanges(before: readonly GatedVerdict[], after: readonly GatedVerdict[]): ModelChanges[] {
  const earlier = new Map(before.map((b) => [b.verdict.model.urn, b]));
  return after.flatMap((a) => {
    const b = earlier.get(a.verdict.model.urn);
    return b ? [modelChanges(b, a)] : [];
  });
}

function modelChanges(b: GatedVerdict, a: GatedVerdict): ModelChanges {
  const was = new Map(b.verdict.findings.map((f) => [f.key, f]));
  const is = new Map(a.verdict.findings.map((f) => [f.key, f]));
  const blocksNow = new Set(a.blocking.map((f) => f.key));
  const blockedThen = new Set(b.blocking.map((f) => f.key));
  return {
    model: a.verdict.model,
    introduced: a.verdict.findings
      .filter((f) => !was.has(f.key))
      .map((f) => ({ finding: f, blocking: blocksNow.has(f.key) })),
    removed: b.verdict.findings
      .filter((f) => !is.has(f.key))
      .map((f) => ({ finding: f, blocking: blockedThen.has(f.key) })),
    changed: a.verdict.findings
      .filter((f) => was.has(f.key) && evidenceFingerprint(f) !== evidenceFingerprint(was.get(f.key)!))
      .map((f) => ({ finding: f, blocking: blocksNow.has(f.key) })),
    score: { before: b.verdict.score, after: a.verdict.score },
    band: { before: b.verdict.band, after: a.verdict.band },
    blocked: { before: b.blocked, after: a.blocked },
  };
}

/** Whether the change leaves the model's verdict as Janus judges it: the same findings, score and outcome. */
export const changesNothing = (c: ModelChanges): boolean =>
  !c.introduced.length &&
  !c.removed.length &&
  !c.changed.length &&
  c.score.before === c.score.after &&
  c.blocked.before === c.blocked.after;
