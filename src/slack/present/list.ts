import { context, LIMITS, type Block } from './kit.js';
import { clip, count, link } from './mrkdwn.js';

/**
 * A list as Slack can show it whatever its length: whole lines packed into sections of at most 3,000 characters
 * (a line is never cut, so a link in it never breaks), at most `rows` lines in `sections` sections, and one line saying
 * exactly how many are not shown, linking to where the rest are. Pure.
 */

export interface FittedList {
  /** The sections' texts, each ≤ `LIMITS.sectionText`. */
  sections: string[];
  /** Lines shown, and lines not shown. */
  shown: number;
  hidden: number;
}

/**
 * A line too long for a section by itself is cut before any link or token it would split (`<…>`), then marked cut.
 * Janus's rows are far shorter; this keeps a pathological name from breaking the whole list.
 */
export function clipLine(line: string, max: number): string {
  if (line.length <= max) return line;
  let cut = clip(line, max).slice(0, -1);
  const open = cut.lastIndexOf('<');
  if (open > cut.lastIndexOf('>')) cut = cut.slice(0, open);
  return `${cut}…`;
}

export function fitLines(
  lines: readonly string[],
  opts: { rows?: number; sections?: number; max?: number } = {},
): FittedList {
  const max = opts.max ?? LIMITS.sectionText;
  const rows = opts.rows ?? lines.length;
  const room = opts.sections ?? 1;
  const sections: string[] = [];
  let current = '';
  let shown = 0;
  for (const raw of lines.slice(0, rows)) {
    const line = clipLine(raw, max);
    if (current && current.length + 1 + line.length <= max) current = `${current}\n${line}`;
    else if (!current) current = line;
    else {
      if (sections.length + 1 >= room) break;
      sections.push(current);
      current = line;
    }
    shown++;
  }
  if (current) sections.push(current);
  return { sections, shown, hidden: lines.length - shown };
}

/** "…and 29 more models: the report lists them." (a context block), or nothing when everything is shown. */
export function moreLine(hidden: number, what: [one: string, many: string], rest?: { url?: string; label: string }) {
  if (hidden <= 0) return [];
  const where = rest ? `: ${rest.url ? link(rest.url, rest.label) : rest.label}` : '.';
  return [context(`…and ${count(hidden, `more ${what[0]}`, `more ${what[1]}`)}${where}`)];
}

/** The list's sections as blocks, then its "…and N more" line. */
export function listBlocks(
  fitted: FittedList,
  what: [one: string, many: string],
  rest?: { url?: string; label: string },
): Block[] {
  return [
    ...fitted.sections.map((text): Block => ({ type: 'section', text: { type: 'mrkdwn', text } })),
    ...moreLine(fitted.hidden, what, rest),
  ];
}
