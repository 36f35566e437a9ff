import type { AcceptedFinding, LapsedAcceptance } from '../core/acceptance/acceptance.js';

/** An accepted (or lapsed) finding in JSON: the finding's identity, then the acceptance (docs/json-output.md). */
export const acceptedJson = (a: AcceptedFinding | LapsedAcceptance): Record<string, unknown> => ({
  key: a.finding.key,
  detector: a.finding.detector,
  severity: a.finding.severity,
  weight: a.finding.weight,
  entity: a.finding.entity,
  message: a.finding.message,
  by: a.acceptance.by,
  reason: a.acceptance.reason,
  ...(a.acceptance.at ? { at: a.acceptance.at } : {}),
  until: a.acceptance.until,
  source: a.acceptance.source,
  ...(a.acceptance.on ? { on: a.acceptance.on } : {}),
  ...('lapse' in a ? { lapse: a.lapse } : {}),
});
