import type { Finding } from '../finding.js';
import type { Acceptance, AcceptancePolicy } from './acceptance.js';
import { shapeOf } from './lapse.js';
import { acceptanceProblems, acceptedUntil } from './limits.js';
import { storedAcceptance } from './stored.js';

/** What a person asks (`janus accept`, Slack's Accept the risk). */
export interface AcceptRequest {
  /** The finding: its key, or its detector when the model has one finding of it. */
  finding: string;
  reason: string;
  /** An end (ISO 8601 or a date); else `days` from now; else the policy's default. */
  until?: string;
  days?: number;
}

/**
 * The finding a request names among a model's findings (counted, accepted, lapsed), or a dataset's, or why none.
 * Pure. `whose`: what holds them, as the refusal says it.
 */
export function findingNamed(findings: Finding[], ref: string, whose = 'the model'): Finding | string {
  const byKey = findings.find((f) => f.key === ref);
  if (byKey) return byKey;
  const byDetector = findings.filter((f) => f.detector === ref);
  if (byDetector.length === 1) return byDetector[0]!;
  const listed = findings.map((f) => `  ${f.key}`).join('\n');
  if (byDetector.length > 1) return `${byDetector.length} ${ref} findings: name one by its key:\n${listed}`;
  return findings.length
    ? `no finding ${ref}; ${whose}'s findings:\n${listed}`
    : `no finding ${ref}: ${whose} has none`;
}

/** How many acceptances an entity keeps: past it, the ones that ended first make room (the audit's horizon). */
export const MAX_HELD_ACCEPTANCES = 50;

/**
 * The acceptance a request makes at `now`, and the entity's acceptances after it (as the property's values): one of
 * the same key still in force is marked replaced (by whom, when); it and the ended ones stay, as the audit (`janus
 * accepted`, the report), the first to have ended dropped past MAX_HELD_ACCEPTANCES. Or the problems that refuse it.
 * Pure.
 */
export function planAcceptance(
  finding: Finding,
  existing: readonly Acceptance[],
  req: AcceptRequest & { by: string },
  policy: AcceptancePolicy,
  now: number,
  /** The dataset the acceptance is held on (for every model below it); none: the model. */
  on?: string,
): { acceptance: Acceptance; values: string[] } | { problems: string[] } {
  const at = new Date(now).toISOString();
  const until = req.until
    ? /^\d{4}-\d{2}-\d{2}$/.test(req.until)
      ? `${req.until}T00:00:00.000Z`
      : req.until
    : acceptedUntil(policy, now, req.days);
  const problems = acceptanceProblems({ key: finding.key, by: req.by, reason: req.reason, until, at }, policy, now);
  if (!problems.length && !(Date.parse(until) > now)) problems.push(`until ${until} has already passed`);
  if (problems.length) return { problems };
  const acceptance: Acceptance = {
    key: finding.key,
    by: req.by,
    reason: req.reason.trim(),
    at,
    until: new Date(until).toISOString(),
    accepted: shapeOf(finding, on !== undefined),
    source: 'datahub',
    ...(on ? { on } : {}),
  };
  // one of the same key still in force is replaced: kept, for the record, never in force again
  const kept = existing.map((a) =>
    a.key === finding.key && !a.replaced && Date.parse(a.until) > now ? { ...a, replaced: { at, by: req.by } } : a,
  );
  const room = kept.length + 1 - MAX_HELD_ACCEPTANCES;
  const endedAt = (a: Acceptance) => Date.parse(a.replaced?.at ?? a.until);
  const dropped = new Set(room > 0 ? [...kept].sort((a, b) => endedAt(a) - endedAt(b)).slice(0, room) : []);
  return { acceptance, values: [...kept.filter((a) => !dropped.has(a)), acceptance].map(storedAcceptance) };
}
