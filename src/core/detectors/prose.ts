import { effectsOf } from '../effects.js';
import { shortName } from '../names.js';

/** `; it also explains a, b and 3 more`: the folded findings a root cause's evidence lists, for Argos (or nothing). */
export function alsoExplains(evidence: Record<string, unknown>): string {
  const { listed, datasets } = effectsOf({ evidence });
  const names = [...new Set(listed.map((x) => shortName(x.entity)))].slice(0, NAMED_EFFECTS);
  const more = datasets - names.length;
  return names.length
    ? `; it also explains ${names.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`
    : '';
}

/** How many of the datasets a root cause explains Argos names in its sentence; the rest are counted. */
const NAMED_EFFECTS = 3;

export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The evidence value as urns (a list of strings), or none. */
export const urnsIn = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
