import type { Column, UpstreamGraph } from '../graph.js';

/** A column of the graph by schemaField urn (looked up in its dataset), with that dataset's urn. */
export function columnIndex(g: UpstreamGraph): { get(urn: string): (Column & { dataset: string }) | undefined } {
  return {
    get(urn: string) {
      const dataset = /^urn:li:schemaField:\((urn:li:dataset:\(.*?\)),/.exec(urn)?.[1];
      const column = dataset ? g.nodes[dataset]?.columns.find((c) => c.urn === urn) : undefined;
      return column && { ...column, dataset: dataset! };
    },
  };
}

/**
 * The columns a feature reads. DataHub links a feature to whole datasets, so Janus maps it to the column of
 * the same name in each source dataset and in the training data, where such a column exists.
 */
export function featureColumns(g: UpstreamGraph, feature: string): string[] {
  const name = g.nodes[feature]?.name;
  if (!name) return [];
  const datasets = [...(g.featureSources[feature] ?? []), ...g.trainingData];
  const out: string[] = [];
  for (const d of datasets) {
    const col = g.nodes[d]?.columns.find((c) => c.path === name || c.path.endsWith(`.${name}`));
    if (col && !out.includes(col.urn)) out.push(col.urn);
  }
  return out;
}

/** Names that are keys of the model's feature tables (its primary keys): such columns are never evidence of a leak. */
export function modelKeyNames(g: UpstreamGraph): Set<string> {
  return new Set(g.primaryKeys.map((k) => g.nodes[k]?.name).filter((n): n is string => !!n));
}

/**
 * Walks column lineage upstream from `start` (inclusive), breadth first. Returns each reached column with the
 * column it was reached from (`null` for `start`): `chainTo` reads a chain off it. `stop(col)` ends the walk at a
 * column (it is still reported).
 */
export function columnAncestry(
  g: UpstreamGraph,
  start: string,
  stop: (col: string) => boolean = () => false,
): Map<string, string | null> {
  const from = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const col = queue[i]!;
    if (col !== start && stop(col)) continue;
    for (const up of g.columnUpstreams[col] ?? []) {
      if (from.has(up)) continue;
      from.set(up, col);
      queue.push(up);
    }
  }
  return from;
}

/** The chain from the walk's start to `col` (both included). */
export function chainTo(ancestry: Map<string, string | null>, col: string): string[] {
  const chain: string[] = [];
  for (let at: string | null | undefined = col; at; at = ancestry.get(at)) chain.push(at);
  return chain.reverse();
}
