import { narrate } from '../../core/argos.js';
import { BAND_WORD } from '../present/vocabulary.js';
import { detectorNamed } from '../../core/detectors/registered.js';
import { shortName } from '../../core/names.js';
import type { Band } from '../../core/score.js';
import type { Verdict } from '../../core/verdict.js';

/**
 * What an alert says happened, in Argos's voice. Pure. A root cause's sentence is the narrator's for its finding
 * (the column chain, the failed run, the lag against the SLA), taken from a verdict that has it; without one, the
 * finding's own message.
 */

/** Most sentences a model's own alert tells (its verdict's heaviest findings). */
const MODEL_SENTENCES = 4;

/** A root cause's header: its kind of trouble, as its detector's registration words it, and where (`Upstream failure: stg_sessions`). */
export function causeHeadline(detector: string, dataset: string): string {
  const trouble = detectorNamed(detector)?.phrasing.trouble ?? detector.replace(/_/g, ' ');
  return `${trouble}: ${shortName(dataset)}`;
}

/** A model's own alert header: `churn_predictor_v2 moved trusted → caution`. */
export function modelHeadline(name: string, from: Band | null, to: Band): string {
  return `${name} moved ${from ? BAND_WORD[from] : 'unjudged'} → ${BAND_WORD[to]}`;
}

/** Argos's sentence for one root cause, from a verdict that has its finding; else the finding's message. */
export function causeStory(key: string, verdict: Verdict | undefined, message: string | undefined): string[] {
  const f = verdict?.findings.find((x) => x.key === key);
  if (f) {
    const [, sentence] = narrate({ ...verdict!, findings: [f], blastRadius: [] });
    if (sentence) return [sentence];
  }
  return message ? [message] : [];
}

/** Argos on a model's own band change: the opening line and its heaviest findings. */
export function modelStory(verdict: Verdict | undefined): string[] {
  if (!verdict) return [];
  const findings = [...verdict.findings].sort((a, b) => b.weight - a.weight).slice(0, MODEL_SENTENCES);
  return narrate({ ...verdict, findings, blastRadius: [] });
}
