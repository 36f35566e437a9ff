import { freshnessSla } from '../conventions/freshness-sla.js';
import { formatDuration } from '../duration.js';
import { finding, type Finding } from '../finding.js';
import { upstreamClosure, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/**
 * An upstream dataset last updated longer ago than its SLA, or whose latest freshness assertion run failed.
 * Unknown last update or unknown SLA is not stale.
 */
export function freshnessLag(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const findings: Finding[] = [];
  for (const urn of upstreamClosure(g, g.model)) {
    const d = g.nodes[urn];
    if (d?.kind !== 'dataset') continue;
    const sla = freshnessSla(g, d, ctx.freshness);
    const lag = d.lastUpdated !== undefined ? ctx.now - d.lastUpdated : undefined;
    const failedCheck = d.assertions.find((a) => a.kind !== 'other' && a.latest?.result === 'FAILURE');
    const late = sla && lag !== undefined && lag > sla.ms;
    if (!late && !failedCheck) continue;
    const message = late
      ? `${d.name} was last updated ${formatDuration(lag)} ago; its freshness SLA is ${formatDuration(sla.ms)}.`
      : `The latest freshness check on ${d.name} failed.`;
    findings.push(
      finding(ctx.policy, 'freshness_lag', {
        entity: urn,
        key: `freshness_lag:${urn}`,
        message,
        evidence: {
          lastUpdated: d.lastUpdated ?? null,
          slaMs: sla?.ms ?? null,
          slaSource: sla?.source ?? null,
          lagMs: lag ?? null,
          ...(failedCheck ? { assertion: failedCheck.urn } : {}),
        },
      }),
    );
  }
  return findings;
}
