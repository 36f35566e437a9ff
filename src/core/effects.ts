import type { Finding } from './finding.js';

/** A finding folded into a root cause: listed in the root's evidence. */
export interface Effect {
  key: string;
  entity: string;
  message: string;
}

/** How many folded findings a root cause lists in its evidence (upstream first); the rest are counted. */
export const LISTED_EFFECTS = 20;

/** The effects a root cause lists, and how many it explains in all. */
export function effectsOf(f: Pick<Finding, 'evidence'>): { listed: Effect[]; total: number } {
  const listed = Array.isArray(f.evidence.downstreamEffects) ? (f.evidence.downstreamEffects as Effect[]) : [];
  const total = typeof f.evidence.downstreamEffectCount === 'number' ? f.evidence.downstreamEffectCount : listed.length;
  return { listed, total };
}
