import { narrate } from '../core/argos.js';
import type { Finding } from '../core/finding.js';
import { shortName } from '../core/names.js';
import type { Verdict } from '../core/verdict.js';
import { effectsOf } from '../core/effects.js';
import { detectorCounts } from '../core/finding-counts.js';

/** How many findings the deduction table shows (worst first); the rest are counted, and `--json` lists them all. */
export const TABLED_FINDINGS = 25;
/** How many of the downstream datasets a root cause explains its evidence line names. */
const NAMED_EFFECTS = 3;
/** How many of a leak's column chains are drawn. */
const LISTED_CHAINS = 5;
const count = (n: number) => n.toLocaleString('en-US');

/** A verdict for a terminal: Argos's narration, then the deductions with their evidence. */
export function verdictText(v: Verdict): string {
  const [opening, ...rest] = narrate(v);
  const lines = [`Argos: ${opening}`, ...rest.map((l) => `  ${l}`)];
  if (v.findings.length) {
    lines.push('', '  deduction  detector             severity  entity');
    for (const f of v.findings.slice(0, TABLED_FINDINGS)) {
      lines.push(
        `  ${`-${f.weight}`.padStart(9)}  ${f.detector.padEnd(19)}  ${f.severity.padEnd(8)}  ${shortName(f.entity)}`,
      );
      for (const e of evidenceLines(f)) lines.push(`             ${e}`);
    }
    const rest = v.findings.slice(TABLED_FINDINGS);
    if (rest.length)
      lines.push(
        `             …and ${count(rest.length)} more ${rest.length === 1 ? 'finding' : 'findings'} (${detectorCounts(rest)}): \`janus trust ${v.model.name} --json\` lists every one.`,
      );
  }
  lines.push(
    '',
    `  ${v.model.urn}`,
    `  score ${v.score}/100 · ${v.band} · ${v.upstreamCount} upstream entities · ${v.datahub}`,
  );
  if (v.unread?.length) {
    const named = v.unread.slice(0, NAMED_EFFECTS).map((u) => `${shortName(u.urn)} (${u.error})`);
    const more = v.unread.length - named.length;
    lines.push(
      `  DataHub failed to answer for ${count(v.unread.length)} ${v.unread.length === 1 ? 'entity' : 'entities'} this judgment needed, judged without them: ${named.join(', ')}${more > 0 ? ` and ${count(more)} more` : ''}`,
    );
  }
  return lines.join('\n');
}

function evidenceLines(f: Finding): string[] {
  const e = f.evidence;
  // column chains (a leak's) are the evidence itself
  if (Array.isArray(e.chains)) {
    const chains = e.chains as string[][];
    const lines = chains.slice(0, LISTED_CHAINS).map((c) => `chain: ${c.map(shortName).join(' → ')}`);
    if (chains.length > LISTED_CHAINS) lines.push(`and ${count(chains.length - LISTED_CHAINS)} more chains`);
    return lines;
  }
  const out = [f.message];
  const { listed, datasets } = effectsOf(f);
  if (datasets) {
    const names = [...new Set(listed.map((d) => shortName(d.entity)))].slice(0, NAMED_EFFECTS);
    const more = datasets - names.length;
    const which = names.length ? `: ${names.join(', ')}${more > 0 ? ` and ${count(more)} more` : ''}` : '';
    out.push(`also explains ${count(datasets)} downstream ${datasets === 1 ? 'dataset' : 'datasets'}${which}`);
  }
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
  detectors: detectorCounts(v.findings),
});

/** One line per model, for scans and the demo's summary. */
export function summaryTable(judged: (Verdict | SummaryRow)[]): string {
  const rows = judged.map((v) => ('model' in v ? summaryRow(v) : v));
  const width = rows.reduce((w, r) => Math.max(w, r.name.length), 5);
  const lines = rows.map(
    (r) => `  ${r.name.padEnd(width)}  ${String(r.score).padStart(5)}  ${r.band.padEnd(8)}  ${r.detectors || '-'}`,
  );
  return [`  ${'model'.padEnd(width)}  score  band      findings`, ...lines].join('\n');
}
