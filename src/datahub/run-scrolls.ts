import type { ModelRef } from '../core/verdict.js';

/**
 * What DataHub's lineage scrolls answered in one run whose judgments walk the same entities again (the gate judges
 * each model with its proposed lineage and without): a scroll that ran to its end is not sent twice. Only for one
 * run: a later one must see lineage that changed since.
 */
export class RunScrolls {
  /** Root → everything upstream of it (read-upstream.ts), for scrolls that ran to their end. */
  readonly upstream = new Map<string, string[]>();
  /** Dataset → every model downstream of it (the blast radius, read-downstream.ts). */
  readonly modelsBelow = new Map<string, ModelRef[]>();
}
