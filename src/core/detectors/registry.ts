import { deprecatedUpstream } from './deprecated-upstream.js';
import type { Detector } from './detector.js';
import { freshnessLag } from './freshness-lag.js';
import { missingOwner } from './missing-owner.js';
import { removedUpstream } from './removed-upstream.js';
import { targetLeakage } from './target-leakage.js';
import { upstreamFailure } from './upstream-failure.js';

/**
 * Every detector Janus runs: the one list. Adding a detector is a file beside these, its test, and a line here
 * (CONTRIBUTING.md). The order is the order of an entity's own findings (a failure before staleness) in evidence.
 */
export const DETECTORS: readonly Detector[] = [
  targetLeakage,
  upstreamFailure,
  freshnessLag,
  missingOwner,
  deprecatedUpstream,
  removedUpstream,
];
