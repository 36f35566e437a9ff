import { freshnessSla, type FreshnessDefaults } from '../../../src/core/conventions/freshness-sla.js';
import type { DetectorName, Policy } from '../../../src/core/finding.js';
import type { EntityNode, UpstreamGraph } from '../../../src/core/graph.js';

/** A finding as the reference states it: everything the engine's has but the message (prose is not a rule). */
export interface RefFinding {
  detector: DetectorName;
  entity: string;
  key: string;
  severity: string;
  weight: number;
  evidence: Record<string, unknown>;
}

export interface RefContext {
  policy: Policy;
  now: number;
  freshness: FreshnessDefaults;
}

export const refFinding = (
  ctx: RefContext,
  detector: DetectorName,
  entity: string,
  key: string,
  evidence: Record<string, unknown>,
): RefFinding => ({
  detector,
  entity,
  key,
  severity: ctx.policy[detector]!.severity,
  weight: ctx.policy[detector]!.weight,
  evidence,
});

/**
 * upstream_failure on a dataset: the latest run of a non-freshness assertion failed (docs/conventions.md).
 * freshness_lag: last updated longer ago than its SLA, or the latest run of a freshness assertion (native or dbt)
 * failed; unknown last update or SLA is not stale. These two travel downstream (and fold into root causes).
 */
export function travellingFindings(g: UpstreamGraph, n: EntityNode | undefined, ctx: RefContext): RefFinding[] {
  if (n?.kind !== 'dataset') return [];
  const out: RefFinding[] = [];
  for (const a of n.assertions) {
    if (a.kind === 'other' && a.latest?.result === 'FAILURE') {
      out.push(
        refFinding(ctx, 'upstream_failure', n.urn, `upstream_failure:${a.urn}`, {
          assertion: a.urn,
          failedAt: a.latest.at,
          dataset: n.urn,
        }),
      );
    }
  }
  const sla = freshnessSla(g, n, ctx.freshness);
  const lag = n.lastUpdated === undefined ? undefined : ctx.now - n.lastUpdated;
  const late = sla !== undefined && lag !== undefined && lag > sla.ms;
  const failedCheck = n.assertions.find(
    (a) => (a.kind === 'freshness' || a.kind === 'dbt_freshness') && a.latest?.result === 'FAILURE',
  );
  if (late || failedCheck) {
    out.push(
      refFinding(ctx, 'freshness_lag', n.urn, `freshness_lag:${n.urn}`, {
        lastUpdated: n.lastUpdated ?? null,
        slaMs: sla?.ms ?? null,
        slaSource: sla?.source ?? null,
        lagMs: lag ?? null,
        ...(failedCheck ? { assertion: failedCheck.urn } : {}),
      }),
    );
  }
  return out;
}

/** deprecated_upstream and removed_upstream, on an entity of any kind: they never fold. */
export function standingFindings(n: EntityNode | undefined, ctx: RefContext): RefFinding[] {
  if (!n) return [];
  const out: RefFinding[] = [];
  if (n.deprecated)
    out.push(
      refFinding(ctx, 'deprecated_upstream', n.urn, `deprecated_upstream:${n.urn}`, {
        note: n.deprecated.note ?? null,
      }),
    );
  if (n.removed) out.push(refFinding(ctx, 'removed_upstream', n.urn, `removed_upstream:${n.urn}`, {}));
  return out;
}

/** The jobs producing a dataset whose latest completed run failed. */
export function failedJobsOf(g: UpstreamGraph, n: EntityNode | undefined): string[] {
  if (n?.kind !== 'dataset') return [];
  return n.producers.filter((j) => g.nodes[j]?.latestRun?.result === 'FAILURE');
}

/** Trouble that travels: an own travelling finding, or a producing job whose latest run failed. */
export const isTroubled = (g: UpstreamGraph, urn: string, ctx: RefContext) =>
  travellingFindings(g, g.nodes[urn], ctx).length > 0 || failedJobsOf(g, g.nodes[urn]).length > 0;

/**
 * upstream_failure per failed job, from the model's upstream datasets it produces: one finding on the first of
 * them (by urn), listing them all. Sorted by job urn.
 */
export function jobFindings(g: UpstreamGraph, upstream: string[], ctx: RefContext): RefFinding[] {
  const jobs = [...new Set(upstream.flatMap((u) => failedJobsOf(g, g.nodes[u])))].sort();
  return jobs.map((job) => {
    const produces = upstream.filter((u) => failedJobsOf(g, g.nodes[u]).includes(job)).sort();
    const run = g.nodes[job]!.latestRun!;
    return refFinding(ctx, 'upstream_failure', produces[0]!, `upstream_failure:${job}`, {
      job,
      run: run.urn,
      failedAt: run.at,
      produces,
    });
  });
}

/** missing_owner: the model or a first-hop input (feature, feature table, training data) with no owner still here. Groups always count. */
export function missingOwners(g: UpstreamGraph, ctx: RefContext): RefFinding[] {
  const subjects = [...new Set([g.model, ...g.features, ...g.featureTables, ...g.trainingData])];
  return subjects.flatMap((urn) => {
    const n = g.nodes[urn];
    if (!n || n.owners.some((o) => o.kind === 'group' || !o.departed)) return [];
    return [
      refFinding(ctx, 'missing_owner', urn, `missing_owner:${urn}`, {
        departedOwners: n.owners.filter((o) => o.departed).map((o) => o.urn),
      }),
    ];
  });
}
