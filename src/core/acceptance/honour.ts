import type { Finding } from '../finding.js';
import type { AcceptedFinding, Acceptance, LapsedAcceptance } from './acceptance.js';
import { lapseOf } from './lapse.js';

export interface Honoured {
  /** The findings that count: every finding no acceptance in force covers, in their order. */
  counted: Finding[];
  accepted: AcceptedFinding[];
  lapsed: LapsedAcceptance[];
}

/**
 * Splits findings by the acceptances at `now`. Pure. Of several acceptances of one key, the one ending last that
 * still holds wins; when none holds, the one ending last says why.
 */
export function honourAcceptances(findings: Finding[], held: readonly Acceptance[], now: number): Honoured {
  // one a newer acceptance replaced is the record's, not the judgment's
  const acceptances = held.filter((a) => !a.replaced);
  if (!acceptances.length) return { counted: findings, accepted: [], lapsed: [] };
  const byKey = new Map<string, Acceptance[]>();
  for (const a of acceptances) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
  for (const list of byKey.values()) list.sort((x, y) => Date.parse(y.until) - Date.parse(x.until));
  const out: Honoured = { counted: [], accepted: [], lapsed: [] };
  for (const f of findings) {
    const mine = byKey.get(f.key);
    if (!mine) {
      out.counted.push(f);
      continue;
    }
    const holding = mine.find((a) => lapseOf(a, f, now) === undefined);
    if (holding) out.accepted.push({ finding: f, acceptance: holding });
    else {
      out.counted.push(f);
      out.lapsed.push({ finding: f, acceptance: mine[0]!, lapse: lapseOf(mine[0]!, f, now)! });
    }
  }
  return out;
}
