import { finding, type Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/** The model, or one of its first-hop inputs (features, feature tables, training data), with no owner still here. */
export function missingOwner(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const subjects = [g.model, ...g.features, ...g.featureTables, ...g.trainingData];
  const findings: Finding[] = [];
  for (const urn of [...new Set(subjects)]) {
    const n = g.nodes[urn];
    if (!n) continue;
    const present = n.owners.filter((o) => !o.departed);
    if (present.length) continue;
    const departed = n.owners.filter((o) => o.departed).map((o) => o.name);
    findings.push(
      finding(ctx.policy, 'missing_owner', {
        entity: urn,
        key: `missing_owner:${urn}`,
        message: departed.length
          ? `${n.name} is owned only by people who have left: ${departed.join(', ')}.`
          : `${n.name} has no owner.`,
        evidence: { departedOwners: n.owners.filter((o) => o.departed).map((o) => o.urn) },
      }),
    );
  }
  return findings;
}
