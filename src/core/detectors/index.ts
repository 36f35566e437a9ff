import type { Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { entityFacts } from './entity-facts.js';
import { missingOwner } from './missing-owner.js';
import { placeOf } from './reach.js';
import { sortFindings } from './finding-order.js';
import { foldRootCauses } from './root-causes.js';
import { targetLeakage } from './target-leakage.js';
import { failedJobsAt } from './upstream-failure.js';

export type { DetectContext } from './context.js';
export { foldRootCauses } from './root-causes.js';
export { placeOf } from './reach.js';

/**
 * Runs every detector, then folds findings that share a root cause. Sorted: heaviest first, then by key.
 * What holds whatever the model (each upstream entity's own findings) is derived once per catalog read.
 */
export function detect(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const facts = entityFacts(g, ctx);
  const place = placeOf(g, ctx);
  const standing: Finding[] = [];
  const produced: number[] = [];
  place.forEachTroubled((id) => {
    for (const f of facts.standing(id)) standing.push(f);
    if (facts.failedProducers(id).length) produced.push(id);
  });
  const jobs = failedJobsAt(g, ctx, produced);
  // walked again, not listed: a stale model's thousands of troubled entities
  const forEachEntity = (visit: (id: number) => void) =>
    place.forEachTroubled((id) => facts.propagating(id).length && visit(id));
  const roots = foldRootCauses(g, { forEachEntity, ownAt: facts.propagating, jobs }, ctx);
  return sortFindings(g, ctx, [...targetLeakage(g, ctx), ...roots, ...standing, ...missingOwner(g, ctx)]);
}
