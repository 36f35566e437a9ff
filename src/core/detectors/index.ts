import type { Finding } from '../finding.js';
import { indexOf, upstreamIdsOf, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { entityFacts } from './entity-facts.js';
import { missingOwner } from './missing-owner.js';
import { foldRootCauses } from './root-causes.js';
import { targetLeakage } from './target-leakage.js';
import { failedJobs } from './upstream-failure.js';

export type { DetectContext } from './context.js';
export { foldRootCauses } from './root-causes.js';

/**
 * Runs every detector, then folds findings that share a root cause. Sorted: heaviest first, then by key.
 * What holds whatever the model (each upstream entity's own findings) is derived once per catalog read.
 */
export function detect(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const { urns } = indexOf(g);
  const facts = entityFacts(g, ctx);
  const own: Finding[] = [];
  const produced: [string, string[]][] = [];
  for (const id of upstreamIdsOf(g, g.model)) {
    for (const f of facts.findings(id)) own.push(f);
    const jobs = facts.failedProducers(id);
    if (jobs.length) produced.push([urns[id]!, jobs]);
  }
  const all = [...targetLeakage(g, ctx), ...failedJobs(g, ctx, produced), ...own, ...missingOwner(g, ctx)];
  return foldRootCauses(g, all, ctx).sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
}
