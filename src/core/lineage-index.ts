/**
 * A graph's upstream edges (entities' or columns') over integer ids, in compressed rows: the whole-catalog passes
 * and the column walks run over it, and integer walks with a reusable mark array are an order of magnitude
 * cheaper than sets of urns.
 */
export interface LineageIndex {
  id: Map<string, number>;
  urns: string[];
  /** Upstream ids of entity i: `ups[start[i]] .. ups[start[i + 1] - 1]`. */
  start: Int32Array;
  ups: Int32Array;
  /** Walk marks: entity i was seen in the walk numbered `mark[i]`. */
  mark: Uint32Array;
  walks: number;
  /** Walk positions (`walkUpstream`), allocated on first use. */
  at?: Int32Array;
}

export function lineageIndex(upstreams: Record<string, string[]>): LineageIndex {
  const id = new Map<string, number>();
  const urns: string[] = [];
  const idOf = (u: string) => {
    let i = id.get(u);
    if (i === undefined) id.set(u, (i = urns.push(u) - 1));
    return i;
  };
  const keys = Object.keys(upstreams);
  for (const k of keys) idOf(k);
  let edges = 0;
  for (const k of keys) {
    for (const u of upstreams[k]!) idOf(u);
    edges += upstreams[k]!.length;
  }
  const start = new Int32Array(urns.length + 1);
  const ups = new Int32Array(edges);
  let at = 0;
  for (let i = 0; i < urns.length; i++) {
    start[i] = at;
    for (const u of upstreams[urns[i]!] ?? []) ups[at++] = id.get(u)!;
  }
  start[urns.length] = at;
  return { id, urns, start, ups, mark: new Uint32Array(urns.length), walks: 0 };
}

/** Ids upstream of `from` (not including it), breadth first; cycles are safe. */
export function upstreamIds(index: LineageIndex, from: string): Int32Array {
  const root = index.id.get(from);
  return root === undefined ? new Int32Array(0) : walkUpstream(index, root).order.subarray(1);
}

/** A breadth-first walk's result: the ids reached, in order, and the id each was reached from. */
export interface Walk {
  /** Reached ids, the start first. */
  order: Int32Array;
  /** The id `order[k]` was reached from (-1 for the start). */
  from: Int32Array;
  /** Position in `order` of a reached id, else -1. */
  position(id: number): number;
}

/**
 * Breadth first from `root` (included), upstream; `stop(id)` ends the walk at an id (it is still reported).
 * Uses the index's scratch marks: read the result before the next walk of the same index.
 */
export function walkUpstream(index: LineageIndex, root: number, stop: (id: number) => boolean = () => false): Walk {
  const walk = ++index.walks;
  const { start, ups, mark } = index;
  const at = (index.at ??= new Int32Array(index.urns.length));
  const order: number[] = [root];
  const from: number[] = [-1];
  mark[root] = walk;
  at[root] = 0;
  for (let i = 0; i < order.length; i++) {
    const next = order[i]!;
    if (i > 0 && stop(next)) continue;
    for (let e = start[next]!; e < start[next + 1]!; e++) {
      const up = ups[e]!;
      if (mark[up] === walk) continue;
      mark[up] = walk;
      at[up] = order.length;
      order.push(up);
      from.push(next);
    }
  }
  return {
    order: Int32Array.from(order),
    from: Int32Array.from(from),
    position: (id) => (mark[id] === walk ? at[id]! : -1),
  };
}
