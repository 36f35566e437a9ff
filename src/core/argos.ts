import { formatDuration } from './duration.js';
import type { Finding } from './finding.js';
import { shortName } from './names.js';
import type { Band } from './score.js';
import type { Verdict } from './verdict.js';
import { effectsOf } from './effects.js';
import { otherModels } from './other-models.js';

/** How many of the other models a blast-radius sentence names; the rest are counted. */
export const NAMED_OTHER_MODELS = 5;

/**
 * Argos, Janus's watchdog: calm, precise, a little dry. Turns a verdict into a few sentences, each grounded in
 * a finding (it names the entity, the chain, the lag). The same verdict always reads the same.
 */
export function narrate(v: Verdict): string[] {
  const lines = [opening(v)];
  for (const f of v.findings) lines.push(sentence(f));
  const others = blastRadiusSentence(v);
  if (others) lines.push(others);
  if (!v.findings.length)
    lines.push(
      `I walked ${v.upstreamCount} upstream ${plural(v.upstreamCount, 'entity', 'entities')} and found nothing worth a bark.`,
    );
  return lines;
}

const BAND_WORDS: Record<Band, string> = { trusted: 'Trusted', caution: 'Caution', at_risk: 'At risk' };

/** Argos's first sentence: the score and band (what a catalog scan prints per model). */
export function opening(v: Pick<Verdict, 'model' | 'score' | 'band' | 'capped'>): string {
  const capped = v.capped ? `, held down by a ${v.capped.severity} finding` : '';
  return `${v.model.name} scores ${v.score}/100. ${BAND_WORDS[v.band]}${capped}.`;
}

function sentence(f: Finding): string {
  const e = f.evidence;
  switch (f.detector) {
    case 'target_leakage': {
      const chains = e.chains as string[][];
      const chain = chains[0]!.map(shortName).join(' → ');
      const more =
        chains.length > 1 ? ` (and ${chains.length - 1} more ${plural(chains.length - 1, 'path', 'paths')})` : '';
      return `Feature ${shortName(String(e.feature))} can see the answer: ${chain}${more}.`;
    }
    case 'freshness_lag': {
      const effects = downstream(e);
      if (typeof e.lagMs === 'number' && typeof e.slaMs === 'number' && e.lagMs > e.slaMs)
        return `${shortName(f.entity)} last changed ${formatDuration(e.lagMs)} ago against a ${formatDuration(e.slaMs)} SLA${effects}.`;
      return `The latest freshness check on ${shortName(f.entity)} failed${effects}.`;
    }
    case 'upstream_failure':
      return e.job
        ? `Job ${shortName(String(e.job))} failed its latest run, so ${(e.produces as string[]).map(shortName).join(', ')} cannot be trusted${downstream(e)}.`
        : `An assertion on ${shortName(f.entity)} failed its latest run${downstream(e)}.`;
    case 'missing_owner': {
      const departed = (e.departedOwners as string[]).map(shortName);
      return departed.length
        ? `Nobody answers for ${shortName(f.entity)}: ${departed.join(', ')} ${departed.length > 1 ? 'have' : 'has'} left.`
        : `Nobody answers for ${shortName(f.entity)}: it has no owner.`;
    }
    case 'deprecated_upstream':
      return `${shortName(f.entity)} is deprecated${e.note ? ` (${String(e.note)})` : ''}, yet still upstream.`;
    case 'removed_upstream':
      return `${shortName(f.entity)} was removed from DataHub, yet the model still reads it.`;
  }
}

function downstream(e: Record<string, unknown>): string {
  const { listed, unlisted } = effectsOf({ evidence: e });
  const more = unlisted ? ` and ${unlisted} more` : '';
  return listed.length
    ? `; it also explains ${[...new Set(listed.map((x) => shortName(x.entity)))].join(', ')}${more}`
    : '';
}

function blastRadiusSentence(v: Verdict): string | undefined {
  const { count, listed } = otherModels(v, NAMED_OTHER_MODELS);
  if (!count) return undefined;
  const rest = count - listed.length;
  return `The same trouble reaches ${count} other ${plural(count, 'model', 'models')}: ${listed.map((m) => m.name).join(', ')}${rest > 0 ? ` and ${rest} more` : ''}.`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
