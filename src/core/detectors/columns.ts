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
 * Walks column lineage upstream from `start` (inclusive), breadth first. Returns, for each reached column,
 * the chain from `start` to it. `stop(col)` ends the walk at a column (it is still reported).
 */
export function columnAncestry(g: UpstreamGraph, start: string, stop: (col: string) => boolean = () => false): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const col = queue.shift()!;
    if (col !== start && stop(col)) continue;
    for (const up of g.columnUpstreams[col] ?? []) {
      if (chains.has(up)) continue;
      chains.set(up, [...chains.get(col)!, up]);
      queue.push(up);
    }
  }
  return chains;
}
