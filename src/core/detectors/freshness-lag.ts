import { freshnessSla } from '../conventions/freshness-sla.js';
import { formatDuration } from '../duration.js';
import { finding, type Finding } from '../finding.js';
import { upstreamClosure, type EntityNode, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/**
 * An upstream dataset last updated longer ago than its SLA, or whose latest freshness assertion run failed.
 * Unknown last update or unknown SLA is not stale.
 */
export function freshnessLag(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  return upstreamClosure(g, g.model).flatMap((urn) => freshnessLagOf(g, g.nodes[urn], ctx));
}

/** The freshness finding on one entity, whichever model reaches it. */
export function freshnessLagOf(g: UpstreamGraph, d: EntityNode | undefined, ctx: DetectContext): Finding[] {
  if (d?.kind !== 'dataset') return [];
  const sla = freshnessSla(g, d, ctx.freshness);
  const lag = d.lastUpdated !== undefined ? ctx.now - d.lastUpdated : undefined;
  const failedCheck = d.assertions.find((a) => a.kind !== 'other' && a.latest?.result === 'FAILURE');
  const late = sla && lag !== undefined && lag > sla.ms;
  if (!late && !failedCheck) return [];
  const message = late
    ? `${d.name} was last updated ${formatDuration(lag)} ago; its freshness SLA is ${formatDuration(sla.ms)}.`
    : `The latest freshness check on ${d.name} failed.`;
  return [
    finding(ctx.policy, 'freshness_lag', {
      entity: d.urn,
      key: `freshness_lag:${d.urn}`,
      message,
      evidence: {
        lastUpdated: d.lastUpdated ?? null,
        slaMs: sla?.ms ?? null,
        slaSource: sla?.source ?? null,
        lagMs: lag ?? null,
        ...(failedCheck ? { assertion: failedCheck.urn } : {}),
      },
    }),
  ];
}
