import { SimError } from '../schema/errors.js';
import { platformOf } from '../urn.js';
import { urnTypeOf } from '../store/aspect-values.js';
import type { GraphEdge } from './edges.js';
import type { LineageEdges } from './lineage-edges.js';
import { LineagePaths, viaPaths } from './lineage-paths.js';
import { lineageHit, type LineageHit } from './lineage-hit.js';
import { oneHop } from './lineage-one-hop.js';
import { LineageEdgeFilter, type EdgeDirection, type LineageDirection } from './lineage-registry.js';
import { inTimeWindow, timeWindowOf, type TimeWindow } from './lineage-time-window.js';

/** `lineageFlags.ignoreAsHops`: entity type (urn segment) and optional platform urns. */
export interface IgnoreAsHop {
  entityType: string;
  platforms: string[];
}

export interface WalkOptions {
  direction: LineageDirection;
  maxHops: number;
  /** Re-traverse nodes reached before to collect every route (GMS multi-path search; off by default). */
  multiPath?: boolean;
  entitiesExploredPerHopLimit?: number;
  ignoreAsHops?: IgnoreAsHop[];
  /** Edge time window (lineageFlags start/endTimeMillis), applied only when both ends are set. */
  startTimeMillis?: number;
  endTimeMillis?: number;
  /** Impact walks fail once this many entities are reached (ELASTICSEARCH_SEARCH_GRAPH_IMPACT_MAX_RELATIONS). */
  maxRelations?: number;
}

export interface WalkResult {
  hits: LineageHit[];
}

interface Candidate {
  edge: GraphEdge;
  other: string;
  direction: EdgeDirection;
}

/**
 * DataHub's level-order lineage BFS (GraphQueryBaseDAO.getLineage / getImpactLineage): each hop expands the
 * previous hop's new entities along the lineage edges the registry allows for the walk's start type. Without
 * multi-path an entity is reached once (first route wins), so cycles end the walk.
 */
export function walkLineage(index: LineageEdges, start: string, opts: WalkOptions): WalkResult {
  if (isPlainOneHop(opts)) return { hits: oneHop(index, start, opts.direction, timeWindowOf(opts)) };
  return walkEveryHop(index, start, opts);
}

/** The level-order walk itself, whatever the options (walkLineage takes a shortcut for a plain single hop). */
export function walkEveryHop(index: LineageEdges, start: string, opts: WalkOptions): WalkResult {
  const walk = new Walk(index, start, opts);
  return { hits: walk.run() };
}

/** GMS's error once an impact walk reaches `max` entities. */
export const tooManyRelations = (max: number, start: string, direction: LineageDirection, maxHops: number): string =>
  `Lineage results exceeded the configured maxRelations limit of ${max}. Entity: ${start}, ` +
  `Direction: ${direction}, MaxHops: ${maxHops}. Consider reducing maxHops or increasing ` +
  'the maxRelations limit, or set partialResults to true to return partial results.';

/** One hop with none of the options that make a hop depend on more than the start's own edges. */
const isPlainOneHop = (opts: WalkOptions) =>
  opts.maxHops === 1 &&
  !opts.multiPath &&
  opts.entitiesExploredPerHopLimit === undefined &&
  !opts.ignoreAsHops?.length &&
  opts.maxRelations === undefined;

class Walk {
  private readonly filter: LineageEdgeFilter;
  private readonly result = new Map<string, LineageHit>();
  private readonly visited: Set<string>;
  private readonly viaSeen = new Set<string>();
  private readonly paths = new LineagePaths();
  private readonly window: TimeWindow | undefined;

  constructor(
    private readonly index: LineageEdges,
    private readonly start: string,
    private readonly opts: WalkOptions,
  ) {
    this.filter = LineageEdgeFilter.forStart(urnTypeOf(start) ?? '', opts.direction);
    this.visited = new Set([start]);
    this.window = timeWindowOf(opts);
  }

  run(): LineageHit[] {
    let level = [this.start];
    for (let hop = 1; hop <= this.opts.maxHops && level.length > 0; hop++) {
      level = this.expand(level, hop);
      // Entities handed to a further hop are `explored`.
      if (hop < this.opts.maxHops) for (const urn of level) this.result.get(urn)!.explored = true;
      const max = this.opts.maxRelations;
      if (max !== undefined && max > 0 && this.result.size >= max) {
        throw new SimError('SERVER_ERROR', tooManyRelations(max, this.start, this.opts.direction, this.opts.maxHops));
      }
    }
    return [...this.result.values()];
  }

