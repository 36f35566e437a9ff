import { shortName } from '../../core/names.js';
import type { ModelRead, Progress, ProgressPhase } from '../../core/progress.js';

const LABEL: Record<ProgressPhase, string> = { read: 'read', judge: 'judge', plan: 'plan', write: 'write' };
// the plan's: entities whose write-back state is read
const UNIT: Record<ProgressPhase, string> = { read: 'entities', judge: 'models', plan: 'entities', write: 'writes' };
const BAR = 16;

const n = (x: number) => x.toLocaleString('en-US');

/** Seconds as people read them: 9s, 1m05s, 2h03m. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

// the blast radius: datasets whose models below are read (no unit: the line fits 80 columns with a short name)
const modelRead = (r: ModelRead) =>
  r.what === 'upstream' ? `${n(r.done)}/${n(r.total)} entities read` : `blast radius ${n(r.done)}/${n(r.total)}`;

/**
 * One phase's live line: a bar, done/total, the rate since the phase began and the time left at that rate. The read's
 * total grows level by level, so its time left is a lower bound (≥). Models judged one at a time show the read of the
 * one being judged (entities read of those its scroll has found so far, then its blast radius: the datasets it found
 * offending whose models below are read). Pure: `elapsedMs` since the phase began (once the phase is done, until its
 * last step: the rate stays what it was).
 */
export function progressLine(p: Progress, elapsedMs: number, width = 80): string {
  const total = p.total;
  const filled = Math.round((total ? Math.min(1, p.done / total) : 0) * BAR);
  const bar = `${LABEL[p.phase].padEnd(6)}${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}`;
  const parts = [`${n(p.done)}${total !== undefined ? `/${n(total)}` : ''} ${UNIT[p.phase]}`];
  if (p.pages) parts.push(`page ${n(p.pages.done)}${p.pages.total ? `/${n(p.pages.total)}` : ''}`);
  if (p.reading) parts.push(`${shortName(p.reading.model)}: ${modelRead(p.reading)}`);
  if (p.failures) parts.push(`${n(p.failures)} failed`);
  const rate = elapsedMs > 0 ? (p.done * 1000) / elapsedMs : 0;
  // a model being read before any is judged: no rate of models yet, its read is what moves
  if ((elapsedMs >= 1000 && !p.reading) || p.done)
    parts.push(`${rate >= 10 ? n(Math.round(rate)) : rate.toFixed(1)}/s`);
  if (total !== undefined && p.done < total && rate > 0)
    parts.push(`ETA ${p.phase === 'read' ? '≥' : ''}${duration((total - p.done) / rate)}`);
  const line = `${bar} ${parts.join(' · ')}`;
  // one column short of the terminal's width: a line that wraps can no longer be redrawn in place
  return line.length < width ? line : `${line.slice(0, Math.max(0, width - 2))}…`;
}
