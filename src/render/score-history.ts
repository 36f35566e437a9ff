import type { ModelRef } from '../core/verdict.js';
import type { ScoreEntry } from '../history/verdict-history.js';

/** A past judgment with its score's change since the judgment before it (null when none is known). */
export interface ScoreChange extends ScoreEntry {
  change: number | null;
}

/** `entries` newest first; `older` is the judgment just before the oldest of them, if any. */
export function withChanges(entries: readonly ScoreEntry[], older?: ScoreEntry): ScoreChange[] {
  return entries.map((e, i) => {
    const before = entries[i + 1] ?? older;
    return { ...e, change: before ? e.score - before.score : null };
  });
}

export const scoreHistoryJson = (model: ModelRef, entries: readonly ScoreChange[]) => ({
  model: { urn: model.urn, name: model.name },
  entries,
});

const BARS = '▁▂▃▄▅▆▇█';

/** Scores (0 to 100), oldest first, as one bar each. */
export const sparkline = (scores: readonly number[]): string =>
  scores.map((s) => BARS[Math.min(BARS.length - 1, Math.floor((Math.max(0, s) / 100) * BARS.length))]).join('');

const signed = (n: number | null) => (n === null ? '' : n > 0 ? `+${n}` : String(n));

/** A table, newest first (time, score, band, change), and the trend oldest → newest. */
export function scoreHistoryText(model: ModelRef, entries: readonly ScoreChange[]): string {
  if (!entries.length) return `no scans recorded for ${model.name} (${model.urn})`;
  const rows = entries.map(
    (e) =>
      `  ${e.scannedAt.padEnd(24)}  ${String(e.score).padStart(5)}  ${e.band.padEnd(8)}  ${signed(e.change).padStart(6)}`,
  );
  const oldestFirst = [...entries].reverse();
  const trend = `trend: ${sparkline(oldestFirst.map((e) => e.score))}  ${oldestFirst[0]!.score} → ${entries[0]!.score} over ${entries.length} scan${entries.length === 1 ? '' : 's'}`;
  return [
    `${model.name}  ${model.urn}`,
    `  ${'scanned at'.padEnd(24)}  score  band      change`,
    ...rows.map((r) => r.trimEnd()),
    trend,
  ].join('\n');
}
