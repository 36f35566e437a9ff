import { finding, type Finding } from '../finding.js';
import { indexOf, upstreamClosure, type EntityNode, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { memoized } from './memo.js';

/**
 * The latest completed run of a job producing an upstream dataset failed, or the latest run of a
 * non-freshness assertion on an upstream dataset failed. Only the latest counts: a failure followed by a
 * success is history, not a finding.
 */
export function upstreamFailure(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const upstream = upstreamClosure(g, g.model);
  const produced = upstream.map((u) => [u, failedProducers(g, g.nodes[u])] as const).filter(([, jobs]) => jobs.length);
  return [...failedJobs(g, ctx, produced), ...upstream.flatMap((u) => failedAssertionsOf(g.nodes[u], ctx))];
}

/**
 * The jobs whose latest run failed, from the upstream datasets they produce (each with its failed producers):
 * one finding each, on the first dataset.
 */
export function failedJobs(g: UpstreamGraph, ctx: DetectContext, produced: Iterable<readonly [string, readonly string[]]>): Finding[] {
  const producedBy = new Map<string, string[]>();
  for (const [urn, jobs] of produced) {
    for (const job of jobs) {
      const list = producedBy.get(job);
      if (list) list.push(urn);
      else producedBy.set(job, [urn]);
    }
  }
  const all = memoized(g, ctx, 'job-products', () => productsOfFailedJobs(g));
  const made = memoized(g, ctx, 'job-findings', () => new Map<string, Finding>());
  return [...producedBy.keys()].sort().map((job) => {
    const seen = producedBy.get(job)!;
    // most models see every product of a job: one finding per job, and no sorting per model
    const every = all.get(job);
    const products = every && seen.length === every.length ? every : seen.sort();
    const key = products === every ? job : `${job}\n${products.join('\n')}`;
    let f = made.get(key);
    if (!f) made.set(key, (f = jobFinding(g, ctx, job, products)));
    return f;
  });
}

/** Every product of each job whose latest run failed, sorted: what a model that sees them all is told. */
function productsOfFailedJobs(g: UpstreamGraph): Map<string, string[]> {
  const products = new Map<string, string[]>();
  indexOf(g).urns.forEach((urn) => {
    for (const job of failedProducers(g, g.nodes[urn])) {
      const list = products.get(job);
      if (list) list.push(urn);
      else products.set(job, [urn]);
    }
  });
  for (const list of products.values()) list.sort();
  return products;
}

function jobFinding(g: UpstreamGraph, ctx: DetectContext, job: string, produced: string[]): Finding {
  const run = g.nodes[job]!.latestRun!;
  const jobName = g.nodes[job]?.name ?? job;
  return finding(ctx.policy, 'upstream_failure', {
    entity: produced[0]!,
    key: `upstream_failure:${job}`,
    message: `The latest run of job ${jobName} failed; it produces ${produced.map((d) => g.nodes[d]?.name ?? d).join(', ')}.`,
    evidence: { job, run: run.urn, failedAt: run.at, produces: produced },
  });
}

/** The jobs producing a dataset whose latest completed run failed. */
export function failedProducers(g: UpstreamGraph, d: EntityNode | undefined): string[] {
  if (d?.kind !== 'dataset') return [];
  return d.producers.filter((job) => g.nodes[job]?.latestRun?.result === 'FAILURE');
}

/** Failed non-freshness assertions on one dataset, whichever model reaches it. */
export function failedAssertionsOf(d: EntityNode | undefined, ctx: DetectContext): Finding[] {
  if (d?.kind !== 'dataset') return [];
  return d.assertions
    .filter((a) => a.kind === 'other' && a.latest?.result === 'FAILURE')
    .map((a) =>
      finding(ctx.policy, 'upstream_failure', {
        entity: d.urn,
        key: `upstream_failure:${a.urn}`,
        message: `Assertion "${a.description ?? a.urn}" on ${d.name} failed on its latest run.`,
        evidence: { assertion: a.urn, failedAt: a.latest!.at, dataset: d.urn },
      }),
    );
}
