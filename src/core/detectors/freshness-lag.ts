import { freshnessSla } from '../conventions/freshness-sla.js';
import { formatDuration } from '../duration.js';
import { shortName } from '../names.js';
import { entityDetector, type ReportEvidence } from './detector.js';
import { alsoExplains } from './prose.js';

/**
 * An upstream dataset last updated longer ago than its SLA (docs/conventions.md), or whose latest freshness assertion
 * run failed. Unknown last update or unknown SLA is not stale. Staleness travels: a table built from a stale one is
 * suspect too, and folds into it.
 */
export const freshnessLag = entityDetector({
  name: 'freshness_lag',
  summary: 'an upstream dataset last updated longer ago than its freshness SLA, or whose latest freshness check failed',
  severity: 'medium',
  weight: 15,
  needs: ['lineage', 'last update', 'freshness SLA', 'assertion results'],
  travels: true,
  blastRadius: 'downstream',
  incident: { type: 'FRESHNESS' },
  findings(g, d, ctx) {
    if (d.kind !== 'dataset') return [];
    const sla = freshnessSla(g, d, ctx.freshness);
    const lag = d.lastUpdated !== undefined ? ctx.now - d.lastUpdated : undefined;
    const failedCheck = d.assertions.find((a) => a.kind !== 'other' && a.latest?.result === 'FAILURE');
    const late = sla && lag !== undefined && lag > sla.ms;
    if (!late && !failedCheck) return [];
    const message = late
      ? `${d.name} was last updated ${formatDuration(lag)} ago; its freshness SLA is ${formatDuration(sla.ms)}.`
      : `The latest freshness check on ${d.name} failed.`;
    return [
      {
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
      },
    ];
  },
  phrasing: {
    trouble: 'Stale data',
    sentence(f) {
      const e = f.evidence;
      if (isLate(e))
        return `${shortName(f.entity)} last changed ${formatDuration(e.lagMs)} ago against a ${formatDuration(e.slaMs)} SLA${alsoExplains(e)}.`;
      return `The latest freshness check on ${shortName(f.entity)} failed${alsoExplains(e)}.`;
    },
    title: (_f, dataset) => `${shortName(dataset)} is past its freshness SLA`,
    details(f) {
      const e = f.evidence;
      if (typeof e.lagMs !== 'number') return [];
      return [
        `Last update: ${new Date(Number(e.lastUpdated)).toISOString()} (${formatDuration(e.lagMs)} ago); SLA: ${typeof e.slaMs === 'number' ? formatDuration(e.slaMs) : 'failed freshness check'} (${String(e.slaSource)}).`,
      ];
    },
    cleared: (dataset) => `${shortName(dataset)} is within its freshness SLA again`,
    report(f) {
      const e = f.evidence;
      const facts: ReportEvidence['facts'] = [
        ['Dataset', { entity: f.entity }],
        ['Last updated', { time: e.lastUpdated }],
      ];
      if (typeof e.lagMs === 'number') facts.push(['Lag', { text: formatDuration(e.lagMs) }]);
      if (typeof e.slaMs === 'number')
        facts.push([
          'SLA',
          { text: formatDuration(e.slaMs), ...(e.slaSource ? { note: `from ${String(e.slaSource)}` } : {}) },
        ]);
      if (e.assertion) facts.push(['Failed check', { code: e.assertion }]);
      return { facts };
    },
    picture: (f) => [{ trouble: f.entity, tag: isLate(f.evidence) ? 'stale' : 'freshness check failed' }],
    advice(f, graph) {
      const e = f.evidence;
      const name = shortName(f.entity);
      const producers = graph?.nodes[f.entity]?.producers ?? [];
      const steps = [
        producers.length
          ? `Check the job that produces ${name} (${producers.map(shortName).join(', ')}): its latest run, and whether it is still scheduled.`
          : `Nothing in DataHub produces ${name}: check the source or ingestion that lands it.`,
      ];
      if (typeof e.assertion === 'string')
        steps.push(`Look at the latest run of the freshness check ${shortName(e.assertion)}.`);
      if (typeof e.slaMs === 'number')
        steps.push(
          `The ${formatDuration(e.slaMs)} SLA comes from ${slaSourceWords(String(e.slaSource))}: if it is wrong, change it there, not in Janus.`,
        );
      return steps;
    },
  },
});

/** Late against its SLA (else only its freshness check failed). */
const isLate = (e: Record<string, unknown>): e is { lagMs: number; slaMs: number } =>
  typeof e.lagMs === 'number' && typeof e.slaMs === 'number' && e.lagMs > e.slaMs;

function slaSourceWords(source: string): string {
  switch (source) {
    case 'freshness_assertion':
      return "the dataset's freshness assertion";
    case 'dbt_freshness':
      return 'dbt source freshness';
    case 'dataset_property':
      return "the dataset's freshness_sla property";
    case 'job_property':
      return "the producing job's sla property";
    case 'config_platform':
      return "Janus's per-platform default (judge.freshness.platforms)";
    case 'config_default':
      return "Janus's default SLA (judge.freshness.default)";
    default:
      return source;
  }
}
