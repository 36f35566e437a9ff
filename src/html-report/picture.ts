import { z } from 'zod';
import type { Stroke } from '../core/detectors/detector.js';
import { detectorNamed } from '../core/detectors/registered.js';
import { severityRank, type Finding, type Severity } from '../core/finding.js';
import type { UpstreamGraph } from '../core/graph.js';
import { shortName } from '../core/names.js';
import type { Verdict } from '../core/verdict.js';
import { parseUrn } from '@janus/datahub-sim/urn';

/**
 * What the report's lineage picture shows, before any geometry: the judged model, and for each finding the
 * way its trouble reaches the model (the leak's column chains; the path from a failed or stale dataset).
 */
export type PictureNodeKind = 'model' | 'feature' | 'dataset' | 'column' | 'job' | 'other';

export interface PictureNode {
  /** Entity or schemaField urn. */
  id: string;
  kind: PictureNodeKind;
  /** The name people read (`shortName`; a column's field path). */
  title: string;
  /** What it is, and where: `dataset · snowflake`, `column · fct_transactions`. */
  subtitle: string;
  /** The worst severity of the findings that point at it; undefined: only on the way. */
  severity?: Severity;
  /** Why it is drawn: `shared ancestor`, `label`, `failed run`, `stale`... */
  tags: string[];
}

/** Data flows `from` → `to` (upstream to downstream). */
export interface PictureEdge {
  from: string;
  to: string;
  severity?: Severity;
  /** No lineage was read between the two (no graph given, or no path in it): drawn dashed. */
  inferred: boolean;
}

export interface Picture {
  /** The judged model. */
  focus: string;
  nodes: PictureNode[];
  edges: PictureEdge[];
}

const leakEvidence = z.object({
  feature: z.string(),
  label: z.string(),
  sharedAncestor: z.string().optional(),
  chains: z.array(z.array(z.string()).min(1)).min(1),
});
const effectsEvidence = z.object({ downstreamEffects: z.array(z.object({ entity: z.string() })) });

/** The picture of a verdict; with the model's upstream graph, paths follow the real lineage (shortest path). */
export function lineagePicture(v: Verdict, graph?: UpstreamGraph): Picture {
  const b = builder(v.model.urn, graph);
  for (const f of v.findings) drawFinding(b, f);
  if (!b.edges.size && graph) for (const up of graph.upstreams[v.model.urn] ?? []) b.link(up, v.model.urn);
  return { focus: v.model.urn, nodes: [...b.nodes.values()], edges: [...b.edges.values()] };
}

type Builder = ReturnType<typeof builder>;

function drawFinding(b: Builder, f: Finding): void {
  const sev = f.severity;
  for (const stroke of detectorNamed(f.detector)?.phrasing.picture(f) ?? []) draw(b, stroke, sev);
  const effects = effectsEvidence.safeParse(f.evidence);
  if (effects.success) for (const { entity } of effects.data.downstreamEffects) b.effect(f.entity, entity, sev);
}

/** One stroke of a detector's drawing (its phrasing), in the finding's severity. */
function draw(b: Builder, stroke: Stroke, sev: Severity): void {
  if ('trouble' in stroke) return b.trouble(stroke.trouble, sev, stroke.tag);
  if ('mark' in stroke) return b.mark(stroke.mark, sev, stroke.tag);
  if ('link' in stroke) return b.link(stroke.link, stroke.to, sev);
  const leak = leakEvidence.safeParse(stroke.chains);
  return leak.success ? drawLeak(b, leak.data, sev) : draw(b, stroke.otherwise, sev);
}

/** Each chain runs feature column → (upstream) → shared ancestor → (downstream) → label column. */
function drawLeak(b: Builder, e: z.infer<typeof leakEvidence>, sev: Severity): void {
  for (const chain of e.chains) {
    const meet = meetIndex(chain, e.sharedAncestor, b.graph);
    for (let i = 0; i < meet; i++) b.link(chain[i + 1]!, chain[i]!, sev);
    for (let i = meet; i < chain.length - 1; i++) b.link(chain[i]!, chain[i + 1]!, sev);
    b.mark(chain[meet]!, sev, 'shared ancestor');
    b.link(chain[0]!, e.feature, sev);
  }
  b.trouble(e.feature, sev, 'leaking feature');
  b.mark(e.label, undefined, 'label');
  b.link(e.label, b.focus, sev);
}

