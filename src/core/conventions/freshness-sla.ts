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
  // two of one kind (two freshness checks, two producing jobs): the strictest, as the table must keep both promises
  const native = strictest(dataset.assertions.map((a) => (a.kind === 'freshness' ? a.slaMs : undefined)));
  if (native) return { ms: native, source: 'freshness_assertion' };
  const dbt = strictest(dataset.assertions.map((a) => (a.kind === 'dbt_freshness' ? a.slaMs : undefined)));
  if (dbt) return { ms: dbt, source: 'dbt_freshness' };
  // a text Janus cannot read is no SLA: the next convention applies
  const own = parseDuration(dataset.customProperties.freshness_sla);
  if (own) return { ms: own, source: 'dataset_property' };
  const jobSla = strictest(dataset.producers.map((job) => parseDuration(g.nodes[job]?.customProperties.sla)));
  if (jobSla) return { ms: jobSla, source: 'job_property' };
  const platform = dataset.platform;
  const byPlatform = platform
    ? (defaults.byPlatform[platform] ?? defaults.byPlatform[platform.replace('urn:li:dataPlatform:', '')])
    : undefined;
  if (byPlatform) return { ms: byPlatform, source: 'config_platform' };
  if (defaults.globalMs) return { ms: defaults.globalMs, source: 'config_default' };
  return undefined;
}

/** The shortest of the SLAs given (none: undefined). */
function strictest(slas: (number | undefined)[]): number | undefined {
  const known = slas.filter((ms): ms is number => !!ms && ms > 0);
  return known.length ? Math.min(...known) : undefined;
}
