import type { Band } from '../../core/score.js';
import type { Progress } from '../../core/progress.js';

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

export interface ScanTally {
  bands: Band[];
  /** The catalog read's last progress (`--all` only). */
  read?: Progress;
  planned: number;
  applied: number;
  failed: number;
  dryRun: boolean;
  ms: number;
}

/** The one line `janus scan` ends with on stderr, whatever its output format. */
export function scanSummary(t: ScanTally): string {
  const atRisk = t.bands.filter((b) => b === 'at_risk').length;
  const judged = `${plural(t.bands.length, 'model')} judged (${n(atRisk)} at risk)`;
  const read = t.read ? `, ${plural(t.read.done, 'entity', 'entities')} read` : '';
  const writes = t.dryRun
    ? `${plural(t.planned, 'write')} planned, nothing written`
    : `${plural(t.applied, 'write')} applied, ${n(t.failed)} failed`;
  return `janus scan: ${judged}${read}; ${writes}; ${(t.ms / 1000).toFixed(1)}s`;
}

/** The one line `janus gate` ends with on stderr, whatever its format: nothing in it varies from run to run. */
export function gateSummary(t: { passed: number; blocked: number; notJudged: number }): string {
  const judged = t.passed + t.blocked;
  const parts = [`${plural(judged, 'model')} judged: ${n(t.blocked)} blocked, ${n(t.passed)} passed`];
  if (t.notJudged) parts.push(`${n(t.notJudged)} not judged (DataHub could not be read)`);
  return `janus gate: ${parts.join('; ')}`;
}
