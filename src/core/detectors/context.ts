import type { FreshnessDefaults } from '../conventions/freshness-sla.js';
import type { Label } from '../conventions/label.js';
import type { Policy } from '../finding.js';

/** Everything a detector needs besides the graph: policy, the clock, and the conventions already resolved. */
export interface DetectContext {
  policy: Policy;
  now: number;
  freshness: FreshnessDefaults;
  label?: Label;
}
