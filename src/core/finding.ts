/** What a detector reports, and the policy that weighs it. */

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export const SEVERITY_ORDER: Severity[] = ['low', 'medium', 'high', 'critical'];
export const severityRank = (s: Severity): number => SEVERITY_ORDER.indexOf(s);

export type DetectorName =
  | 'target_leakage'
  | 'upstream_failure'
  | 'freshness_lag'
  | 'missing_owner'
  | 'deprecated_upstream'
  | 'removed_upstream';

export interface Finding {
  detector: DetectorName;
  severity: Severity;
  weight: number;
  /** The offending entity (urn): where the evidence belongs in DataHub. */
  entity: string;
  message: string;
  evidence: Record<string, unknown>;
  /** Stable identity of the root cause: the same cause gives the same key on every run. */
  key: string;
}

export interface DetectorPolicy {
  severity: Severity;
  weight: number;
}

export type Policy = Record<DetectorName, DetectorPolicy>;

export const DEFAULT_POLICY: Policy = {
  upstream_failure: { severity: 'high', weight: 40 },
  target_leakage: { severity: 'critical', weight: 20 },
  freshness_lag: { severity: 'medium', weight: 15 },
  missing_owner: { severity: 'low', weight: 10 },
  deprecated_upstream: { severity: 'medium', weight: 10 },
  removed_upstream: { severity: 'high', weight: 20 },
};

/** Builds a finding with its policy's severity and weight. */
export function finding(
  policy: Policy,
  detector: DetectorName,
  fields: Omit<Finding, 'detector' | 'severity' | 'weight'>,
): Finding {
  return { detector, ...policy[detector], ...fields };
}
