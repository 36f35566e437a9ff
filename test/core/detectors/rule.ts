import type { DetectContext } from '../../../src/core/detectors/context.js';
import type { Detector, ProducerRule } from '../../../src/core/detectors/detector.js';
import { finding, type Finding } from '../../../src/core/finding.js';
import { upstreamOf, type UpstreamGraph } from '../../../src/core/graph.js';
import { context } from '../builder.js';

/**
 * One detector's rule applied plainly, as its file states it, with nothing folded: an entity rule on every entity
 * upstream of the model (its producer rule's findings first, one per job), a model rule on the model's graph.
 */
export function findingsOf(d: Detector, g: UpstreamGraph, ctx: DetectContext = context()): Finding[] {
  const stamped = (fields: Parameters<typeof finding>[2]) => finding(ctx.policy, d.name, fields);
  if (d.scope === 'model') return d.findings(g, ctx).map(stamped);
  const upstream = upstreamOf(g, g.model);
  const jobs = d.producers ? jobFindings(d.producers, g, upstream) : [];
  const own = upstream.flatMap((u) => (g.nodes[u] ? d.findings(g, g.nodes[u], ctx) : []));
  return [...jobs, ...own].map(stamped);
}

function jobFindings(rule: ProducerRule, g: UpstreamGraph, upstream: string[]) {
  const troubled = (u: string) => {
    const n = g.nodes[u];
    return n?.kind === 'dataset' ? n.producers.filter((job) => rule.troubled(g.nodes[job])) : [];
  };
  const jobs = [...new Set(upstream.flatMap(troubled))].sort();
  return jobs.map((job) => rule.finding(g, job, upstream.filter((u) => troubled(u).includes(job)).sort()));
}
