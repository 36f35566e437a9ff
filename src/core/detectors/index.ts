import type { Finding } from '../finding.js';
import { indexOf, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { entityFacts } from './entity-facts.js';
import { missingOwner } from './missing-owner.js';
import { placeOf } from './reach.js';
import { sortFindings } from './finding-order.js';
import { foldRootCauses } from './root-causes.js';
import { targetLeakage } from './target-leakage.js';
import { failedJobs } from './upstream-failure.js';

export type { DetectContext } from './context.js';
export { foldRootCauses } from './root-causes.js';
export { placeOf } from './reach.js';

/**
 * Runs every detector, then folds findings that share a root cause. Sorted: heaviest first, then by key.
 * What holds whatever the model (each upstream entity's own findings) is derived once per catalog read.
 */
export function detect(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const { urns } = indexOf(g);
  const facts = entityFacts(g, ctx);
  const standing: Finding[] = [];
  const entities: number[] = [];
  const produced: [string, string[]][] = [];
  for (const id of placeOf(g, ctx).troubled) {
    if (facts.propagating(id).length) entities.push(id);
    for (const f of facts.standing(id)) standing.push(f);
    const jobs = facts.failedProducers(id);
    if (jobs.length) produced.push([urns[id]!, jobs]);
  }
  const jobs = failedJobs(g, ctx, produced);
  const roots = foldRootCauses(g, { entities, ownAt: facts.propagating, jobs }, ctx);
  return sortFindings(g, ctx, [...targetLeakage(g, ctx), ...roots, ...standing, ...missingOwner(g, ctx)]);
}
