import { SimError } from '../schema/errors.js';
import { urnTypeOf } from '../store/aspect-values.js';
import { CROSSES_VIA, type LineageAdjacency } from './lineage-adjacency.js';
import type { LineageDirection } from './lineage-registry.js';
import { tooManyRelations } from './lineage-walk.js';

/** The walks a reach answers: level order, first route only, no per-hop limit, no ignored hops, no time window. */
export interface ReachOptions {
  direction: LineageDirection;
  maxHops: number;
  maxRelations?: number;
}

/**
 * What the level-order walk (`walkEveryHop`) finds from one start when no edge it may follow goes through a
 * via entity: each entity once, at the hop that first reached it, by one route (through the entity it was
 * reached from). Positions are the walk's order. Urns are read, and routes made, only for the positions
 * asked for; the routes' links are found by walking again the first time one is asked for.
 */
export class Reach {
  private parents: Int32Array | undefined;
  private readonly version: number;

  constructor(
    private readonly adjacency: LineageAdjacency,
    readonly start: string,
    private readonly opts: ReachOptions,
    /** Node id at each position. */
    readonly nodes: Int32Array,
    /** `levelEnds[h - 1]`: the position after the last entity reached at hop h. */
    readonly levelEnds: Int32Array,
    /** Whether any reached entity is a column (schemaField), which lineage search may fold into its dataset. */
    readonly hasColumns: boolean,
  ) {
    this.version = adjacency.version;
  }

  get size(): number {
    return this.nodes.length;
  }

  get maxHops(): number {
    return this.opts.maxHops;
  }

  urn(position: number): string {
    return this.adjacency.urn(this.nodes[position]!);
  }

  /** The hop count at which the entity at `position` was reached. */
  degree(position: number): number {
    let hop = 1;
    while (this.levelEnds[hop - 1]! <= position) hop++;
    return hop;
  }

  /** The route from the start to the entity at `position`, both included. */
  route(position: number): string[] {
    const parents = this.linked();
    const route = new Array<string>(this.degree(position) + 1);
    route[0] = this.start;
    for (let p = position, i = route.length - 1; i > 0; p = parents[p]!, i--) route[i] = this.urn(p);
    return route;
  }

  /** The position each entity was reached from (-1: the start), from the same walk over the same edges. */
  private linked(): Int32Array {
    if (this.parents) return this.parents;
    // Reaches live in a cache that drops them when lineage changes, and a page is read within one request.
    if (this.adjacency.version !== this.version)
      throw new Error(`lineage changed since the reach of ${this.start} was walked`);
    const again = walk(this.adjacency, this.start, this.opts);
    if (!('size' in again) || again.size !== this.size) throw new Error(`the walk from ${this.start} changed`);
    return (this.parents = scratchOf(this.adjacency).parents.slice(0, this.size));
  }
}

/**
 * Reached entities the cache keeps at most across its reaches (4 bytes each): room for hundreds of the largest
 * reaches (a walk stops at 40,000 entities), so a document asking for hundreds of datasets finds them all the
 * next time (least recently used first would otherwise drop each one just before it is asked for again).
 */
const MAX_HELD_POSITIONS = 16_000_000;

interface Refused {
  /** The walk goes through a via entity: only the level-order walk answers it. */
  via?: true;
  /** The walk passed maxRelations: its error, raised again on every ask. */
  tooMany?: string;
}

/**
 * Reaches by start and walk options, for one graph: computed once per lineage version (any change of the
 * lineage edges drops them all) and kept least recently used first, up to a bound on the entities held.
 */
export class ReachCache {
  private readonly entries = new Map<string, Reach | Refused>();
  private held = 0;
  private version: number;

  constructor(private readonly adjacency: LineageAdjacency) {
    this.version = adjacency.version;
  }

  /** The reach, or undefined when only the level-order walk can answer (the walk crosses a via entity). */
  get(start: string, opts: ReachOptions): Reach | undefined {
    if (this.version !== this.adjacency.version) {
      this.entries.clear();
      this.held = 0;
      this.version = this.adjacency.version;
    }
    const key = `${opts.direction}\u0000${opts.maxHops}\u0000${opts.maxRelations ?? ''}\u0000${start}`;
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = walkReach(this.adjacency, start, opts);
      this.entries.set(key, entry);
      if (entry instanceof Reach) this.hold(entry.size);
    }
    if (entry instanceof Reach) return entry;
    if (entry.tooMany !== undefined) throw new SimError('SERVER_ERROR', entry.tooMany);
    return undefined;
  }

  private hold(size: number): void {
    this.held += size;
    for (const [key, entry] of this.entries) {
      if (this.held <= MAX_HELD_POSITIONS || this.entries.size === 1) break;
      this.entries.delete(key);
      if (entry instanceof Reach) this.held -= entry.size;
    }
  }
}

