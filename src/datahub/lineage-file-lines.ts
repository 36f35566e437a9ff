import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { datasetUrn, entitySchema } from './lineage-file.js';

/** The key of an edge (dataset or column) in the map `lineageEdgeLines` returns. */
export const edgeKey = (down: string, up: string) => `${down}\u0000${up}`;

/**
 * Where each edge of a lineage file (already parsed and checked by `parseLineageFile`) is written: the 1-based line
 * of the upstream entity that a dataset edge adds, or of the upstream field that a column edge adds.
 */
export function lineageEdgeLines(text: string): Map<string, number> {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const lines = new Map<string, number>();
  const lineOf = (node: Node) => counter.linePos(node.range?.[0] ?? 0).line;
  const urnOf = (node: unknown) => {
    const entity = entitySchema.safeParse(isMap(node) ? node.toJSON()?.entity : undefined);
    return entity.success ? datasetUrn(entity.data) : undefined;
  };
  const visit = (node: unknown) => {
    if (!isMap(node)) return;
    const down = urnOf(node);
    const upstream = node.get('upstream', true);
    for (const up of isSeq(upstream) ? upstream.items : []) {
      const upUrn = urnOf(up);
      if (down && upUrn && isMap(up)) remember(edgeKey(down, upUrn), lineOf(up));
      visit(up);
    }
    const fineGrained = node.get('fineGrainedLineages', true);
    for (const fg of isSeq(fineGrained) ? fineGrained.items : []) {
      if (!isMap(fg)) continue;
      const ups = fg.get('upstreams', true);
      const downs = fg.get('downstreams', true);
      for (const u of isSeq(ups) ? ups.items : [])
        for (const d of isSeq(downs) ? downs.items : [])
          if (isScalar(u) && isScalar(d)) remember(edgeKey(String(d.value), String(u.value)), lineOf(u));
    }
  };
  // the first line that proposes an edge is the one to point at
  const remember = (key: string, line: number) => lines.has(key) || lines.set(key, line);
  const lineage = doc.get('lineage', true);
  for (const node of isSeq(lineage) ? lineage.items : []) visit(node);
  return lines;
}
