import { evidenceFingerprint } from '../evidence-fingerprint.js';
import type { Finding } from '../finding.js';
import { actorOf, emailOf, noteOf } from '../incident-status.js';
import { shortName } from '../names.js';
import type { RootCause } from './root-causes.js';

/**
 * A resolution by a person sticks (docs/write-back.md, "When a person resolves"). Pure.
 *
 * Janus records on each incident it raises a fingerprint of the evidence (`janus-evidence: <hash>`). When a root cause
 * is live and has no ACTIVE incident, the newest Janus incident of its key decides:
 * - resolved `NO_ACTION_REQUIRED` (only people resolve so) with the same evidence: the cause is suppressed, nothing is
 *   raised, and no model is tagged for it; unless it was Slack's "Accept the risk" (its note the acceptance's reason)
 *   and that acceptance has lapsed: the "no action" lasted as long as the acceptance, so a new incident is raised;
 * - resolved `FIXED` (or with no stage) by anyone but Janus, with the same evidence: the problem is still there, so
 *   that incident is reopened, saying so;
 * - anything else (no such incident, Janus resolved it, the evidence changed): a new incident, as before.
 */

export const EVIDENCE_LINE = 'janus-evidence: ';

export { evidenceFingerprint } from '../evidence-fingerprint.js';

/** The description Janus raises an incident with, and the evidence fingerprint line after it. */
export const withEvidenceLine = (description: string, f: Finding): string =>
  `${description}\n${EVIDENCE_LINE}${evidenceFingerprint(f)}`;

export const evidenceOf = (text: string | null | undefined): string | undefined =>
  text
    ?.split('\n')
    .find((l) => l.startsWith(EVIDENCE_LINE))
    ?.slice(EVIDENCE_LINE.length)
    .trim() || undefined;

/** The newest of a root cause's Janus incidents, when it is resolved. */
export interface ResolvedIncident {
  urn: string;
  key: string;
  dataset: string;
  stage: string | null;
  message: string | null;
  /** The evidence fingerprint it was raised with (none on incidents older than the convention). */
  evidence?: string;
}

/** Janus's own resolution and reopening messages start so: anything else is a person (or another tool). */
const BY_JANUS = /^(Resolved|Reopened) by Janus\b/;

export interface HumanResolutions {
  /** Keys not to raise again: a person said no action is needed for this very evidence. */
  suppressed: Set<string>;
  /** Incidents to reopen: a person said fixed, and the same evidence is still there. */
  reopen: { incident: ResolvedIncident; cause: RootCause; message: string }[];
}

/**
 * What people's resolutions decide for the live causes that have no ACTIVE incident (`open`: keys that have one).
 * `lapsed`: the reasons of acceptances that lapsed, by finding key (docs/accepted-risk.md).
 */
export function humanResolutions(
  causes: RootCause[],
  open: ReadonlySet<string>,
  resolved: ResolvedIncident[],
  lapsed: Readonly<Record<string, string>> = {},
): HumanResolutions {
  const out: HumanResolutions = { suppressed: new Set(), reopen: [] };
  if (!resolved.length) return out;
  const byKey = new Map(resolved.map((i) => [i.key, i]));
  for (const rc of causes) {
    if (open.has(rc.key)) continue;
    const incident = byKey.get(rc.key);
    if (!incident?.evidence || incident.evidence !== evidenceFingerprint(rc.finding)) continue;
    if (incident.stage === 'NO_ACTION_REQUIRED') {
      if (!endedWithItsAcceptance(incident, lapsed[rc.key])) out.suppressed.add(rc.key);
    } else if ((incident.stage === 'FIXED' || !incident.stage) && !BY_JANUS.test(incident.message ?? ''))
      out.reopen.push({ incident, cause: rc, message: reopenMessage(rc, incident) });
  }
  return out;
}

/** A "no action required" given as an acceptance (Slack's "Accept the risk": the note is its reason) that lapsed. */
const endedWithItsAcceptance = (incident: ResolvedIncident, reason: string | undefined): boolean =>
  reason !== undefined && noteOf(incident.message) === reason.trim();

/**
 * Why Janus reopens a person's FIXED: the evidence is unchanged. The person's resolution is kept in it (the reopening
 * replaces the status message that held it): who, with their email when Janus's convention recorded it, and the note.
 */
export const reopenMessage = (rc: RootCause, prior?: Pick<ResolvedIncident, 'stage' | 'message'>): string => {
  const why = `Reopened by Janus: the evidence is still there on ${shortName(rc.dataset)}. ${rc.finding.message}`;
  const kept = prior ? priorResolutionText(prior) : '';
  return kept ? `${why}\n${kept}` : why;
};

const STAGE_WORDS: Record<string, string> = { FIXED: 'Fixed', NO_ACTION_REQUIRED: 'No action required' };

/** `Carol Diaz (carol@x) resolved as Fixed: "note"`, from a resolution's status message; empty when it says nothing. */
export function priorResolutionText(prior: Pick<ResolvedIncident, 'stage' | 'message'>): string {
  const name = actorOf({ message: prior.message, updatedBy: null });
  const email = emailOf(prior.message);
  const note = noteOf(prior.message);
  const who = name ? `${name}${email ? ` (${email})` : ''} resolved` : 'Resolved';
  const as = prior.stage ? ` as ${STAGE_WORDS[prior.stage] ?? prior.stage}` : '';
  if (!name && !note) return '';
  return `${who}${as}${note ? `: "${note}"` : '.'}`;
}

/** What `priorResolutionText` kept in a reopening message (its lines after the first): the person and their note. */
export function priorResolutionOf(
  message: string | null,
): { name?: string; email?: string; stage?: string; note?: string } | undefined {
  if (!message || !/^Reopened by Janus\b/.test(message)) return undefined;
  const kept = message.slice(message.indexOf('\n') + 1);
  if (kept === message) return undefined;
  const m = /^(?:(.+?)(?: \(([^()\s]+@[^()\s]+)\))? resolved|Resolved)(?: as ([^:.]+))?(?:: "([\s\S]*)"|\.)$/.exec(
    kept,
  );
  if (!m) return undefined;
  return {
    ...(m[1] ? { name: m[1] } : {}),
    ...(m[2] ? { email: m[2] } : {}),
    ...(m[3] ? { stage: m[3] } : {}),
    ...(m[4] ? { note: m[4] } : {}),
  };
}
