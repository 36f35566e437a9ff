import { severityRank, type Finding, type Severity } from '../core/finding.js';
import type { Verdict } from '../core/verdict.js';

export interface GateResult {
  verdict: Verdict;
  /** The findings that block the merge under the gate's threshold. */
  blocking: Finding[];
  /** Why the model is blocked when it is not a finding (e.g. below --min-score). */
  reasons: string[];
}

export interface GatePolicy {
  /** Block on a finding of this severity or worse (`none`: findings never block). */
  failOn: Severity | 'none';
  /** Block when the score is below this. */
  minScore?: number;
}

/** Which findings block a model under the gate's policy. Pure. */
export function gateVerdict(verdict: Verdict, p: GatePolicy): GateResult {
  const blocking =
    p.failOn === 'none'
      ? []
      : verdict.findings.filter((f) => severityRank(f.severity) >= severityRank(p.failOn as Severity));
  const reasons =
    p.minScore !== undefined && verdict.score < p.minScore
      ? [`score ${verdict.score} is below the minimum ${p.minScore}`]
      : [];
  return { verdict, blocking, reasons };
}

export const isBlocked = (r: GateResult) => r.blocking.length > 0 || r.reasons.length > 0;
