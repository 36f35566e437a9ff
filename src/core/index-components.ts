import type { LineageIndex } from './lineage-index.js';

/**
 * Strongly connected components over a lineage index's integer edges (iterative Tarjan), upstream components
 * first: every component comes after those upstream of it. The integer twin of `components()`, for passes over a
 * whole catalog.
 */
export interface IndexComponents {
  /** Entity id → its component. */
  of: Int32Array;
  /** Members of component c: `members[start[c]] .. members[start[c + 1] - 1]`. */
  start: Int32Array;
  members: Int32Array;
  count: number;
}

export function indexComponents(index: LineageIndex): IndexComponents {
  const n = index.urns.length;
  const { start: edgeStart, ups } = index;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const work = new Int32Array(n);
  const nextEdge = new Int32Array(n);
  const of = new Int32Array(n);
  const members = new Int32Array(n);
  const compStart: number[] = [0];
  let sp = 0;
  let placed = 0;
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    let wp = 0;
    const enter = (v: number) => {
      order[v] = low[v] = counter++;
      stack[sp++] = v;
      onStack[v] = 1;
      nextEdge[v] = edgeStart[v]!;
      work[wp++] = v;
    };
    enter(root);
    while (wp) {
      const v = work[wp - 1]!;
      if (nextEdge[v]! < edgeStart[v + 1]!) {
        const up = ups[nextEdge[v]!++]!;
        if (order[up] === -1) enter(up);
        else if (onStack[up]) low[v] = Math.min(low[v]!, order[up]!);
        continue;
      }
      wp--;
      if (wp) low[work[wp - 1]!] = Math.min(low[work[wp - 1]!]!, low[v]!);
      if (low[v] !== order[v]) continue;
      // Tarjan closes a component after every component reachable from it, i.e. upstream of it
      const c = compStart.length - 1;
      let u: number;
      do {
        u = stack[--sp]!;
        onStack[u] = 0;
        of[u] = c;
        members[placed++] = u;
      } while (u !== v);
      compStart.push(placed);
    }
  }
  return { of, start: Int32Array.from(compStart), members, count: compStart.length - 1 };
}

/**
 * In a pass over the components downstream first: or `passed` (component c's bit set) into the open set of every
 * component directly upstream of c, made on first use.
 */
export function passUpstream(
  index: LineageIndex,
  comps: IndexComponents,
  c: number,
  passed: Uint32Array,
  open: (Uint32Array | undefined)[],
  /** An empty set of `passed`'s size (a pool's, to reuse sets dropped earlier in the pass). */
  empty: () => Uint32Array = () => new Uint32Array(passed.length),
): void {
  const { start, members, of } = comps;
  for (let k = start[c]!; k < start[c + 1]!; k++) {
    const e = members[k]!;
    for (let x = index.start[e]!; x < index.start[e + 1]!; x++) {
      const uc = of[index.ups[x]!]!;
      if (uc === c) continue;
      const into = (open[uc] ??= empty());
      for (let w = 0; w < passed.length; w++) into[w]! |= passed[w]!;
    }
  }
}
