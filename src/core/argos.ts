import { acceptanceSentences } from './acceptance/words.js';
import { bandTitle } from './band-words.js';
import { plural } from './detectors/prose.js';
import { detectorCounts } from './finding-counts.js';
import { detectorNamed } from './detectors/registered.js';
import type { Finding } from './finding.js';
import { otherModels, type ModelListBits } from './other-models.js';
import type { Verdict } from './verdict.js';

/** How many of the other models a blast-radius sentence names; the rest are counted. */
export const NAMED_OTHER_MODELS = 5;
/** How many findings Argos gives a sentence each, in the verdict's order (heaviest first); the rest are counted. */
export const NARRATED_FINDINGS = 10;

/**
 * Argos, Janus's watchdog: calm, precise, a little dry. Turns a verdict into a few sentences, each grounded in
 * a finding (it names the entity, the chain, the lag). The same verdict always reads the same. `bits`: shared by the
 * verdicts narrated together (one document, one scan), so their blast radii are counted cheaply.
 */
export function narrate(v: Verdict, bits?: ModelListBits): string[] {
  const lines = [opening(v)];
  for (const f of v.findings.slice(0, NARRATED_FINDINGS)) lines.push(sentence(f));
  const rest = v.findings.slice(NARRATED_FINDINGS);
  if (rest.length)
    lines.push(
      `And ${rest.length.toLocaleString('en-US')} more ${plural(rest.length, 'finding', 'findings')}: ${detectorCounts(rest)}.`,
    );
  const others = blastRadiusSentence(v, bits);
  if (others) lines.push(others);
  // an accepted finding stays in sight, and a lapsed acceptance says why its finding counts again
  lines.push(...acceptanceSentences(v));
  if (!v.findings.length && !v.accepted)
    lines.push(
      `I walked ${v.upstreamCount} upstream ${plural(v.upstreamCount, 'entity', 'entities')} and found nothing worth a bark.`,
    );
  return lines;
}

/** Argos's first sentence: the score and band (what a catalog scan prints per model). */
export function opening(v: Pick<Verdict, 'model' | 'score' | 'band' | 'capped'>): string {
  const capped = v.capped ? `, held down by a ${v.capped.severity} finding` : '';
  return `${v.model.name} scores ${v.score}/100. ${bandTitle(v.band)}${capped}.`;
}

/** The finding's detector words it (its phrasing); a finding of no registered detector reads as its message. */
const sentence = (f: Finding): string => detectorNamed(f.detector)?.phrasing.sentence(f) ?? f.message;

function blastRadiusSentence(v: Verdict, bits: ModelListBits | undefined): string | undefined {
  const { count, listed } = otherModels(v, NAMED_OTHER_MODELS, bits);
  if (!count) return undefined;
  const rest = count - listed.length;
  return `The same trouble reaches ${count} other ${plural(count, 'model', 'models')}: ${listed.map((m) => m.name).join(', ')}${rest > 0 ? ` and ${rest} more` : ''}.`;
}
