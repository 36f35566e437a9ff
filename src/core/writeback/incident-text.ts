import { formatDuration } from '../duration.js';
import { shortName } from '../names.js';
import type { ModelRef } from '../verdict.js';
import { DATASET_FACTS, KEY_LINE, MODELS_LINE } from './conventions.js';
import type { RootCause } from './root-causes.js';
import { effectsOf } from '../effects.js';

const TITLES: Record<string, (rc: RootCause) => string> = {
  target_leakage: (rc) =>
    `Target leakage: feature ${shortName(String(rc.finding.evidence.feature))} derives from the label's source ${shortName(rc.finding.evidence.sharedAncestor as string)}`,
  freshness_lag: (rc) => `${shortName(rc.dataset)} is past its freshness SLA`,
  upstream_failure: (rc) =>
    rc.finding.evidence.job
      ? `Job ${shortName(String(rc.finding.evidence.job))} failed: ${shortName(rc.dataset)} is not up to date`
      : `Assertion failed on ${shortName(rc.dataset)}`,
  missing_owner: (rc) => `${shortName(rc.dataset)} has no owner who is still here`,
  deprecated_upstream: (rc) => `${shortName(rc.dataset)} is deprecated but ML models still depend on it`,
  removed_upstream: (rc) => `${shortName(rc.dataset)} was removed but ML models still depend on it`,
};

/** A title in plain words, prefixed so people see who raised it. */
export const incidentTitle = (rc: RootCause): string => `[Janus] ${TITLES[rc.finding.detector]!(rc)}`;

/** The evidence (for leakage, the exact column chain), the models affected, and the key Janus recognises it by. */
export function incidentDescription(rc: RootCause): string {
  const lines = [rc.finding.message, ''];
  const e = rc.finding.evidence;
  if (rc.finding.detector === 'target_leakage') {
    lines.push('Column chain (feature → shared ancestor → label):');
    for (const chain of e.chains as string[][]) lines.push(`- ${chain.join(' → ')}`);
  } else if (rc.finding.detector === 'freshness_lag' && typeof e.lagMs === 'number') {
    lines.push(
      `Last update: ${new Date(Number(e.lastUpdated)).toISOString()} (${formatDuration(e.lagMs)} ago); SLA: ${typeof e.slaMs === 'number' ? formatDuration(e.slaMs) : 'failed freshness check'} (${String(e.slaSource)}).`,
    );
  } else if (rc.finding.detector === 'upstream_failure' && e.job) {
    lines.push(
      `Job: ${String(e.job)}`,
      `Failed run: ${String(e.run)} at ${new Date(Number(e.failedAt)).toISOString()}`,
    );
  }
  const effects = effectsOf(rc.finding);
  for (const d of effects.listed) lines.push(`Also explains: ${d.message}`);
  if (effects.unlisted) lines.push(`Also explains trouble on ${effects.unlisted} more downstream datasets.`);
  lines.push('', `Models with this finding: ${named(rc.models, rc.models.length)}`);
  const others = rc.blastRadius.length - rc.models.length;
  if (others) lines.push(`Other models downstream: ${named(firstOthers(rc), others)}`);
  lines.push('', 'Raised by Janus; Janus resolves it when the finding clears.', `${KEY_LINE}${rc.key}`);
  // only a leak needs its models recorded: it clears per model, where the rest clear with their dataset
  if (!DATASET_FACTS.has(rc.finding.detector)) lines.push(`${MODELS_LINE}${rc.models.map((m) => m.urn).join(' ')}`);
  return lines.join('\n');
}

/**
 * How many models an incident names. A table near the sources of a big catalog feeds thousands of models: the
 * incident names the first few and counts the rest (every model in the blast radius carries the model-at-risk tag).
 */
export const NAMED_MODELS = 25;

const named = (first: ModelRef[], count: number): string => {
  const names = first
    .slice(0, NAMED_MODELS)
    .map((m) => m.name)
    .join(', ');
  return count > NAMED_MODELS ? `${names} and ${count - NAMED_MODELS} more (${count} in all)` : names;
};

/** The first models of the blast radius without the finding: both lists are in the same order, so one merge walk. */
function firstOthers(rc: RootCause): ModelRef[] {
  const first: ModelRef[] = [];
  let j = 0;
  for (const m of rc.blastRadius) {
    if (rc.models[j]?.urn === m.urn) j++;
    else if (first.push(m) === NAMED_MODELS) break;
  }
  return first;
}

/** What the resolution message says cleared. */
export function clearedMessage(key: string, dataset: string): string {
  const what: Record<string, string> = {
    target_leakage: 'the feature no longer derives from the label’s source column',
    freshness_lag: `${shortName(dataset)} is within its freshness SLA again`,
    upstream_failure: 'the latest run succeeded',
    missing_owner: `${shortName(dataset)} has an owner again`,
    deprecated_upstream: `${shortName(dataset)} is no longer deprecated or no longer upstream`,
    removed_upstream: `${shortName(dataset)} is back or no longer upstream`,
  };
  return `Resolved by Janus: ${what[key.split(':')[0]!] ?? 'the finding cleared'}.`;
}
