import { severityRank, type Finding, type Severity } from './finding.js';

export type Band = 'trusted' | 'caution' | 'at_risk';
export const BANDS: Band[] = ['trusted', 'caution', 'at_risk'];

export interface BandPolicy {
  /** Lowest score that is `trusted`. */
  trusted: number;
  /** Lowest score that is `caution`; below it is `at_risk`. */
  caution: number;
  /** A finding of this severity or worse makes the band `at_risk` whatever the score (`none`: never). */
  capAt: Severity | 'none';
}

export const DEFAULT_BANDS: BandPolicy = { trusted: 80, caution: 50, capAt: 'critical' };

export interface Deduction {
  key: string;
  detector: string;
  weight: number;
  reason: string;
}

export interface Score {
  score: number;
  band: Band;
  deductions: Deduction[];
  /** Why the band is lower than the score alone would give, if it is. */
  capped?: { by: string; severity: Severity };
}

/** A deduction per finding and verdict: a memo by finding (a WeakMap) cost more than it saved once scans stopped keeping verdicts. */
const deductionFor = (f: Finding): Deduction => ({
  key: f.key,
  detector: f.detector,
  weight: f.weight,
  reason: f.message,
});

/** `max(0, 100 - Σ weight)`, each deduction naming its finding, then the band. */
export function score(findings: Finding[], bands: BandPolicy = DEFAULT_BANDS): Score {
  const deductions = findings.filter((f) => f.weight > 0).map(deductionFor);
  const value = Math.max(0, 100 - deductions.reduce((sum, d) => sum + d.weight, 0));
  const byScore: Band = value >= bands.trusted ? 'trusted' : value >= bands.caution ? 'caution' : 'at_risk';
  const cap =
    bands.capAt === 'none'
      ? undefined
      : findings.find((f) => severityRank(f.severity) >= severityRank(bands.capAt as Severity));
  if (cap && byScore !== 'at_risk')
    return { score: value, band: 'at_risk', deductions, capped: { by: cap.key, severity: cap.severity } };
  return { score: value, band: byScore, deductions };
}

/** The worst severity among findings, or undefined when there are none. */
export function worstSeverity(findings: Finding[]): Severity | undefined {
  return findings.reduce<Severity | undefined>(
    (w, f) => (!w || severityRank(f.severity) > severityRank(w) ? f.severity : w),
    undefined,
  );
}
