import type { Finding } from './finding.js';

/** A finding folded into a root cause: listed in the root's evidence. */
export interface Effect {
  key: string;
  entity: string;
  message: string;
}

/** How many folded findings a root cause lists in its evidence (upstream first); the rest are counted. */
export const LISTED_EFFECTS = 20;

/**
 * The folded findings a root cause lists, how many downstream datasets' trouble it explains in all, and how many of
 * those the list leaves out.
 */
export function effectsOf(f: Pick<Finding, 'evidence'>): { listed: Effect[]; datasets: number; unlisted: number } {
  const listed = Array.isArray(f.evidence.downstreamEffects) ? (f.evidence.downstreamEffects as Effect[]) : [];
  const shown = new Set(listed.map((e) => e.entity)).size;
  const datasets = typeof f.evidence.downstreamDatasets === 'number' ? f.evidence.downstreamDatasets : shown;
  return { listed, datasets, unlisted: Math.max(0, datasets - shown) };
}
