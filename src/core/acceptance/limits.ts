import { DAY_MS, type AcceptancePolicy } from './acceptance.js';

/** An acceptance as a person wrote it, before it is held to the limits. */
export interface AcceptanceDraft {
  key: string;
  by: string;
  reason: string;
  until: string;
  at?: string;
}

/**
 * What is wrong with an acceptance under the policy at `now`, each a sentence (none: it may stand). Pure. Every
 * acceptance says why, and none lasts past `maxDays` from when it was made (`at`, else now). An acceptance already
 * ended is no problem: it lapses, and is listed so.
 */
export function acceptanceProblems(a: AcceptanceDraft, policy: AcceptancePolicy, now: number): string[] {
  const problems: string[] = [];
  if (!a.key.trim())
    problems.push('key is required: the finding key it accepts (janus trust <model> --json lists them)');
  if (!a.by.trim()) problems.push('by is required: who accepts the risk');
  if (!a.reason.trim()) problems.push('reason is required: say why the risk is acceptable');
  const until = Date.parse(a.until);
  const from = a.at !== undefined ? Date.parse(a.at) : now;
  if (Number.isNaN(until)) problems.push(`until ${a.until} is not a date (2027-01-05 or 2027-01-05T12:00:00Z)`);
  if (a.at !== undefined && Number.isNaN(from)) problems.push(`at ${a.at} is not a date`);
  if (!Number.isNaN(until) && !Number.isNaN(from)) {
    const days = Math.ceil((until - from) / DAY_MS);
    if (days > policy.maxDays)
      problems.push(
        `until ${a.until} is ${days} days after ${a.at ?? 'today'}, past the maximum of ${policy.maxDays} (judge.acceptance.maxDays)`,
      );
  }
  return problems;
}

/** When an acceptance made at `now` for `days` (the default when unsaid) ends, as ISO 8601. */
export const acceptedUntil = (policy: AcceptancePolicy, now: number, days?: number): string =>
  new Date(now + (days ?? policy.defaultDays) * DAY_MS).toISOString();
