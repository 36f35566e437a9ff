import type { Finding } from './finding.js';

/** The detectors that found something, in finding order, each once: `freshness_lag ×1,118` where it found many. */
export function detectorCounts(findings: readonly Pick<Finding, 'detector'>[]): string {
  // a handful of detectors over a thousand findings: a short list searched from its end beats a Map
  const counts: [string, number][] = [];
  for (const f of findings) {
    const at = counts.findLast((c) => c[0] === f.detector);
    if (at) at[1]++;
    else counts.push([f.detector, 1]);
  }
  return counts.map(([d, n]) => (n > 1 ? `${d} ×${n.toLocaleString('en-US')}` : d)).join(', ');
}
