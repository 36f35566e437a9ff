import type { UpstreamGraph } from '../graph.js';
import { lineageIndex, walkUpstream, type LineageIndex, type Walk } from '../lineage-index.js';
import { shortName } from '../names.js';
import { chainTo, columnAncestry, columnIndex, featureColumns, modelKeyNames } from './columns.js';
import type { DetectContext } from './context.js';
import { modelDetector, type FindingFields, type ReportEvidence } from './detector.js';
import { plural } from './prose.js';

/**
 * A feature whose column lineage meets the label's: the label column itself, or any column the label derives
 * from. Key columns never count as a meeting point. One finding per leaking feature, listing every chain
 * (feature → shared ancestor → label). A leak hurts only the model whose feature sees its own label.
 */
export const targetLeakage = modelDetector({
  name: 'target_leakage',
  summary: "a feature whose column lineage meets the label's: the label column, or a column the label derives from",
  severity: 'critical',
  weight: 20,
  needs: ['features', 'label', 'column lineage', 'schema'],
  blastRadius: 'model',
  incident: { type: 'CUSTOM', customType: 'JANUS_TARGET_LEAKAGE' },
  findings: (g, ctx) => leaks(g, ctx),
  phrasing: {
    trouble: 'Target leakage',
    sentence(f) {
      const e = f.evidence;
      const chains = e.chains as string[][];
      const chain = chains[0]!.map(shortName).join(' → ');
      const more =
        chains.length > 1 ? ` (and ${chains.length - 1} more ${plural(chains.length - 1, 'path', 'paths')})` : '';
      return `Feature ${shortName(String(e.feature))} can see the answer: ${chain}${more}.`;
    },
    title: (f) =>
      `Target leakage: feature ${shortName(String(f.evidence.feature))} derives from the label's source ${shortName(f.evidence.sharedAncestor as string)}`,
    details: (f) => [
      'Column chain (feature → shared ancestor → label):',
      ...(f.evidence.chains as string[][]).map((chain) => `- ${chain.join(' → ')}`),
    ],
    cleared: () => 'the feature no longer derives from the label’s source column',
    report(f) {
      const e = f.evidence;
      const chains = Array.isArray(e.chains) ? (e.chains as unknown[]).filter(isStrings) : [];
      const facts: ReportEvidence['facts'] = [
        ['Feature', { entity: String(e.feature) }],
        ['Label', { entity: String(e.label), ...(e.labelSource ? { note: `named by ${String(e.labelSource)}` } : {}) }],
      ];
      if (e.sharedAncestor) facts.push(['Shared ancestor', { entity: String(e.sharedAncestor) }]);
      facts.push(['Column chains', { text: `${chains.length} (feature → shared ancestor → label)` }]);
      return { facts, chains: { chains, shared: String(e.sharedAncestor ?? ''), label: String(e.label ?? '') } };
    },
    picture: (f) => [{ chains: f.evidence, otherwise: { trouble: f.entity, tag: 'leak' } }],
    advice(f) {
      const e = f.evidence;
      const feature = shortName(String(e.feature));
      const shared = shortName(String(e.sharedAncestor));
      const label = shortName(String(e.label));
      return [
        `Drop feature ${feature} from the model, or re-derive it only from data known at prediction time.`,
        `Cut the column path at the shared ancestor ${shared}: the feature must not read it, or anything derived from it, because the label ${label} does.`,
        'Retrain, then ask Janus again: the finding clears when no column path joins the feature to the label.',
      ];
    },
  },
});

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/** The rule, walking column lineage over integer ids: the judgment run's shared index when it has one. */
function leaks(g: UpstreamGraph, ctx: DetectContext): FindingFields[] {
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
  const lineage = ctx.indexes?.columns ?? lineageIndex(g.columnUpstreams);
  const labelIds = new Set([...labelAncestry.keys()].map((c) => lineage.id.get(c)));
  const meetsId = (id: number) => labelIds.has(id) && !isKey(lineage.urns[id]!);

  const findings: FindingFields[] = [];
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
    findings.push({
      entity: dataset,
      key: `target_leakage:${feature}:${label.column}`,
      message: `Feature ${featureName} derives from ${shortName(shared)}, which the label ${shortName(label.column)} also derives from.`,
      evidence: { feature, label: label.column, labelSource: label.source, sharedAncestor: shared, chains },
    });
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
