import { detectorNamed } from './detectors/registered.js';
import type { Finding } from './finding.js';
import { changesNothing, type ModelChanges } from './verdict-changes.js';

/** A finding's kind of trouble mid-sentence (`target leakage (critical)`). */
const trouble = (f: Finding) => {
  const words = detectorNamed(f.detector)?.phrasing.trouble ?? f.detector;
  return `${words.charAt(0).toLowerCase()}${words.slice(1)} (${f.severity})`;
};

export type FindingChangeKind = 'introduced' | 'removed' | 'changed';

/** What a change does with one finding of a model, as a sentence with the finding's message. */
export function findingChangeSentence(kind: FindingChangeKind, f: Finding, model: string): string {
  if (kind === 'introduced') return `This change introduces ${trouble(f)} into ${model}: ${f.message}`;
  if (kind === 'removed') return `This change removes ${trouble(f)} from ${model}: ${f.message}`;
  return `This change alters the evidence of ${trouble(f)} in ${model}: ${f.message}`;
}

/** The model's score and outcome, before and after the change (`score 100 → 80 (at_risk), now blocked`). */
export function outcomeWords(c: ModelChanges): string {
  const outcome =
    c.blocked.before === c.blocked.after
      ? c.blocked.after
        ? 'still blocked'
        : 'still passes'
      : c.blocked.after
        ? 'now blocked'
        : 'no longer blocked';
  return `score ${c.score.before} → ${c.score.after} (${c.band.after}), ${outcome}`;
}

export const nothingSentence = (model: string) => `This change changes nothing Janus judges in ${model}.`;

/**
 * What a change does to one model: a sentence per finding it introduces, removes or alters (in that order), then its
 * score and outcome; one sentence when it changes nothing Janus judges. Pure.
 */
export function changeSentences(c: ModelChanges): string[] {
  const model = c.model.name;
  if (changesNothing(c)) return [nothingSentence(model)];
  return [
    ...c.introduced.map(({ finding }) => findingChangeSentence('introduced', finding, model)),
    ...c.removed.map(({ finding }) => findingChangeSentence('removed', finding, model)),
    ...c.changed.map(({ finding }) => findingChangeSentence('changed', finding, model)),
    `${model}: ${outcomeWords(c)}.`,
  ];
}
