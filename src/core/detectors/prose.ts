import { effectsOf } from '../effects.js';
import { shortName } from '../names.js';

/** `; it also explains a, b and 3 more`: the folded findings a root cause's evidence lists, for Argos (or nothing). */
export function alsoExplains(evidence: Record<string, unknown>): string {
  const { listed, unlisted } = effectsOf({ evidence });
  const more = unlisted ? ` and ${unlisted} more` : '';
  return listed.length
    ? `; it also explains ${[...new Set(listed.map((x) => shortName(x.entity)))].join(', ')}${more}`
    : '';
}

export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The evidence value as urns (a list of strings), or none. */
export const urnsIn = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
