import type { UpstreamGraph } from '../../../src/core/graph.js';

/** Plain walks over the entity edges of a graph: a fresh breadth-first search per question, nothing kept. */

/**
 * Breadth first up `edges` from `from`: each urn reached → the urn it was first reached from (`from` → null).
 * `stop(urn)` reaches an urn without going past it; `from` is always gone past, even when it would stop.
 */
export function walkUp(
  edges: Record<string, string[]>,
  from: string,
  stop: (urn: string) => boolean = () => false,
): Map<string, string | null> {
  const reachedFrom = new Map<string, string | null>([[from, null]]);
  for (const at of reachedFrom.keys()) {
    if (at !== from && stop(at)) continue;
    for (const up of edges[at] ?? []) if (!reachedFrom.has(up)) reachedFrom.set(up, at);
  }
  return reachedFrom;
}

/** Every urn upstream of `from` through `edges`, breadth first, not including `from` (even in a cycle). */
export const upstreamOf = (edges: Record<string, string[]>, from: string): string[] =>
  [...walkUp(edges, from).keys()].slice(1);

/** `upstreamOf` for every entity of the graph, worked out once per judgment (the reference reads it many times). */
export function closures(g: UpstreamGraph): (urn: string) => Set<string> {
  const known = new Map<string, Set<string>>();
  return (urn) => {
    let found = known.get(urn);
    if (!found) known.set(urn, (found = new Set(upstreamOf(g.upstreams, urn))));
    return found;
  };
}

/** Whether `a` and `b` (distinct) are in one lineage cycle: each is upstream of the other. */
export const sameCycle = (above: (urn: string) => Set<string>, a: string, b: string) =>
  above(a).has(b) && above(b).has(a);

/**
 * The longest chain of cycles-or-entities above each entity (its component's height in the condensed graph): 0 for
 * an entity with nothing upstream outside its own cycle. Worked out once per entity and judgment.
 */
export function heights(g: UpstreamGraph, above: (urn: string) => Set<string>): (urn: string) => number {
  const known = new Map<string, number>();
  const heightOf = (urn: string): number => {
    let height = known.get(urn);
    if (height !== undefined) return height;
    const cycle = [urn, ...[...above(urn)].filter((u) => sameCycle(above, urn, u))];
    height = 0;
    for (const member of cycle) {
      for (const up of g.upstreams[member] ?? []) if (!cycle.includes(up)) height = Math.max(height, heightOf(up) + 1);
    }
    known.set(urn, height);
    return height;
  };
  return heightOf;
}

/** The catalog's models (every mlModel of the records) whose upstream holds `dataset`, by name then urn. */
export function modelsBelow(
  g: UpstreamGraph,
  above: (urn: string) => Set<string>,
  dataset: string,
): { urn: string; name: string }[] {
  return Object.values(g.nodes)
    .filter((n) => n.kind === 'mlModel' && n.urn !== dataset && above(n.urn).has(dataset))
    .map((n) => ({ urn: n.urn, name: n.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
}
