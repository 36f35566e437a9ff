import type { Label } from '../conventions/label.js';
import { finding, type Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';
import { sortFindings } from './finding-order.js';
import { producerFindings } from './producer-findings.js';
import { modelTrouble } from './model-trouble.js';
import { MODEL_DETECTORS } from './registered.js';
import { foldRootCauses } from './root-causes.js';

export type { DetectContext } from './context.js';
export { troubledUpstream } from './troubled-upstream.js';

/**
 * Every registered detector on one model, then findings that share a root cause folded. Sorted: heaviest first,
 * then by key. Entity rules run once per entity and judgment run (entity-facts.ts), over the troubled entities
 * upstream of the model (model-trouble.ts); model rules run on the model's graph.
 */
export function detect(session: JudgmentSession, g: UpstreamGraph, label?: Label): Finding[] {
  const facts = entityFacts(session, g);
  const trouble = modelTrouble(session, g);
  const standing: Finding[] = [];
  for (const id of trouble.standing) for (const f of facts.standing(id)) standing.push(f);
  const jobs = trouble.produced.flatMap((ids, k) => producerFindings(session, g, k, ids));
  const roots = foldRootCauses(session, g, {
    roots: trouble.roots,
    folded: trouble.folded,
    ownAt: facts.propagating,
    jobs,
  });
  const ctx = session.contextFor(g, label);
  const own = MODEL_DETECTORS.flatMap((d) => d.findings(g, ctx).map((fields) => finding(ctx.policy, d.name, fields)));
  return sortFindings(session, g, [...own, ...roots, ...standing]);
}
