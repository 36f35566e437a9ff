/**
 * The graph's upstream edges over integer ids: a whole-catalog scan walks a closure of thousands of entities per
 * model, and integer walks with a reusable mark array are an order of magnitude cheaper than sets of urns.
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
  if (root === undefined) return new Int32Array(0);
  const walk = ++index.walks;
  const { start, ups, mark } = index;
  mark[root] = walk;
  let order = new Int32Array(64);
  let size = 0;
  let next = root;
  for (let i = -1; i < size; next = order[++i]!) {
    for (let e = start[next]!; e < start[next + 1]!; e++) {
      const up = ups[e]!;
      if (mark[up] === walk) continue;
      mark[up] = walk;
      if (size === order.length) {
        const grown = new Int32Array(size * 2);
        grown.set(order);
        order = grown;
      }
      order[size++] = up;
    }
  }
  return order.subarray(0, size);
}
