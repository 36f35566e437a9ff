import type { UpstreamGraph } from './graph.js';

/** Lineage a change proposes (the gate's `--lineage` file): dataset edges and column edges, downstream ← upstream. */
export interface ProposedLineage {
  edges: { down: string; up: string }[];
  columns: { down: string; up: string }[];
}

/** The graph as it would be once the proposed lineage lands (edges added, nothing removed). Pure, and linear in the graph and the proposal. */
export function withProposedLineage(g: UpstreamGraph, p: ProposedLineage): UpstreamGraph {
  const upstreams = Object.fromEntries(Object.entries(g.upstreams).map(([k, v]) => [k, [...v]]));
  const columnUpstreams = Object.fromEntries(Object.entries(g.columnUpstreams).map(([k, v]) => [k, [...v]]));
  const addEdge = addingTo(upstreams);
  for (const { down, up } of p.edges) if (g.nodes[down] && g.nodes[up]) addEdge(down, up);
  const addColumn = addingTo(columnUpstreams);
  for (const { down, up } of p.columns) addColumn(down, up);
  // new records: a judgment run over the graph before the change does not judge this one
  return { ...g, upstreams, columnUpstreams };
}

/** Adds `up` to `lists[down]` unless it is there: a set per list touched, so each edge costs O(1). */
function addingTo(lists: Record<string, string[]>): (down: string, up: string) => void {
  const held = new Map<string, Set<string>>();
  return (down, up) => {
    let seen = held.get(down);
    if (!seen) held.set(down, (seen = new Set(lists[down] ?? [])));
    if (seen.has(up)) return;
    seen.add(up);
    (lists[down] ??= []).push(up);
  };
}

/** Every dataset the proposal mentions: they must be read from DataHub along with the model's graph. */
export const proposedDatasets = (p: ProposedLineage): string[] => [
  ...new Set([...p.edges.flatMap((e) => [e.down, e.up]), ...p.columns.flatMap((c) => [c.down, c.up].map(parentOf))]),
];

const parentOf = (schemaField: string) =>
  /^urn:li:schemaField:\((urn:li:dataset:\(.*?\)),/.exec(schemaField)?.[1] ?? schemaField;
