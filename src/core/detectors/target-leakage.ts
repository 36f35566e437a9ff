import { finding, type Finding } from '../finding.js';
import { shortName } from '../names.js';
import type { UpstreamGraph } from '../graph.js';
import { chainTo, columnAncestry, columnIndex, featureColumns, modelKeyNames } from './columns.js';
import type { DetectContext } from './context.js';

/**
 * A feature whose column lineage meets the label's: the label column itself, or any column the label derives
 * from. Key columns never count as a meeting point. One finding per leaking feature, listing every chain
 * (feature → shared ancestor → label).
 */
export function targetLeakage(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const label = ctx.label;
  if (!label) return [];
  const columns = columnIndex(g);
  const keyNames = modelKeyNames(g);
  const isKey = (col: string) => {
    const c = columns.get(col);
    return !!c && (c.isKey || keyNames.has(c.path));
  };
  const labelAncestry = columnAncestry(g, label.column);
  const meets = (col: string) => labelAncestry.has(col) && !isKey(col);

  const findings: Finding[] = [];
  for (const feature of g.features) {
    const chains: string[][] = [];
    for (const start of featureColumns(g, feature)) {
      const ancestry = columnAncestry(g, start, meets);
      for (const col of ancestry.keys()) {
        if (!meets(col)) continue;
        const down = chainTo(labelAncestry, col).reverse().slice(1);
        chains.push([...chainTo(ancestry, col), ...down]);
      }
    }
    if (!chains.length) continue;
    dropExtensions(chains);
    chains.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
    const shared = chains[0]!.find((c) => labelAncestry.has(c))!;
    const dataset = columns.get(shared)?.dataset ?? shared;
    const featureName = g.nodes[feature]?.name ?? feature;
    findings.push(
      finding(ctx.policy, 'target_leakage', {
        entity: dataset,
        key: `target_leakage:${feature}:${label.column}`,
        message: `Feature ${featureName} derives from ${shortName(shared)}, which the label ${shortName(label.column)} also derives from.`,
        evidence: { feature, label: label.column, labelSource: label.source, sharedAncestor: shared, chains },
      }),
    );
  }
  return findings;
}

/** A chain that only extends another (it passes through the other's start) adds nothing: drop it, in place. */
function dropExtensions(chains: string[][]): void {
  const key = (c: string[]) => c.join('\n');
  const keys = new Set(chains.map(key));
  for (let i = chains.length - 1; i >= 0; i--) {
    const c = chains[i]!;
    if (c.some((_, k) => k > 0 && keys.has(key(c.slice(k))))) chains.splice(i, 1);
  }
}
