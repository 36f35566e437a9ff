import { urnTypeOf } from '../store/aspect-values.js';
import type { GraphEdge } from './edges.js';
import {
  LINEAGE_EDGE_TYPES,
  LineageEdgeFilter,
  type EdgeDirection,
  type LineageDirection,
} from './lineage-registry.js';

/** `hopCount` of a node whose allowed edges include one through a via entity: the level-order walk must answer. */
export const CROSSES_VIA = -2;
/** `hopCount` not known yet. */
const UNKNOWN = -1;

/**
 * The hops of one kind of walk, for every node, in one pool: node `id`'s hops are
 * `pool[start[id] .. start[id] + count[id])`. A node whose edges change gets a fresh segment at the end;
 * the pool is compacted when most of it is such leftovers.
 */
export class WalkKind {
  start = new Int32Array(0);
  count = new Int32Array(0);
  pool = new Int32Array(1024);
  used = 0;
  live = 0;

  constructor(
    readonly filter: LineageEdgeFilter,
    nodes: number,
  ) {
    this.grow(nodes);
  }

  grow(nodes: number): void {
    if (nodes <= this.count.length) return;
    const size = Math.max(nodes, this.count.length * 2, 1024);
    const start = new Int32Array(size);
    start.set(this.start);
    const count = new Int32Array(size).fill(UNKNOWN);
    count.set(this.count);
    this.start = start;
    this.count = count;
  }

  store(id: number, hops: readonly number[]): void {
    if (this.used + hops.length > this.pool.length) this.makeRoom(hops.length);
    this.pool.set(hops, this.used);
    this.start[id] = this.used;
    this.count[id] = hops.length;
    this.used += hops.length;
    this.live += hops.length;
  }

  forget(id: number): void {
    if (id >= this.count.length) return;
    if (this.count[id]! > 0) this.live -= this.count[id]!;
    this.count[id] = UNKNOWN;
  }

  private makeRoom(extra: number): void {
    const compact = this.live * 2 < this.used;
    const pool = new Int32Array(Math.max(1024, (compact ? this.live : this.used) * 2 + extra));
    if (compact) {
      let at = 0;
      for (let id = 0; id < this.count.length; id++) {
        const n = this.count[id]!;
        if (n <= 0) continue;
        pool.set(this.pool.subarray(this.start[id]!, this.start[id]! + n), at);
        this.start[id] = at;
        at += n;
      }
      this.used = at;
    } else {
      pool.set(this.pool.subarray(0, this.used));
    }
    this.pool = pool;
  }
}

/**
 * The graph index's lineage edges over integer ids, for walks that cross thousands of entities. Each urn is
 * numbered once. For each kind of walk (direction and start type, which decide the hops allowed), a node's
 * hops are the ids its allowed edges lead to, outgoing then incoming in the index's order, built on first
 * use and dropped when a write changes the node's lineage edges. `version` moves whenever lineage edges
 * change, so answers derived from them (cached reaches) know to go.
 */
export class LineageAdjacency {
  private readonly ids = new Map<string, number>();
  private readonly urns: string[] = [];
  private readonly nodeTypes: number[] = [];
  private readonly typeIds = new Map<string, number>();
  private readonly typeNames: string[] = [];
  private readonly kinds = new Map<string, WalkKind>();
  version = 0;

  constructor(private readonly edgesOf: (urn: string, direction: EdgeDirection) => readonly GraphEdge[]) {}

  get size(): number {
    return this.urns.length;
  }

  /** The urn's id, numbering it if it has none yet. */
  id(urn: string): number {
    let id = this.ids.get(urn);
    if (id === undefined) {
      id = this.urns.length;
      this.ids.set(urn, id);
      this.urns.push(urn);
      const type = urnTypeOf(urn) ?? '';
      let typeId = this.typeIds.get(type);
      if (typeId === undefined) {
        this.typeIds.set(type, (typeId = this.typeNames.length));
        this.typeNames.push(type);
      }
      this.nodeTypes.push(typeId);
      for (const kind of this.kinds.values()) kind.grow(this.urns.length);
    }
    return id;
  }

