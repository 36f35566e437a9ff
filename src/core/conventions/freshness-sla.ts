import { parseDuration } from '../duration.js';
import type { EntityNode, UpstreamGraph } from '../graph.js';

export interface FreshnessDefaults {
  /** Global default SLA in ms (none by default). */
  globalMs?: number;
  /** Per platform (`snowflake`, or the platform urn) in ms. */
  byPlatform: Record<string, number>;
}

export interface Sla {
  ms: number;
  source:
    | 'freshness_assertion'
    | 'dbt_freshness'
    | 'dataset_property'
    | 'job_property'
    | 'config_platform'
    | 'config_default';
}

/** A dataset's freshness SLA, first convention that applies (docs/conventions.md); undefined when none does. */
export function freshnessSla(g: UpstreamGraph, dataset: EntityNode, defaults: FreshnessDefaults): Sla | undefined {
  const native = dataset.assertions.find((a) => a.kind === 'freshness' && a.slaMs);
  if (native?.slaMs) return { ms: native.slaMs, source: 'freshness_assertion' };
  const dbt = dataset.assertions.find((a) => a.kind === 'dbt_freshness' && a.slaMs);
  if (dbt?.slaMs) return { ms: dbt.slaMs, source: 'dbt_freshness' };
  const own = parseDuration(dataset.customProperties.freshness_sla);
  if (own) return { ms: own, source: 'dataset_property' };
  for (const job of dataset.producers) {
    const jobSla = parseDuration(g.nodes[job]?.customProperties.sla);
    if (jobSla) return { ms: jobSla, source: 'job_property' };
  }
  const platform = dataset.platform;
  const byPlatform = platform
    ? (defaults.byPlatform[platform] ?? defaults.byPlatform[platform.replace('urn:li:dataPlatform:', '')])
    : undefined;
  if (byPlatform) return { ms: byPlatform, source: 'config_platform' };
  if (defaults.globalMs) return { ms: defaults.globalMs, source: 'config_default' };
  return undefined;
}
