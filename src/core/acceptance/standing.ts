import type { Finding } from '../finding.js';
import type { Acceptance, AcceptedFinding, LapsedAcceptance } from './acceptance.js';

/** One acceptance a model holds, and where it stands at the judgment (`janus accepted`, the report's audit list). */
export interface AcceptanceStanding {
  acceptance: Acceptance;
  /** `active`: its finding is out of the score; `lapsed`: it ended or the finding grew; `clear`: the finding is gone. */
  status: 'active' | 'lapsed' | 'clear';
  /** Why it lapsed: "expired on 2027-01-05", "a longer column chain appeared (…)". */
  lapse?: string;
  /** The finding it covers, when the model still has it. */
  finding?: Finding;
}

/** The same acceptance: of one key, by one person, to one end, held on the same entity (a model's own, or a dataset). */
export const sameAcceptance = (a: Acceptance, b: Acceptance) =>
  a.key === b.key && a.until === b.until && a.by === b.by && a.on === b.on && a.replaced?.at === b.replaced?.at;

/**
 * Every acceptance a model holds, with its standing at `now` (the judgment's instant). Pure. The verdict says which
 * are in force and which lapsed; one it does not name covers a finding the model no longer has: still in force until
 * it ends (`clear`), else lapsed. Active first, then lapsed, then clear, each in the verdict's or the store's order.
 */
export function acceptanceStandings(
  verdict: { accepted?: readonly AcceptedFinding[]; lapsed?: readonly LapsedAcceptance[] },
  stored: readonly Acceptance[],
  now: number,
): AcceptanceStanding[] {
  const rows: AcceptanceStanding[] = [
    ...(verdict.accepted ?? []).map((a) => ({
      acceptance: a.acceptance,
      status: 'active' as const,
      finding: a.finding,
    })),
    ...(verdict.lapsed ?? []).map((l) => ({
      acceptance: l.acceptance,
      status: 'lapsed' as const,
      lapse: l.lapse,
      finding: l.finding,
    })),
  ];
  const named = rows.map((r) => r.acceptance);
  const rest = stored
    .filter((a) => !named.some((n) => sameAcceptance(n, a)))
    .map((a): AcceptanceStanding =>
      a.replaced
        ? { acceptance: a, status: 'lapsed', lapse: `replaced on ${a.replaced.at.slice(0, 10)} by ${a.replaced.by}` }
        : Date.parse(a.until) > now
          ? { acceptance: a, status: 'clear' }
          : { acceptance: a, status: 'lapsed', lapse: `expired on ${a.until.slice(0, 10)}` },
    );
  const order = { active: 0, lapsed: 1, clear: 2 } as const;
  return [...rows, ...rest].sort((x, y) => order[x.status] - order[y.status]);
}
