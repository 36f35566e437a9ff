import { shortName } from '../names.js';
import { entityDetector, type ReportEvidence } from './detector.js';
import { alsoExplains, urnsIn } from './prose.js';

/**
 * The latest completed run of a job producing an upstream dataset failed (one finding per job, on the first of its
 * products the model reads, naming them all), or the latest run of a non-freshness assertion on an upstream dataset
 * failed. Only the latest counts: a failure followed by a success is history, not a finding. Failures travel: what
 * is built from a failed table is suspect too, and folds into it.
 */
export const upstreamFailure = entityDetector({
  name: 'upstream_failure',
  summary: 'the latest run of a job producing an upstream dataset failed, or the latest run of an assertion on one',
  severity: 'high',
  weight: 40,
  needs: ['lineage', 'job runs', 'assertion results'],
  travels: true,
  blastRadius: 'downstream',
  incident: { type: 'OPERATIONAL' },
  findings(_g, d) {
    if (d.kind !== 'dataset') return [];
    return d.assertions
      .filter((a) => a.kind === 'other' && a.latest?.result === 'FAILURE')
      .map((a) => ({
        entity: d.urn,
        key: `upstream_failure:${a.urn}`,
        message: `Assertion "${a.description ?? a.urn}" on ${d.name} failed on its latest run.`,
        evidence: { assertion: a.urn, failedAt: a.latest!.at, dataset: d.urn },
      }));
  },
  producers: {
    troubled: (job) => job?.latestRun?.result === 'FAILURE',
    finding(g, job, produces) {
      const run = g.nodes[job]!.latestRun!;
      const jobName = g.nodes[job]?.name ?? job;
      return {
        entity: produces[0]!,
        key: `upstream_failure:${job}`,
        message: `The latest run of job ${jobName} failed; it produces ${produces.map((d) => g.nodes[d]?.name ?? d).join(', ')}.`,
        evidence: { job, run: run.urn, failedAt: run.at, produces },
      };
    },
  },
  phrasing: {
    trouble: 'Upstream failure',
    sentence(f) {
      const e = f.evidence;
      return e.job
        ? `Job ${shortName(String(e.job))} failed its latest run, so ${(e.produces as string[]).map(shortName).join(', ')} cannot be trusted${alsoExplains(e)}.`
        : `An assertion on ${shortName(f.entity)} failed its latest run${alsoExplains(e)}.`;
    },
    title: (f, dataset) =>
      f.evidence.job
        ? `Job ${shortName(String(f.evidence.job))} failed: ${shortName(dataset)} is not up to date`
        : `Assertion failed on ${shortName(dataset)}`,
    details: (f) =>
      f.evidence.job
        ? [
            `Job: ${String(f.evidence.job)}`,
            `Failed run: ${String(f.evidence.run)} at ${new Date(Number(f.evidence.failedAt)).toISOString()}`,
          ]
        : [],
    cleared: () => 'the latest run succeeded',
    report(f) {
      const e = f.evidence;
      const facts: ReportEvidence['facts'] = e.job
        ? [
            ['Job', { entity: String(e.job) }],
            ['Failed run', { code: e.run }],
            ['Failed at', { time: e.failedAt }],
            ['Produces', { entities: e.produces }],
          ]
        : [
            ['Assertion', { code: e.assertion }],
            ['Failed at', { time: e.failedAt }],
            ['Dataset', { entity: f.entity }],
          ];
      return { facts };
    },
    picture(f) {
      const { job, produces } = f.evidence;
      if (typeof job !== 'string' || !Array.isArray(produces) || !produces.every((d) => typeof d === 'string'))
        return [{ trouble: f.entity, tag: 'assertion failed' }];
      return [
        { mark: job, tag: 'failed run' },
        ...(produces as string[]).flatMap((d) => [
          { link: job, to: d },
          { trouble: d, tag: 'output of failed job' },
        ]),
      ];
    },
    advice(f) {
      const e = f.evidence;
      const name = shortName(f.entity);
      if (typeof e.job === 'string') {
        const produces = urnsIn(e.produces).map(shortName).join(', ');
        return [
          `Open run ${shortName(String(e.run))} of job ${shortName(e.job)}${typeof e.failedAt === 'number' ? ` (failed ${new Date(e.failedAt).toISOString()})` : ''}: fix the cause and re-run it.`,
          `Until a run succeeds, treat ${produces || name} as stale or partial.`,
        ];
      }
      return [
        `Look at the failing assertion ${shortName(String(e.assertion))} on ${name}: fix the data, or the check if the check is wrong.`,
        'The finding clears when its next run passes.',
      ];
    },
  },
});
