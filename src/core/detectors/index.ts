import type { Label } from '../conventions/label.js';
import { finding, type Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';
import { keyRanks, sortedOrder } from './finding-order.js';
import { producerFindings } from './producer-findings.js';
import { modelTrouble } from './model-trouble.js';
import { MODEL_DETECTORS } from './registered.js';
import { foldRootCauses } from './root-causes.js';

export type { DetectContext } from './context.js';
export { upstreamCountOf } from './troubled-upstream.js';

/**
 * Every registered detector on one model, then findings that share a root cause folded. Sorted: heaviest first,
 * then by key. Entity rules run once per entity and judgment run (entity-facts.ts), over the troubled entities
 * upstream of the model (model-trouble.ts); model rules run on the model's graph.
 */
export function detect(session: JudgmentSession, g: UpstreamGraph, label?: Label): Finding[] {
  return detectPlaced(session, g, label).findings;
}

/** `detect`'s findings, and the entity id (in the run's entity index) each is an entity's own finding of, or -1. */
export function detectPlaced(
  session: JudgmentSession,
  g: UpstreamGraph,
  label?: Label,
): { findings: Finding[]; entityIds: number[] } {
  const facts = entityFacts(session, g);
  const ranks = keyRanks(session, g);
  const trouble = modelTrouble(session, g);
  const jobs = trouble.produced.flatMap((ids, k) => producerFindings(session, g, k, ids));
  const roots = foldRootCauses(session, g, {
    roots: trouble.roots,
    folded: trouble.folded,
    ownAt: facts.propagating,
    jobs,
  });
  const ctx = session.contextFor(g, label);
  const own = MODEL_DETECTORS.flatMap((d) => d.findings(g, ctx).map((fields) => finding(ctx.policy, d.name, fields)));
  // each finding's key rank, by entity where it is an entity's own (most are): no lookup by key per finding
  const found = [...own, ...roots];
  const rank: number[] = new Array<number>(found.length).fill(-1);
  const entity: number[] = new Array<number>(found.length).fill(-1);
  // roots come as the jobs' first, then each root entity's own findings in order
  let at = found.length;
  for (let k = trouble.roots.length - 1; k >= 0; k--) {
    const mine = ranks.propagating(trouble.roots[k]!);
    for (let j = mine.length - 1; j >= 0; j--) {
      rank[--at] = mine[j]!;
      entity[at] = trouble.roots[k]!;
    }
  }
  for (let i = 0; i < at; i++) rank[i] = ranks.of.get(found[i]!.key) ?? -1;
  for (const id of trouble.standing) {
    const mine = ranks.standing(id);
    facts.standing(id).forEach((f, j) => (found.push(f), rank.push(mine[j]!), entity.push(id)));
  }
  // one finding per key, always: the same fact found twice (a feature listed twice) is deducted once
  const keys = new Set<string>();
  const order = sortedOrder(session, g, found, rank).filter(
    (i) => !keys.has(found[i]!.key) && !!keys.add(found[i]!.key),
  );
  return { findings: order.map((i) => found[i]!), entityIds: order.map((i) => entity[i]!) };
}