  urn(id: number): string {
    return this.urns[id]!;
  }

  /** The node's urn type, as a number: `typesWhere` tells which numbers stand for which types. */
  typeOf(id: number): number {
    return this.nodeTypes[id]!;
  }

  /** For each type number given out so far, 1 when `test` accepts the type. */
  typesWhere(test: (type: string) => boolean): Uint8Array {
    const accepted = new Uint8Array(this.typeNames.length);
    this.typeNames.forEach((name, i) => (accepted[i] = test(name) ? 1 : 0));
    return accepted;
  }

  /** The kind of a walk from an entity of `startType` (its hops are built with `hopCount`). */
  walkKind(startType: string, direction: LineageDirection): WalkKind {
    const key = `${direction}\u0000${startType}`;
    let kind = this.kinds.get(key);
    if (!kind)
      this.kinds.set(key, (kind = new WalkKind(LineageEdgeFilter.forStart(startType, direction), this.urns.length)));
    return kind;
  }

  /**
   * How many allowed hops the node has (then read from `kind.pool` at `kind.start[id]`), in the walk's order:
   * outgoing edges, then incoming, repeats included; CROSSES_VIA when an allowed edge goes through a via
   * entity. Building them may number new urns and move the pool.
   */
  hopCount(kind: WalkKind, id: number): number {
    const known = kind.count[id]!;
    if (known !== UNKNOWN) return known;
    const urn = this.urns[id]!;
    const type = urnTypeOf(urn) ?? '';
    const hops: number[] = [];
    let via = false;
    const follow = (edge: GraphEdge, other: string, direction: EdgeDirection) => {
      if (other === urn || !kind.filter.allows(type, edge.type, direction, urnTypeOf(other) ?? '')) return;
      if (edge.via !== undefined) via = true;
      hops.push(this.id(other));
    };
    for (const edge of this.edgesOf(urn, 'OUTGOING')) follow(edge, edge.destination, 'OUTGOING');
    for (const edge of this.edgesOf(urn, 'INCOMING')) follow(edge, edge.source, 'INCOMING');
    if (via) kind.count[id] = CROSSES_VIA;
    else kind.store(id, hops);
    return kind.count[id]!;
  }

  /**
   * One entity's edges were replaced (`stale` owned while its creation order was `staleSeq`, `fresh` now, at
   * `freshSeq`): when its lineage edges differ, or moved in the index's order, their ends' hops are redone.
   */
  replaced(
    stale: readonly GraphEdge[],
    staleSeq: number | undefined,
    fresh: readonly GraphEdge[],
    freshSeq: number | undefined,
  ): void {
    const before = stale.filter(isLineageEdge);
    const after = fresh.filter(isLineageEdge);
    if (before.length === 0 && after.length === 0) return;
    if (staleSeq === freshSeq && sameEdges(before, after)) return;
    for (const edge of [...before, ...after]) {
      this.drop(edge.source);
      this.drop(edge.destination);
    }
    this.version++;
  }

  private drop(urn: string): void {
    const id = this.ids.get(urn);
    if (id === undefined) return;
    for (const kind of this.kinds.values()) kind.forget(id);
  }
}

/** Only these edges can be a lineage hop; the rest (ownership, tags, ...) never change a walk. */
const isLineageEdge = (edge: GraphEdge): boolean => LINEAGE_EDGE_TYPES.has(edge.type.toLowerCase());

/** Equal as hops: same ends, type and via, in the same order (stamps matter only to time-window walks). */
const sameEdges = (a: readonly GraphEdge[], b: readonly GraphEdge[]): boolean =>
  a.length === b.length &&
  a.every((e, i) => {
    const f = b[i]!;
    return e.type === f.type && e.source === f.source && e.destination === f.destination && e.via === f.via;
  });
