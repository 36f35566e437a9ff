import { shortDate } from '../../core/acceptance/words.js';
import type { ModelSummary } from '../../history/index.js';
import type { Block } from './kit.js';
import { section } from './kit.js';
import { fitLines, listBlocks } from './list.js';
import { name, plain } from './mrkdwn.js';

/** Accepted findings a list names at most (the rest counted). */
const SHOWN = 10;

/** Each accepted finding of the latest judgments, a line: model, finding, who, until, why (docs/accepted-risk.md). */
export function acceptedLines(models: readonly ModelSummary[]): string[] {
  return models.flatMap((m) =>
    (m.accepted ?? []).map(
      (a) =>
        `:ok_hand: *${name(m.name)}*: ${a.detector.replace(/_/g, ' ')}, accepted by ${plain(a.by)} until ${shortDate(a.until)}: '${plain(a.reason)}'`,
    ),
  );
}

/** "Accepted risks (not counting)": a line each, or nothing when none is accepted. */
export function acceptedBlocks(models: readonly ModelSummary[], rest?: string): Block[] {
  const lines = acceptedLines(models);
  if (!lines.length) return [];
  const list = fitLines(lines, { rows: SHOWN, sections: 1 });
  return [
    section(`*Accepted risks, not counting* (${lines.length})`),
    ...listBlocks({ ...list, hidden: lines.length - list.shown }, ['accepted finding', 'accepted findings'], {
      label: rest ?? '`janus accepted <model>` lists them',
    }),
  ];
}
