import { detectorNamed, hurtsDownstream } from '../detectors/registered.js';
import { effectsOf } from '../effects.js';
import type { ModelRef } from '../verdict.js';
import { detectorOfKey, KEY_LINE, MODELS_LINE } from './conventions.js';
import type { RootCause } from './root-causes.js';

/** A title in plain words, prefixed so people see who raised it. */
export const incidentTitle = (rc: RootCause): string =>
  `[Janus] ${detectorNamed(rc.finding.detector)?.phrasing.title(rc.finding, rc.dataset) ?? rc.finding.message}`;

/** The evidence (for leakage, the exact column chain), the models affected, and the key Janus recognises it by. */
export function incidentDescription(rc: RootCause): string {
  const lines = [rc.finding.message, ''];
  for (const line of detectorNamed(rc.finding.detector)?.phrasing.details?.(rc.finding) ?? []) lines.push(line);
  const effects = effectsOf(rc.finding);
  for (const d of effects.listed) lines.push(`Also explains: ${d.message}`);
  if (effects.unlisted) lines.push(`Also explains trouble on ${effects.unlisted} more downstream datasets.`);
  lines.push('', `Models with this finding: ${named(rc.models, rc.models.length)}`);
  const others = rc.blastRadius.length - rc.models.length;
  if (others) lines.push(`Other models downstream: ${named(firstOthers(rc), others)}`);
  lines.push('', 'Raised by Janus; Janus resolves it when the finding clears.', `${KEY_LINE}${rc.key}`);
  // only a leak needs its models recorded: it clears per model, where the rest clear with their dataset
  if (!hurtsDownstream(rc.finding.detector)) lines.push(`${MODELS_LINE}${rc.models.map((m) => m.urn).join(' ')}`);
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
  const what = detectorNamed(detectorOfKey(key))?.phrasing.cleared(dataset) ?? 'the finding cleared';
  return `Resolved by Janus: ${what}.`;
}
