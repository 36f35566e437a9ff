import { severityRank, type Severity } from '../core/finding.js';
import type { Verdict } from '../core/verdict.js';
import type { GateResult } from '../render/junit.js';

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
