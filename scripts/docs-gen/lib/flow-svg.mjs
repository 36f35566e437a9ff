// A column of boxes joined by arrows, as SVG (the architecture and the cycle on how-it-works.md): small enough to
// write by hand rather than lay out with a library. A column, not a row: it stays legible at a page's width.

const BOX_W = 470;
const BOX_H = 66;
const GAP = 26;
const PAD = 16;
/** Room on the right for a cycle's arrow back to the top, and its label. */
const LOOP_W = 150;

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `stages`: each `{title, lines, where}` (lines: two short ones, beside the title; where: the code, under them).
 * `loop`: a label for an arrow from the last box back to the first (a cycle). `title`: what the picture shows (the
 * SVG's title, for screen readers).
 */
export function flowSvg({ title, stages, loop }) {
  const width = PAD * 2 + BOX_W + (loop ? LOOP_W : 0);
  const height = PAD * 2 + stages.length * BOX_H + (stages.length - 1) * GAP;
  const x = PAD;
  const parts = [];
  stages.forEach((s, i) => {
    const y = PAD + i * (BOX_H + GAP);
    parts.push(
      `<rect x="${x}" y="${y}" width="${BOX_W}" height="${BOX_H}" rx="10" fill="#eef2ff" stroke="#4f46e5" stroke-width="1.5"/>`,
      `<text x="${x + 16}" y="${y + BOX_H / 2 + 6}" font-size="17" font-weight="700" fill="#1e1b4b">${esc(s.title)}</text>`,
      `<text x="${x + 140}" y="${y + 24}" font-size="13" fill="#374151">${esc(s.lines.join(' '))}</text>`,
      `<text x="${x + 140}" y="${y + 48}" font-size="12.5" font-family="ui-monospace, SFMono-Regular, Menlo, monospace" fill="#4338ca">${esc(s.where)}</text>`,
    );
    if (i < stages.length - 1)
      parts.push(
        `<line x1="${x + 60}" y1="${y + BOX_H + 2}" x2="${x + 60}" y2="${y + BOX_H + GAP - 4}" stroke="#4f46e5" stroke-width="2" marker-end="url(#arrow)"/>`,
      );
  });
  if (loop) {
    const right = x + BOX_W;
    const top = PAD + BOX_H / 2;
    const bottom = PAD + (stages.length - 1) * (BOX_H + GAP) + BOX_H / 2;
    parts.push(
      `<path d="M ${right + 2} ${bottom} H ${right + 30} V ${top} H ${right + 8}" fill="none" stroke="#9ca3af" stroke-width="2" stroke-dasharray="6 4" marker-end="url(#back)"/>`,
      ...loop
        .split('\n')
        .map(
          (l, i) =>
            `<text x="${right + 40}" y="${(top + bottom) / 2 + i * 17}" font-size="12.5" fill="#4b5563">${esc(l)}</text>`,
        ),
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="Inter, ui-sans-serif, system-ui, sans-serif">`,
    `<title>${esc(title)}</title>`,
    '<defs>',
    '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#4f46e5"/></marker>',
    '<marker id="back" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#9ca3af"/></marker>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="white"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
