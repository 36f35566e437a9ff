import type { Finding } from './finding.js';

/** The detectors that found something, in finding order, each once: `freshness_lag ×1,118` where it found many. */
export function detectorCounts(findings: readonly Pick<Finding, 'detector'>[]): string {
  // a handful of detectors over a thousand findings, mostly in runs of one (findings are sorted by weight): the last
  // one counted is checked first, then the short list
  const counts: [string, number][] = [];
  let last: [string, number] | undefined;
  for (let i = 0; i < findings.length; i++) {
    const d = findings[i]!.detector;
    if (last?.[0] !== d) {
      last = undefined;
      for (let k = counts.length - 1; k >= 0 && !last; k--) if (counts[k]![0] === d) last = counts[k];
      if (!last) counts.push((last = [d, 0]));
    }
    last[1]++;
  }
  return counts.map(([d, n]) => (n > 1 ? `${d} ×${n.toLocaleString('en-US')}` : d)).join(', ');
}
