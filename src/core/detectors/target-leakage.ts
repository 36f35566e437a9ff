import { finding, type Finding } from '../finding.js';
import { shortName } from '../names.js';
import { columnLineageOf, type UpstreamGraph } from '../graph.js';
import { walkUpstream, type LineageIndex, type Walk } from '../lineage-index.js';
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
  const lineage = columnLineageOf(g);
  const labelIds = new Set([...labelAncestry.keys()].map((c) => lineage.id.get(c)));
  const meetsId = (id: number) => labelIds.has(id) && !isKey(lineage.urns[id]!);

  const findings: Finding[] = [];
  for (const feature of g.features) {
    const chains: string[][] = [];
    for (const start of featureColumns(g, feature)) {
      const root = lineage.id.get(start);
      if (root === undefined) {
        // no column lineage: only the column itself can meet the label's
        if (meets(start)) chains.push([start, ...chainTo(labelAncestry, start).reverse().slice(1)]);
        continue;
      }
      const walk = walkUpstream(lineage, root, meetsId);
      for (const id of walk.order) {
        if (!meetsId(id)) continue;
        const down = chainTo(labelAncestry, lineage.urns[id]!).reverse().slice(1);
        chains.push([...walkedChain(lineage, walk, id), ...down]);
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

/** The chain from the walk's start to `id` (both included), as urns. */
function walkedChain(lineage: LineageIndex, walk: Walk, id: number): string[] {
  const chain: string[] = [];
  for (let at = id; at !== -1; at = walk.from[walk.position(at)]!) chain.push(lineage.urns[at]!);
  return chain.reverse();
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
