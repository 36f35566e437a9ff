import type { LineageIndex } from './lineage-index.js';

/**
 * Every model downstream of an entity of a catalog: a walk down the reversed edges per entity asked about, so
 * memory holds the edges once, not a set of models per entity (5,000 models × 100,000 entities would be 60 MB).
 * Pure; the reversed edges are built on first use.
 */
export function modelsBelowIndex(index: LineageIndex, models: string[]): (urn: string) => string[] {
  let downs: { start: Int32Array; ids: Int32Array } | undefined;
  const mark = new Uint32Array(index.urns.length);
  const modelIds = models.map((m) => index.id.get(m) ?? -1);
  let walk = 0;
  // the models below, in the order given: no sort per entity
  return (urn) => {
    const root = index.id.get(urn);
    if (root === undefined) return [];
    downs ??= reversed(index);
    const { start, ids } = downs;
    const stamp = ++walk;
    mark[root] = stamp;
    const queue = [root];
    for (let i = 0; i < queue.length; i++) {
      const at = queue[i]!;
      for (let e = start[at]!; e < start[at + 1]!; e++) {
        const down = ids[e]!;
        if (mark[down] === stamp) continue;
        mark[down] = stamp;
        queue.push(down);
      }
    }
    const found: string[] = [];
    modelIds.forEach((id, k) => {
      if (id !== root && id !== -1 && mark[id] === stamp) found.push(models[k]!);
    });
    return found;
  };
}

/** The index's edges pointing downstream: `ids[start[i]] .. ids[start[i + 1] - 1]` are directly below i. */
function reversed(index: LineageIndex): { start: Int32Array; ids: Int32Array } {
  const n = index.urns.length;
  const start = new Int32Array(n + 1);
  for (const up of index.ups) start[up + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const ids = new Int32Array(index.ups.length);
  for (let down = 0; down < n; down++) {
    for (let e = index.start[down]!; e < index.start[down + 1]!; e++) ids[fill[index.ups[e]!]!++] = down;
  }
  return { start, ids };
}
