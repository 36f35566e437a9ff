import type { Acceptance } from '../../../src/core/acceptance/acceptance.js';
import { DEFAULT_POLICY } from '../../../src/core/detectors/registered.js';
import type { DetectorName, Finding } from '../../../src/core/finding.js';

/** The acceptance tests' clock: now, a day, and a time as DataHub stores it. */
export const NOW = Date.UTC(2026, 11, 6, 12);
export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A finding of `detector` on the dataset numbered `n`, at the detector's default severity. */
export const makeFinding = (detector: DetectorName, n = 0, evidence: Record<string, unknown> = {}): Finding => ({
  detector,
  ...DEFAULT_POLICY[detector]!,
  entity: `urn:li:dataset:${n}`,
  key: `${detector}:${n}`,
  message: `${detector} ${n}`,
  evidence,
});

/** An acceptance of `finding` held in DataHub: by carol.diaz a day ago, for 30 days; `over` changes any of it. */
export const acceptanceFor = (finding: Finding, over: Partial<Acceptance> = {}): Acceptance => ({
  key: finding.key,
  by: 'carol.diaz',
  reason: 'backfill running',
  at: iso(NOW - DAY),
  until: iso(NOW + 29 * DAY),
  source: 'datahub',
  ...over,
});
