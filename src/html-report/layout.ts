import type { Picture, PictureEdge, PictureNode } from './picture.js';

/**
 * Geometry of a lineage picture, pure: nodes in columns by their distance from the model (the model on the
 * right, sources on the left), stacked without overlap; an edge that skips columns passes through a waypoint
 * in each column it crosses, so it never runs under a box.
 */
export interface PlacedNode extends PictureNode {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Columns from the model (0: the model's column). */
  distance: number;
  /** Title and subtitle as drawn (shortened when long; the full names are in the tooltip). */
  label: string;
  sublabel: string;
}

export interface PlacedEdge extends PictureEdge {
  /** From the upstream box's right side, through the waypoints, to the downstream box's left side. */
  points: Array<[number, number]>;
}

export interface Layout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

export const METRICS = {
  margin: 20,
  /** Room above the top row for tag pills. */
  top: 34,
  nodeHeight: 52,
  rowGap: 34,
  waypointHeight: 6,
  columnGap: 60,
  minWidth: 132,
  maxTitleChars: 30,
  maxSubtitleChars: 36,
  /** Text width estimates (px per character) for the fonts the SVG uses; generous so text stays inside. */
  titlePx: 7.9,
  subtitlePx: 6.6,
  tagPx: 6.3,
  tagPadding: 14,
  tagGap: 6,
  padding: 28,
} as const;
export type Metrics = typeof METRICS;

interface Slot {
  id: string;
  /** Undefined: a waypoint, where an edge crosses a column. */
  node?: PictureNode;
  /** Slots in the next column to the right this one feeds. */
  down: string[];
  order: number;
}

interface Waypoint {
  id: string;
  layer: number;
}

export function layoutPicture(p: Picture, m: Metrics = METRICS): Layout {
  const { byLayer, routes } = slotsOf(p, distances(p));
  orderColumns(byLayer);
  const { colX, colWidth } = columnsOf(byLayer, m);
  const { placed, waypointY, tallest } = stack(byLayer, colX, colWidth, m);

  const edges = p.edges.map((e, i): PlacedEdge => {
    const from = placed.get(e.from)!;
    const to = placed.get(e.to)!;
    const points: Array<[number, number]> = [[from.x + from.w, mid(from)]];
    for (const { id, layer } of routes[i]!)
      points.push([colX[layer]!, waypointY.get(id)!], [colX[layer]! + colWidth[layer]!, waypointY.get(id)!]);
    points.push([to.x, mid(to)]);
    return { ...e, points };
  });
  spreadPorts(edges, placed);

  return {
    width: Math.ceil(m.margin * 2 + colWidth.reduce((a, b) => a + b, 0) + m.columnGap * (byLayer.length - 1)),
    height: Math.ceil(m.top + tallest + m.margin),
    nodes: p.nodes.map((n) => placed.get(n.id)!),
    edges,
  };
}

/** A slot per node in its column, and a waypoint in every column an edge crosses. */
function slotsOf(p: Picture, distance: Map<string, number>): { byLayer: Slot[][]; routes: Waypoint[][] } {
  const slots = new Map<string, Slot>();
  const byLayer: Slot[][] = [];
  const put = (id: string, layer: number, node?: PictureNode) => {
    const s: Slot = { id, down: [], order: slots.size, ...(node ? { node } : {}) };
    slots.set(id, s);
    (byLayer[layer] ??= []).push(s);
  };
  for (const n of p.nodes) put(n.id, distance.get(n.id)!, n);
  const routes = p.edges.map((e, i) => {
    const via: Waypoint[] = [];
    for (let layer = distance.get(e.from)! - 1; layer > distance.get(e.to)!; layer--) {
      via.push({ id: `waypoint:${i}:${layer}`, layer });
      put(`waypoint:${i}:${layer}`, layer);
    }
    const chain = [e.from, ...via.map((w) => w.id), e.to];
    for (let k = 0; k < chain.length - 1; k++) slots.get(chain[k]!)!.down.push(chain[k + 1]!);
    return via;
  });
  return { byLayer, routes };
}

/** Column widths (the widest box in each) and their left edges, the model's column last. */
function columnsOf(byLayer: Slot[][], m: Metrics): { colX: number[]; colWidth: number[] } {
  const colWidth = byLayer.map((col) => Math.max(m.minWidth, ...col.map((s) => (s.node ? nodeWidth(s.node, m) : 0))));
  const colX: number[] = [];
  for (let layer = byLayer.length - 1, x = m.margin; layer >= 0; layer--) {
    colX[layer] = x;
    x += colWidth[layer]! + m.columnGap;
  }
  return { colX, colWidth };
}

/** Stacks each column top to bottom, centred on the tallest one. */
function stack(byLayer: Slot[][], colX: number[], colWidth: number[], m: Metrics) {
  const height = (s: Slot) => (s.node ? m.nodeHeight : m.waypointHeight);
  const gap = (a: Slot, b: Slot) => (a.node && b.node ? m.rowGap : m.rowGap / 2);
  const colHeight = byLayer.map((col) => col.reduce((h, s, i) => h + height(s) + (i ? gap(col[i - 1]!, s) : 0), 0));
  const tallest = Math.max(...colHeight);
  const placed = new Map<string, PlacedNode>();
  const waypointY = new Map<string, number>();
  byLayer.forEach((col, layer) => {
    let y = m.top + (tallest - colHeight[layer]!) / 2;
    col.forEach((s, i) => {
      if (i) y += gap(col[i - 1]!, s);
      if (s.node) placed.set(s.id, place(s.node, colX[layer]!, y, colWidth[layer]!, layer, m));
      else waypointY.set(s.id, y + m.waypointHeight / 2);
      y += height(s);
    });
  });
  return { placed, waypointY, tallest };
}

/**
 * Columns from the model: the longest path from each node down to the model, so every edge points right.
 * Cycles (lineage can have them) stop growing after as many rounds as there are nodes; the values are then
 * compacted so no column is empty.
 */
function distances(p: Picture): Map<string, number> {
  const d = new Map<string, number>([[p.focus, 0]]);
  for (let round = 0; round < p.nodes.length; round++) {
    let changed = false;
    for (const e of p.edges) {
      const below = d.get(e.to);
      if (below === undefined || e.from === p.focus) continue;
      if ((d.get(e.from) ?? -1) < below + 1) {
        d.set(e.from, below + 1);
        changed = true;
      }
    }
    if (!changed) break;
  }
  for (const n of p.nodes) if (!d.has(n.id)) d.set(n.id, 1);
  const rank = new Map([...new Set(d.values())].sort((a, b) => a - b).map((v, i) => [v, i]));
  return new Map([...d].map(([id, v]) => [id, rank.get(v)!]));
}

/** Orders each column by the mean position of what it feeds in the column to its right (fewer crossings). */
function orderColumns(byLayer: Slot[][]): void {
  const position = new Map<string, number>();
  for (const col of byLayer) {
    const key = (s: Slot) => {
      const known = s.down.map((id) => position.get(id)).filter((x): x is number => x !== undefined);
      return known.length ? known.reduce((a, b) => a + b, 0) / known.length : Number.MAX_SAFE_INTEGER;
    };
    const keys = new Map(col.map((s) => [s, key(s)]));
    col.sort((a, b) => keys.get(a)! - keys.get(b)! || a.order - b.order);
    col.forEach((s, i) => position.set(s.id, i));
  }
}

/** Several edges meeting one side of a box fan out a little, in the order they arrive, instead of piling up. */
function spreadPorts(edges: PlacedEdge[], placed: Map<string, PlacedNode>): void {
  const spread = (list: Array<{ edge: PlacedEdge; end: number; other: number }>, node: PlacedNode) => {
    list.sort((a, b) => a.other - b.other);
    const step = list.length > 1 ? Math.min(10, (node.h - 16) / (list.length - 1)) : 0;
    list.forEach(({ edge, end }, i) => (edge.points[end]![1] = mid(node) + (i - (list.length - 1) / 2) * step));
  };
  for (const node of placed.values()) {
    const incoming = edges
      .filter((e) => e.to === node.id)
      .map((edge) => ({ edge, end: edge.points.length - 1, other: edge.points.at(-2)![1] }));
    const outgoing = edges
      .filter((e) => e.from === node.id)
      .map((edge) => ({ edge, end: 0, other: edge.points[1]![1] }));
    spread(incoming, node);
    spread(outgoing, node);
  }
}

const mid = (n: PlacedNode) => n.y + n.h / 2;

/** Every box of a column takes the column's width: aligned edges read as one step of the lineage. */
function place(n: PictureNode, x: number, y: number, w: number, distance: number, m: Metrics): PlacedNode {
  return {
    ...n,
    x,
    y,
    w,
    h: m.nodeHeight,
    distance,
    label: shorten(n.title, m.maxTitleChars),
    sublabel: shorten(n.subtitle, m.maxSubtitleChars),
  };
}

function nodeWidth(n: PictureNode, m: Metrics): number {
  const text =
    Math.max(
      shorten(n.title, m.maxTitleChars).length * m.titlePx,
      shorten(n.subtitle, m.maxSubtitleChars).length * m.subtitlePx,
    ) + m.padding;
  const tags = n.tags.reduce((w, t) => w + t.length * m.tagPx + m.tagPadding + m.tagGap, 0) + 12;
  return Math.ceil(Math.max(m.minWidth, text, tags));
}

/** Long names keep their start and end: `very_long_feature…_30d`. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) * 0.6);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}
