import type { FreshnessDefaults } from '../conventions/freshness-sla.js';
import type { Label } from '../conventions/label.js';
import type { Policy } from '../finding.js';
import type { GraphIndexes } from '../graph-indexes.js';

/** Everything a detector's rule reads besides the graph: policy, the clock, and the conventions already resolved. */
export interface DetectContext {
  policy: Policy;
  /** The instant judged at (ms). */
  now: number;
  freshness: FreshnessDefaults;
  /** The model's label, when its graph names one (a model rule's concern). */
  label?: Label;
  /** The judgment run's indexes over the graph's records, when it is judged in one (rules may walk them). */
  indexes?: GraphIndexes;
}
