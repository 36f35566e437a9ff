import { finding, type Finding } from '../finding.js';
import { upstreamClosure, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/**
 * The latest completed run of a job producing an upstream dataset failed, or the latest run of a
 * non-freshness assertion on an upstream dataset failed. Only the latest counts: a failure followed by a
 * success is history, not a finding.
 */
export function upstreamFailure(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const upstream = upstreamClosure(g, g.model);
  const datasets = upstream.map((u) => g.nodes[u]).filter((n) => n?.kind === 'dataset');
  const findings: Finding[] = [];

  const producedBy = new Map<string, string[]>();
  for (const d of datasets) for (const job of d!.producers) producedBy.set(job, [...(producedBy.get(job) ?? []), d!.urn]);
  for (const job of [...producedBy.keys()].sort()) {
    const run = g.nodes[job]?.latestRun;
    if (run?.result !== 'FAILURE') continue;
    const produced = producedBy.get(job)!.sort();
    const jobName = g.nodes[job]?.name ?? job;
    findings.push(
      finding(ctx.policy, 'upstream_failure', {
        entity: produced[0]!,
        key: `upstream_failure:${job}`,
        message: `The latest run of job ${jobName} failed; it produces ${produced.map((d) => g.nodes[d]?.name ?? d).join(', ')}.`,
        evidence: { job, run: run.urn, failedAt: run.at, produces: produced },
      }),
    );
  }

  for (const d of datasets) {
    for (const a of d!.assertions) {
      if (a.kind !== 'other' || a.latest?.result !== 'FAILURE') continue;
      findings.push(
        finding(ctx.policy, 'upstream_failure', {
          entity: d!.urn,
          key: `upstream_failure:${a.urn}`,
          message: `Assertion "${a.description ?? a.urn}" on ${d!.name} failed on its latest run.`,
          evidence: { assertion: a.urn, failedAt: a.latest.at, dataset: d!.urn },
        }),
      );
    }
  }
  return findings;
}
