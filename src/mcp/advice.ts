import { formatDuration } from '../core/duration.js';
import type { Finding } from '../core/finding.js';
import type { UpstreamGraph } from '../core/graph.js';
import { shortName } from '../core/names.js';

/**
 * What to do about a finding, as short imperative steps. Pure: the finding's evidence and, when known, the
 * upstream graph it was found in (for the jobs producing a stale dataset). Shared wording for every surface
 * that explains a finding (MCP today; Slack could reuse it).
 */
export function adviceFor(f: Finding, graph?: UpstreamGraph): string[] {
  const e = f.evidence;
  const name = shortName(f.entity);
  switch (f.detector) {
    case 'target_leakage': {
      const feature = shortName(String(e.feature));
      const shared = shortName(String(e.sharedAncestor));
      const label = shortName(String(e.label));
      return [
        `Drop feature ${feature} from the model, or re-derive it only from data known at prediction time.`,
        `Cut the column path at the shared ancestor ${shared}: the feature must not read it, or anything derived from it, because the label ${label} does.`,
        'Retrain, then ask Janus again: the finding clears when no column path joins the feature to the label.',
      ];
    }
    case 'freshness_lag': {
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
    }
    case 'upstream_failure':
      if (typeof e.job === 'string') {
        const produces = ((e.produces as string[] | undefined) ?? []).map(shortName).join(', ');
        return [
          `Open run ${shortName(String(e.run))} of job ${shortName(e.job)}${typeof e.failedAt === 'number' ? ` (failed ${new Date(e.failedAt).toISOString()})` : ''}: fix the cause and re-run it.`,
          `Until a run succeeds, treat ${produces || name} as stale or partial.`,
        ];
      }
      return [
        `Look at the failing assertion ${shortName(String(e.assertion))} on ${name}: fix the data, or the check if the check is wrong.`,
        'The finding clears when its next run passes.',
      ];
    case 'missing_owner': {
      const departed = ((e.departedOwners as string[] | undefined) ?? []).map(shortName);
      return [
        `Claim ${name}: add an owner in DataHub, a person or team still here, who answers when it breaks.`,
        ...(departed.length ? [`Remove the owners who have left (${departed.join(', ')}).`] : []),
      ];
    }
    case 'deprecated_upstream':
      return [
        `Migrate off ${name}${e.note ? ` (its deprecation note: ${String(e.note)})` : ''} to its replacement, then retrain.`,
        `If ${name} is still the right source, ask its owner to lift the deprecation in DataHub.`,
      ];
    case 'removed_upstream':
      return [
        `${name} was removed from DataHub: migrate the model to its replacement and retrain.`,
        'If the removal was a mistake, restore the entity in DataHub.',
      ];
  }
}

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
