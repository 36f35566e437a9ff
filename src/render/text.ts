import { narrate } from '../core/argos.js';
import type { Finding } from '../core/finding.js';
import { shortName } from '../core/names.js';
import type { Verdict } from '../core/verdict.js';
import { effectsOf } from '../core/effects.js';

/** A verdict for a terminal: Argos's narration, then the deductions with their evidence. */
export function verdictText(v: Verdict): string {
  const [opening, ...rest] = narrate(v);
  const lines = [`Argos: ${opening}`, ...rest.map((l) => `  ${l}`)];
  if (v.findings.length) {
    lines.push('', '  deduction  detector             severity  entity');
    for (const f of v.findings) {
      lines.push(
        `  ${`-${f.weight}`.padStart(9)}  ${f.detector.padEnd(19)}  ${f.severity.padEnd(8)}  ${shortName(f.entity)}`,
      );
      for (const e of evidenceLines(f)) lines.push(`             ${e}`);
    }
  }
  lines.push(
    '',
    `  ${v.model.urn}`,
    `  score ${v.score}/100 · ${v.band} · ${v.upstreamCount} upstream entities · ${v.datahub}`,
  );
  return lines.join('\n');
}

function evidenceLines(f: Finding): string[] {
  const e = f.evidence;
  // column chains (a leak's) are the evidence itself
  if (Array.isArray(e.chains)) return (e.chains as string[][]).map((c) => `chain: ${c.map(shortName).join(' → ')}`);
  const out = [f.message];
  const effects = effectsOf(f);
  for (const d of effects.listed) out.push(`also explains: ${shortName(d.entity)}`);
  if (effects.unlisted) out.push(`also explains: ${effects.unlisted} more downstream datasets`);
  return out;
}

/** What the summary table shows of a verdict: a scan keeps this, not the verdict. */
export interface SummaryRow {
  name: string;
  score: number;
  band: string;
  detectors: string;
}

export const summaryRow = (v: Verdict): SummaryRow => ({
  name: v.model.name,
  score: v.score,
  band: v.band,
  detectors: detectorCounts(v),
});

/** The detectors that found something, in finding order, each once: `freshness_lag ×1,118` where it found many. */
function detectorCounts(v: Verdict): string {
  // a handful of detectors over a thousand findings: a short list searched from its end beats a Map
  const counts: [string, number][] = [];
  for (const f of v.findings) {
    const at = counts.findLast((c) => c[0] === f.detector);
    if (at) at[1]++;
    else counts.push([f.detector, 1]);
  }
  return counts.map(([d, n]) => (n > 1 ? `${d} ×${n.toLocaleString('en-US')}` : d)).join(', ');
}

/** One line per model, for scans and the demo's summary. */
export function summaryTable(judged: (Verdict | SummaryRow)[]): string {
  const rows = judged.map((v) => ('model' in v ? summaryRow(v) : v));
  const width = rows.reduce((w, r) => Math.max(w, r.name.length), 5);
  const lines = rows.map(
    (r) => `  ${r.name.padEnd(width)}  ${String(r.score).padStart(5)}  ${r.band.padEnd(8)}  ${r.detectors || '-'}`,
  );
  return [`  ${'model'.padEnd(width)}  score  band      findings`, ...lines].join('\n');
}
