import { LISTED_EFFECTS } from '../../../src/core/effects.js';
import type { UpstreamGraph } from '../../../src/core/graph.js';
import { isTroubled, jobFindings, travellingFindings, type RefContext, type RefFinding } from './own-findings.js';
import { heights } from './walk.js';

/**
 * One finding per root cause (docs/conventions.md), stated over plain closures:
 * - an entity's travelling findings fold when it has a cause further up: a troubled entity upstream of it outside
 *   its cycle, or a troubled entity of its own cycle with a smaller urn ("troubled" is catalog-wide);
 * - a failed job's finding folds when every product the model sees has such a cause;
 * - a root's effects are the troubled entities strictly downstream of it (of any of a job's products) where this
 *   model folded something; it lists the folded findings there, upstream first (height, then urn; a job's before
 *   the entity's own, a job once), the first `LISTED_EFFECTS`, and counts the entities.
 */
export function rootCauses(
  g: UpstreamGraph,
  upstream: string[],
  above: (urn: string) => Set<string>,
  ctx: RefContext,
): RefFinding[] {
  // whatever is upstream of an upstream entity is upstream of the model (or is the model, never troubled)
  const troubledUpstream = new Set(upstream.filter((u) => isTroubled(g, u, ctx)));
  const troubled = (u: string) => troubledUpstream.has(u);
  const caused = (u: string) => [...above(u)].some((t) => t !== u && troubled(t) && (!above(t).has(u) || t < u));
  const jobs = jobFindings(g, upstream, ctx);
  const productsOf = (f: RefFinding) => f.evidence.produces as string[];
  const foldedJobs = jobs.filter((f) => productsOf(f).every(caused));

  const folded = new Set<string>();
  for (const u of upstream) if (travellingFindings(g, g.nodes[u], ctx).length && caused(u)) folded.add(u);
  for (const f of foldedJobs) for (const p of productsOf(f)) folded.add(p);

  const height = heights(g, above);
  const upstreamFirst = [...folded].sort((a, b) => height(a) - height(b) || (a < b ? -1 : a > b ? 1 : 0));
  const withEffects = (f: RefFinding, sources: string[]): RefFinding => {
    const below = upstreamFirst.filter((x) => sources.some((s) => x !== s && above(x).has(s)));
    if (!below.length) return f;
    const listed: { key: string; entity: string }[] = [];
    for (const x of below) {
      for (const job of foldedJobs)
        if (productsOf(job).includes(x) && !listed.some((e) => e.key === job.key))
          listed.push({ key: job.key, entity: job.entity });
      if (caused(x))
        for (const own of travellingFindings(g, g.nodes[x], ctx)) listed.push({ key: own.key, entity: own.entity });
    }
    return {
      ...f,
      evidence: { ...f.evidence, downstreamEffects: listed.slice(0, LISTED_EFFECTS), downstreamDatasets: below.length },
    };
  };

  const roots = jobs.filter((f) => !foldedJobs.includes(f)).map((f) => withEffects(f, productsOf(f)));
  for (const u of upstream) {
    if (caused(u)) continue;
    for (const f of travellingFindings(g, g.nodes[u], ctx)) roots.push(withEffects(f, [u]));
  }
  return roots;
}
