import type { Severity } from '../core/finding.js';
import { esc } from './escape.js';
import type { Layout, PlacedEdge, PlacedNode } from './layout.js';
import { METRICS } from './layout.js';
import { FONT, NEUTRAL, SEVERITY_SWATCH, type Swatch } from './palette.js';

export interface SvgOptions {
  /** Accessible name of the picture. */
  title: string;
  /** A node's link (its DataHub page), if any. */
  href?: (urn: string) => string | undefined;
}

/** A laid-out lineage picture as inline SVG: presentation attributes only, so it reads the same anywhere. */
export function lineageSvg(layout: Layout, opts: SvgOptions): string {
  const severities = [...new Set(layout.edges.map((e) => e.severity ?? 'none'))].sort();
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="lineage" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" style="min-width:${Math.round(layout.width * MIN_SCALE)}px;aspect-ratio:${layout.width}/${layout.height}" role="img" aria-labelledby="lineage-title" font-family="${esc(FONT)}">`,
    `<title id="lineage-title">${esc(opts.title)}</title>`,
    `<defs>${severities.map(marker).join('')}</defs>`,
    `<g class="edges">${layout.edges.map(edge).join('')}</g>`,
    `<g class="nodes">${layout.nodes.map((n) => node(n, opts.href?.(n.id))).join('')}</g>`,
    '</svg>',
  ].join('\n');
}

/** The page shrinks a wide picture to fit, but not below this share of its size: past it, the picture scrolls. */
const MIN_SCALE = 0.75;

const r = (n: number) => String(Math.round(n * 10) / 10);
const ink = (s: Severity | 'none' | undefined) => (s && s !== 'none' ? SEVERITY_SWATCH[s].ink : NEUTRAL.line);

function marker(s: Severity | 'none'): string {
  return `<marker id="arrow-${s}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${ink(s)}"/></marker>`;
}

/** Curves between columns, straight runs through the waypoints inside a column. */
function edge(e: PlacedEdge): string {
  const [first, ...rest] = e.points;
  let d = `M${r(first![0])},${r(first![1])}`;
  let prev = first!;
  rest.forEach((p, i) => {
    const inColumn = i % 2 === 1 && i < rest.length - 1;
    const dx = (p[0] - prev[0]) / 2;
    d += inColumn
      ? ` L${r(p[0])},${r(p[1])}`
      : ` C${r(prev[0] + dx)},${r(prev[1])} ${r(p[0] - dx)},${r(p[1])} ${r(p[0])},${r(p[1])}`;
    prev = p;
  });
  const sev = e.severity ?? 'none';
  const dash = e.inferred ? ' stroke-dasharray="6 5"' : '';
  const width = e.severity ? 2 : 1.5;
  return `<path class="edge" data-from="${esc(e.from)}" data-to="${esc(e.to)}" d="${d}" fill="none" stroke="${ink(sev)}" stroke-width="${width}"${dash} marker-end="url(#arrow-${sev})"/>`;
}

function node(n: PlacedNode, href: string | undefined): string {
  const model = n.kind === 'model';
  const swatch = n.severity ? SEVERITY_SWATCH[n.severity] : undefined;
  const fill = model ? NEUTRAL.ink : (swatch?.fill ?? NEUTRAL.paper);
  const stroke = swatch?.ink ?? (model ? NEUTRAL.ink : NEUTRAL.border);
  const strokeWidth = swatch ? (model ? 3 : 2) : 1;
  const text = model ? NEUTRAL.paper : NEUTRAL.ink;
  const sub = model ? NEUTRAL.border : NEUTRAL.muted;
  const body = [
    `<rect x="${r(n.x)}" y="${r(n.y)}" width="${r(n.w)}" height="${r(n.h)}" rx="8" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
    `<text x="${r(n.x + 14)}" y="${r(n.y + 27)}" font-size="13" font-weight="600" fill="${text}">${esc(n.label)}</text>`,
    `<text x="${r(n.x + 14)}" y="${r(n.y + 43)}" font-size="11" fill="${sub}">${esc(n.sublabel)}</text>`,
  ].join('');
  const linked = href ? `<a href="${esc(href)}" target="_blank" rel="noopener noreferrer">${body}</a>` : body;
  const severity = n.severity ? ` data-severity="${n.severity}"` : '';
  return `<g class="node node-${n.kind}" data-urn="${esc(n.id)}"${severity}><title>${esc(`${n.title} (${n.subtitle})\n${n.id}`)}</title>${linked}${tags(n, swatch)}</g>`;
}

/** Pills on the box's top edge: why the node is drawn. */
function tags(n: PlacedNode, swatch: Swatch | undefined): string {
  let x = n.x + 10;
  return n.tags
    .map((tag) => {
      const colours =
        tag === 'label'
          ? NEUTRAL.label
          : tag === 'affected' || !swatch
            ? { ink: NEUTRAL.muted, fill: '#f2f4f7' }
            : swatch;
      const w = tag.length * METRICS.tagPx + METRICS.tagPadding;
      const pill = `<g class="tag"><rect x="${r(x)}" y="${r(n.y - 9)}" width="${r(w)}" height="17" rx="8.5" fill="${colours.fill}" stroke="${colours.ink}" stroke-width="1"/><text x="${r(x + w / 2)}" y="${r(n.y + 3)}" font-size="10.5" font-weight="600" text-anchor="middle" fill="${colours.ink}">${esc(tag)}</text></g>`;
      x += w + METRICS.tagGap;
      return pill;
    })
    .join('');
}