  /** One hop from `level`, plus the same-degree hops through entities that are ignored as hops. */
  private expand(level: string[], hop: number): string[] {
    const found = this.hopFrom(level, hop);
    for (const hit of found.values()) this.merge(hit);
    const next = [...found.keys()];
    const ignored = [...found.values()].filter((hit) => this.ignoredAsHop(hit.urn));
    if (ignored.length > 0) {
      for (const hit of ignored) hit.ignoredAsHop = true;
      next.push(
        ...this.expand(
          ignored.map((h) => h.urn),
          hop,
        ),
      );
    }
    return [...new Set(next)];
  }

  private hopFrom(level: string[], hop: number): Map<string, LineageHit> {
    const found = new Map<string, LineageHit>();
    const inLevel = new Set(level);
    const limit = this.opts.entitiesExploredPerHopLimit;
    for (const parent of inLevel) {
      const discovered = new Set<string>();
      for (const c of this.candidates(parent)) {
        if (limit !== undefined) {
          // The per-hop limit counts distinct new neighbours of each parent (edges inside the level are skipped).
          if (inLevel.has(c.other) || discovered.size >= limit) continue;
          discovered.add(c.other);
        }
        if (!this.opts.multiPath && this.visited.has(c.other)) continue;
        this.visited.add(c.other);
        if (!this.paths.add(parent, c.edge.via, c.other)) continue;
        found.set(c.other, lineageHit(c.edge, c.other, hop, this.paths.get(c.other)));
        const via = c.edge.via;
        if (via && !this.viaSeen.has(via)) {
          this.viaSeen.add(via);
          found.set(via, lineageHit(c.edge, via, hop, viaPaths(this.paths.get(c.other), via)));
        }
      }
      if (limit !== undefined && discovered.size >= limit) {
        for (const hit of found.values()) {
          if (this.paths.get(hit.urn).some((route) => route.includes(parent))) hit.truncatedChildren = true;
        }
      }
    }
    return found;
  }

  /** The lineage edges of `parent` this walk may follow, outgoing then incoming. */
  private candidates(parent: string): Candidate[] {
    const type = urnTypeOf(parent) ?? '';
    const all: Candidate[] = [
      ...this.index.outgoing(parent).map((edge) => ({ edge, other: edge.destination, direction: 'OUTGOING' as const })),
      ...this.index.incoming(parent).map((edge) => ({ edge, other: edge.source, direction: 'INCOMING' as const })),
    ];
    const valid = all.filter(
      (c) =>
        c.other !== parent &&
        this.filter.allows(type, c.edge.type, c.direction, urnTypeOf(c.other) ?? '') &&
        inTimeWindow(c.edge, this.window),
    );
    // The per-hop limit keeps the first neighbours in GMS's edge order: newest updatedOn/createdOn first.
    if (this.opts.entitiesExploredPerHopLimit !== undefined) valid.sort(byRecency);
    return valid;
  }

  private ignoredAsHop(urn: string): boolean {
    const type = urnTypeOf(urn);
    return (this.opts.ignoreAsHops ?? []).some(
      (rule) =>
        rule.entityType === type && (rule.platforms.length === 0 || rule.platforms.includes(platformOf(urn) ?? '')),
    );
  }

  /** mergeLineageRelationships: the smallest degree, every degree, the union of routes. */
  private merge(hit: LineageHit): void {
    const known = this.result.get(hit.urn);
    if (!known) {
      this.result.set(hit.urn, hit);
      return;
    }
    const seen = new Set(known.paths.map((p) => p.join('\u0000')));
    this.result.set(hit.urn, {
      ...known,
      degree: Math.min(known.degree, hit.degree),
      degrees: [...new Set([...known.degrees, hit.degree])].sort((a, b) => a - b),
      paths: [...known.paths, ...hit.paths.filter((p) => !seen.has(p.join('\u0000')))],
    });
  }
}

function byRecency(a: Candidate, b: Candidate): number {
  const via = Number(a.edge.via === undefined) - Number(b.edge.via === undefined);
  if (via !== 0) return via;
  const upd = (b.edge.updatedOn ?? Infinity) - (a.edge.updatedOn ?? Infinity);
  if (upd !== 0 && !Number.isNaN(upd)) return upd;
  return (b.edge.createdOn ?? Infinity) - (a.edge.createdOn ?? Infinity) || 0;
}
