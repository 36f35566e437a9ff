import type { Column, UpstreamGraph } from '../graph.js';

/** Every known column by schemaField urn. */
export function columnIndex(g: UpstreamGraph): Map<string, Column & { dataset: string }> {
  const index = new Map<string, Column & { dataset: string }>();
  for (const n of Object.values(g.nodes)) for (const c of n.columns) index.set(c.urn, { ...c, dataset: n.urn });
  return index;
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
  return new Set(Object.values(g.nodes).filter((n) => n.kind === 'mlPrimaryKey').map((n) => n.name));
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
