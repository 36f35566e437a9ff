// A row of boxes joined by arrows, as SVG (the architecture and the cycle on how-it-works.md): small enough to write
// by hand rather than lay out with a library.

const BOX_W = 200;
const BOX_H = 104;
const GAP = 36;
const PAD = 16;
const LINE = 16;

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `stages`: each `{title, lines, where}` (lines: two short ones under the title; where: the code, at the bottom). `loop`: a label for an arrow
 * from the last box back to the first (a cycle). `title`: what the picture shows (the SVG's title, for screen readers).
 */
export function flowSvg({ title, stages, loop }) {
  const width = PAD * 2 + stages.length * BOX_W + (stages.length - 1) * GAP;
  const top = PAD;
  const height = top + BOX_H + (loop ? 56 : PAD);
  const parts = [];
  stages.forEach((s, i) => {
    const x = PAD + i * (BOX_W + GAP);
    parts.push(
      `<rect x="${x}" y="${top}" width="${BOX_W}" height="${BOX_H}" rx="10" fill="#eef2ff" stroke="#4f46e5" stroke-width="1.5"/>`,
      `<text x="${x + BOX_W / 2}" y="${top + 26}" text-anchor="middle" font-size="16" font-weight="700" fill="#1e1b4b">${esc(s.title)}</text>`,
      ...s.lines.map(
        (l, j) =>
          `<text x="${x + BOX_W / 2}" y="${top + 50 + j * LINE}" text-anchor="middle" font-size="11.5" fill="#374151">${esc(l)}</text>`,
      ),
      `<text x="${x + BOX_W / 2}" y="${top + BOX_H - 12}" text-anchor="middle" font-size="11" font-family="ui-monospace, SFMono-Regular, Menlo, monospace" fill="#4338ca">${esc(s.where)}</text>`,
    );
    if (i < stages.length - 1) {
      const ax = x + BOX_W + 4;
      parts.push(
        `<line x1="${ax}" y1="${top + BOX_H / 2}" x2="${ax + GAP - 10}" y2="${top + BOX_H / 2}" stroke="#4f46e5" stroke-width="2" marker-end="url(#arrow)"/>`,
      );
    }
  });
  if (loop) {
    const y = top + BOX_H;
    const x1 = PAD + (stages.length - 1) * (BOX_W + GAP) + BOX_W / 2;
    const x0 = PAD + BOX_W / 2;
    parts.push(
      `<path d="M ${x1} ${y + 2} V ${y + 30} H ${x0} V ${y + 10}" fill="none" stroke="#9ca3af" stroke-width="2" stroke-dasharray="6 4" marker-end="url(#back)"/>`,
      `<text x="${(x0 + x1) / 2}" y="${y + 48}" text-anchor="middle" font-size="12" fill="#4b5563">${esc(loop)}</text>`,
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
