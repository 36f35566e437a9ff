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

/** A root cause's header, and the same without the model when the model is named first (`firstLine`). */
export interface CauseHeadline {
  headline: string;
  /** Set when the trouble is one model's own (a leak in its features): what happened, without the model. */
  trouble?: string;
}

/**
 * A root cause's header: its kind of trouble, as its detector's registration words it, and where (`Upstream failure:
 * stg_sessions`). A trouble of one model's own (`blastRadius: 'model'`, such as target leakage) names the model and
 * the entity its finding is about (`Target leakage: feature txn_amount_7d in fraud_detector_v4`), not the table the
 * chain happens to pass through: only the model's owners can fix it.
 */
export function causeHeadline(
  detector: string,
  dataset: string,
  key?: string,
  models: readonly { name: string }[] = [],
): CauseHeadline {
  const d = detectorNamed(detector);
  const trouble = d?.phrasing.trouble ?? detector.replace(/_/g, ' ');
  if (d?.blastRadius !== 'model' || !key) return { headline: `${trouble}: ${shortName(dataset)}` };
  const entity = leadingUrn(key.slice(detector.length + 1));
  const what = entity ? `${kindWord(entity)}${shortName(entity)}` : shortName(dataset);
  const model = models.length === 1 ? ` in ${models[0]!.name}` : '';
  return { headline: `${trouble}: ${what}${model}`, trouble: `${trouble}: ${what}` };
}

const KIND_WORDS: Record<string, string> = { mlFeature: 'feature ', dataset: 'table ', schemaField: 'column ' };
const kindWord = (urn: string) => KIND_WORDS[/^urn:li:([A-Za-z]+):/.exec(urn)?.[1] ?? ''] ?? '';

/** The urn a finding key's rest starts with (`urn:li:mlFeature:(ns,name):urn:li:schemaField:(…)` → the feature). */
function leadingUrn(rest: string): string | undefined {
  const head = /^urn:li:[A-Za-z]+:/.exec(rest);
  if (!head) return undefined;
  let i = head[0].length;
  if (rest[i] !== '(') {
    const next = rest.indexOf(':urn:li:', i);
    return next < 0 ? rest : rest.slice(0, next);
  }
  for (let depth = 0; i < rest.length; i++) {
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')' && --depth === 0) return rest.slice(0, i + 1);
  }
  return undefined;
}

/** A model's own alert header: `churn_predictor_v2 moved trusted → caution`, or `… first judged: caution`. */
export function modelHeadline(name: string, from: Band | null, to: Band): string {
  return from ? `${name} moved ${BAND_WORD[from]} → ${BAND_WORD[to]}` : `${name} first judged: ${BAND_WORD[to]}`;
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
