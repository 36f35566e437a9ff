import type { Label } from '../../../src/core/conventions/label.js';
import type { Column, UpstreamGraph } from '../../../src/core/graph.js';
import { refFinding, type RefContext, type RefFinding } from './own-findings.js';
import { walkUp } from './walk.js';

/** A schemaField's column record, found in its dataset's schema (the dataset urn is inside the field urn). */
function columnOf(g: UpstreamGraph, field: string): (Column & { dataset: string }) | undefined {
  const dataset = /^urn:li:schemaField:\((urn:li:dataset:\(.*?\)),/.exec(field)?.[1];
  const column = dataset ? g.nodes[dataset]?.columns.find((c) => c.urn === field) : undefined;
  return column && dataset ? { ...column, dataset } : undefined;
}

/** The path the walk took from its start to `col`, both included. */
function pathTo(walk: Map<string, string | null>, col: string): string[] {
  const path: string[] = [];
  for (let at: string | null | undefined = col; at; at = walk.get(at)) path.unshift(at);
  return path;
}

/**
 * target_leakage (docs/conventions.md): a feature reads the column of its own name in each source dataset and in
 * the training data; it leaks when that column's upstream closure meets the label's (the label column or any column
 * it derives from) at a column that is not a key (`isKey`, or named like one of the model's primary keys). Each chain
 * runs feature column → meeting column → label; a walk stops at a meeting column, and a chain passing through another
 * chain's start is dropped. One finding per feature, on the dataset of the shortest chain's meeting column.
 */
export function leaks(g: UpstreamGraph, label: Label | undefined, ctx: RefContext): RefFinding[] {
  if (!label) return [];
  const keyNames = new Set(g.primaryKeys.map((k) => g.nodes[k]?.name).filter(Boolean));
  const isKey = (field: string) => {
    const c = columnOf(g, field);
    return !!c && (c.isKey || keyNames.has(c.path));
  };
  const labelSide = walkUp(g.columnUpstreams, label.column);
  const meets = (field: string) => labelSide.has(field) && !isKey(field);
  const out: RefFinding[] = [];
  for (const feature of g.features) {
    const name = g.nodes[feature]?.name;
    if (!name) continue;
    const starts: string[] = [];
    for (const d of [...(g.featureSources[feature] ?? []), ...g.trainingData]) {
      const read = g.nodes[d]?.columns.find((c) => c.path === name || c.path.endsWith(`.${name}`));
      if (read && !starts.includes(read.urn)) starts.push(read.urn);
    }
    let chains: string[][] = [];
    for (const start of starts) {
      const walk = walkUp(g.columnUpstreams, start, meets);
      for (const meeting of walk.keys()) {
        if (meets(meeting)) chains.push([...pathTo(walk, meeting), ...pathTo(labelSide, meeting).reverse().slice(1)]);
      }
    }
    if (!chains.length) continue;
    const all = new Set(chains.map((c) => c.join('\n')));
    chains = chains.filter((c) => !c.some((_, k) => k > 0 && all.has(c.slice(k).join('\n'))));
    chains.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
    const shared = chains[0]!.find((c) => labelSide.has(c))!;
    out.push(
      refFinding(
        ctx,
        'target_leakage',
        columnOf(g, shared)?.dataset ?? shared,
        `target_leakage:${feature}:${label.column}`,
        {
          feature,
          label: label.column,
          labelSource: label.source,
          sharedAncestor: shared,
          chains,
        },
      ),
    );
  }
  return out;
}
