import type { AcceptedFinding, LapsedAcceptance } from './acceptance.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Jan" (UTC): how an acceptance's end reads in a sentence. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "accepted by carol.diaz until 5 Jan: 'backfill running'" */
export const acceptedClause = (a: AcceptedFinding): string =>
  `accepted by ${a.acceptance.by} until ${shortDate(a.acceptance.until)}: '${a.acceptance.reason}'`;

/** "1 finding accepted by carol.diaz until 5 Jan: 'backfill running'", or one clause per acceptance when several. */
export function acceptedSentence(accepted: readonly AcceptedFinding[]): string {
  if (accepted.length === 1) return `1 finding ${acceptedClause(accepted[0]!)}`;
  return `${accepted.length} findings accepted: ${accepted.map((a) => `${a.finding.detector} by ${a.acceptance.by} until ${shortDate(a.acceptance.until)}: '${a.acceptance.reason}'`).join('; ')}`;
}

/** "target_leakage: carol.diaz's acceptance lapsed (expired on 2027-01-05)" */
export const lapsedSentence = (l: LapsedAcceptance): string =>
  `${l.finding.detector}: ${l.acceptance.by}'s acceptance lapsed (${l.lapse})`;

/** What a verdict says of its acceptances, a sentence each: the accepted findings, then each lapsed acceptance. */
export const acceptanceSentences = (v: {
  accepted?: readonly AcceptedFinding[];
  lapsed?: readonly LapsedAcceptance[];
}): string[] => [
  ...(v.accepted ? [`${acceptedSentence(v.accepted)}.`] : []),
  ...(v.lapsed ?? []).map((l) => `${lapsedSentence(l)}: it counts again.`),
];