/**
 * Where a chain turns from walking upstream to walking downstream. With the graph, the first column whose
 * next column is not one of its upstreams; without it, the shared ancestor the evidence names (exact for the
 * first chain), else the label itself.
 */
function meetIndex(chain: string[], shared: string | undefined, graph: UpstreamGraph | undefined): number {
  if (graph) {
    const turn = chain.findIndex(
      (col, i) => i < chain.length - 1 && !(graph.columnUpstreams[col] ?? []).includes(chain[i + 1]!),
    );
    return turn === -1 ? chain.length - 1 : turn;
  }
  const at = shared ? chain.indexOf(shared) : -1;
  return at === -1 ? chain.length - 1 : at;
}

function builder(focus: string, graph: UpstreamGraph | undefined) {
  const nodes = new Map<string, PictureNode>();
  const edges = new Map<string, PictureEdge>();
  const add = (id: string): PictureNode => {
    let n = nodes.get(id);
    if (!n) nodes.set(id, (n = describe(id, graph)));
    return n;
  };
  add(focus);
  const api = {
    focus,
    graph,
    nodes,
    edges,
    mark(id: string, severity: Severity | undefined, tag: string) {
      const n = add(id);
      n.severity = worse(n.severity, severity);
      if (!n.tags.includes(tag)) n.tags.push(tag);
    },
    link(from: string, to: string, severity?: Severity, inferred = false) {
      if (from === to) return;
      add(from);
      add(to);
      const key = `${from}\n${to}`;
      const old = edges.get(key);
      edges.set(key, {
        from,
        to,
        severity: worse(old?.severity, severity),
        inferred: (old?.inferred ?? true) && inferred,
      });
    },
    /** Marks an offending entity and draws how it reaches the model. */
    trouble(id: string, severity: Severity, tag: string) {
      api.mark(id, severity, tag);
      api.path(id, focus, severity);
    },
    /** A finding folded into a root cause: drawn on the way from the root, lighter. */
    effect(root: string, id: string, severity: Severity) {
      api.mark(id, undefined, 'affected');
      api.path(root, id, severity);
      api.path(id, focus, severity);
    },
    /** The shortest lineage path from `up` down to `down`, or a dashed edge when none was read. */
    path(up: string, down: string, severity: Severity) {
      if (up === down) return;
      const path = graph ? upstreamPath(graph, down, up) : undefined;
      if (!path) return api.link(up, down, severity, true);
      for (let i = path.length - 1; i > 0; i--) api.link(path[i]!, path[i - 1]!, severity);
    },
  };
  return api;
}

/** `[from, ..., to]` following `graph.upstreams` breadth first (the shortest path), or undefined. */
export function upstreamPath(graph: UpstreamGraph, from: string, to: string): string[] | undefined {
  const parent = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const u = queue.shift()!;
    if (u === to) {
      const path = [u];
      for (let p = u; p !== from;) path.unshift((p = parent.get(p)!));
      return path;
    }
    for (const up of graph.upstreams[u] ?? []) {
      if (parent.has(up)) continue;
      parent.set(up, u);
      queue.push(up);
    }
  }
  return undefined;
}

function describe(id: string, graph: UpstreamGraph | undefined): PictureNode {
  const p = parseUrn(id);
  const type = p?.entityType;
  const part = (i: number) => (p?.parts[i] ? shortName(p.parts[i]!) : '');
  switch (type) {
    case 'schemaField':
      return node(id, 'column', p!.parts.slice(1).join(','), `column · ${part(0)}`);
    case 'dataset':
      return node(id, 'dataset', shortName(id), `dataset · ${part(0)}`);
    case 'mlModel':
      return node(id, 'model', shortName(id), `model · ${part(0)}`);
    case 'mlFeature':
      return node(id, 'feature', shortName(id), `feature · ${p!.parts.length > 1 ? p!.parts[0] : 'ml'}`);
    case 'dataJob':
      return node(id, 'job', shortName(id), `job · ${part(0)}`);
    default:
      return node(id, 'other', graph?.nodes[id]?.name ?? shortName(id), type ?? 'entity');
  }
}

const node = (id: string, kind: PictureNodeKind, title: string, subtitle: string): PictureNode => ({
  id,
  kind,
  title,
  subtitle,
  tags: [],
});

function worse(a: Severity | undefined, b: Severity | undefined): Severity | undefined {
  if (!a) return b;
  if (!b) return a;
  return severityRank(b) > severityRank(a) ? b : a;
}
