/** A part of a Markdown document that may be cut short: its heading lines, then items, each whole or not at all. */
export interface MarkdownSection {
  /** Lines before the items (a heading, a table's header). */
  head: string[];
  items: string[];
  /** Lines after the items (a note), kept with the section. */
  tail?: string[];
  /** What the items are, counted (`312 more models`) when some are left out. */
  more: (n: number) => string;
}

/** GitHub's limit on a comment's body, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

const joined = (lines: string[]) => lines.reduce((n, l) => n + l.length + 1, 0);
const sectionLines = (s: MarkdownSection, items: string[], moreLine?: string) => [
  '',
  ...s.head,
  ...items,
  ...(moreLine ? ['', moreLine] : []),
  ...(s.tail ?? []),
];

/**
 * The document within `max` characters: the first lines whole, then each section's items as many as fit, the sections
 * filled in the order of `priority` (indexes into `sections`) and printed in their own order. A section cut short
 * ends with a line saying how many items are not shown and where the full report is. Whole when it fits.
 */
export function withinBudget(
  first: string[],
  sections: MarkdownSection[],
  max: number,
  fullReport: string,
  priority: number[] = sections.map((_, i) => i),
): string {
  const whole = [...first, ...sections.flatMap((s) => sectionLines(s, s.items))];
  if (joined(whole) <= max) return `${whole.join('\n')}\n`;
  const moreLine = (s: MarkdownSection, n: number) => `_… ${s.more(n)} not shown; the full report: ${fullReport}_`;
  // every section's frame, and room for its line of what is left out, first: the items share what remains
  let room =
    max - joined(first) - sections.reduce((n, s) => n + joined(sectionLines(s, [], moreLine(s, s.items.length))), 0);
  const kept = sections.map(() => 0);
  for (const i of priority) {
    const s = sections[i]!;
    while (kept[i]! < s.items.length && s.items[kept[i]!]!.length + 1 <= room) room -= s.items[kept[i]!++]!.length + 1;
  }
  const lines = [
    ...first,
    ...sections.flatMap((s, i) => {
      const left = s.items.length - kept[i]!;
      return sectionLines(s, s.items.slice(0, kept[i]), left ? moreLine(s, left) : undefined);
    }),
  ];
  return `${lines.join('\n')}\n`;
}