/** The walk from `start` as a reach of its own (its arrays copied out of the walk's buffers). */
export function walkReach(adjacency: LineageAdjacency, start: string, opts: ReachOptions): Reach | Refused {
  const walked = walk(adjacency, start, opts);
  if (!('size' in walked)) return walked;
  const nodes = scratchOf(adjacency).nodes.slice(0, walked.size);
  const columnType = adjacency.typesWhere((type) => type === 'schemaField');
  let hasColumns = false;
  for (let p = 0; p < nodes.length && !hasColumns; p++) hasColumns = columnType[adjacency.typeOf(nodes[p]!)] === 1;
  return new Reach(adjacency, start, opts, nodes, walked.levelEnds, hasColumns);
}

/** Buffers the walks reuse (one walk at a time): `seen[id] === mark` for the ids the current walk reached. */
interface Scratch {
  seen: Int32Array;
  mark: number;
  nodes: Int32Array;
  parents: Int32Array;
}

const scratches = new WeakMap<LineageAdjacency, Scratch>();

function scratchOf(adjacency: LineageAdjacency): Scratch {
  let scratch = scratches.get(adjacency);
  if (!scratch)
    scratches.set(
      adjacency,
      (scratch = { seen: new Int32Array(0), mark: 0, nodes: new Int32Array(0), parents: new Int32Array(0) }),
    );
  return scratch;
}

/** Room in the buffers for every id numbered so far (a walk reaches each id once at most). */
function fit(scratch: Scratch, size: number): void {
  if (scratch.seen.length >= size) return;
  const room = Math.max(size + 1024, scratch.seen.length * 2);
  const grown = (array: Int32Array) => {
    const bigger = new Int32Array(room);
    bigger.set(array);
    return bigger;
  };
  scratch.seen = grown(scratch.seen);
  scratch.nodes = grown(scratch.nodes);
  scratch.parents = grown(scratch.parents);
}

/**
 * The level-order walk over integer ids (see `Walk` in lineage-walk.ts, whose order and checks it keeps),
 * into the scratch buffers: the ids reached, in order, with the position each was reached from.
 */
function walk(
  adjacency: LineageAdjacency,
  start: string,
  opts: ReachOptions,
): { size: number; levelEnds: Int32Array } | Refused {
  const kind = adjacency.walkKind(urnTypeOf(start) ?? '', opts.direction);
  const startId = adjacency.id(start);
  const scratch = scratchOf(adjacency);
  fit(scratch, adjacency.size);
  if (++scratch.mark === 0x7fffffff) {
    scratch.seen.fill(0);
    scratch.mark = 1;
  }
  const mark = scratch.mark;
  scratch.seen[startId] = mark;
  const levelEnds: number[] = [];
  let size = 0;
  // The previous hop's positions are [from, to); -1 stands for the start.
  let from = -1;
  let to = 0;
  for (let hop = 1; hop <= opts.maxHops && from < to; hop++) {
    for (let p = from; p < to; p++) {
      const parent = p < 0 ? startId : scratch.nodes[p]!;
      const count = adjacency.hopCount(kind, parent);
      if (count === CROSSES_VIA) return { via: true };
      // Building hops numbers new urns: the buffers grow with them.
      fit(scratch, adjacency.size);
      const { seen, nodes, parents } = scratch;
      const pool = kind.pool;
      for (let i = kind.start[parent]!, end = i + count; i < end; i++) {
        const other = pool[i]!;
        if (seen[other] === mark) continue;
        seen[other] = mark;
        nodes[size] = other;
        parents[size] = p;
        size++;
      }
    }
    from = to;
    to = size;
    if (to > from) levelEnds.push(to);
    const max = opts.maxRelations;
    if (max !== undefined && max > 0 && size >= max) {
      return { tooMany: tooManyRelations(max, start, opts.direction, opts.maxHops) };
    }
  }
  return { size, levelEnds: Int32Array.from(levelEnds) };
}
