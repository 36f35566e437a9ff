/** What a detector reports, and the policy that weighs it. */

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export const SEVERITY_ORDER: Severity[] = ['low', 'medium', 'high', 'critical'];
export const severityRank = (s: Severity): number => SEVERITY_ORDER.indexOf(s);

/** A registered detector's name (src/core/detectors/registry.ts): the first part of its findings' keys. */
export type DetectorName = string;

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

/** Each detector's severity and weight, by name (the defaults: `DEFAULT_POLICY` in src/core/detectors/registered.ts). */
export type Policy = Record<DetectorName, DetectorPolicy>;

/** Builds a finding with its policy's severity and weight (a detector the policy does not name weighs nothing). */
export function finding(
  policy: Policy,
  detector: DetectorName,
  fields: Omit<Finding, 'detector' | 'severity' | 'weight'>,
): Finding {
  return { detector, ...(policy[detector] ?? UNWEIGHED), ...fields };
}

const UNWEIGHED: DetectorPolicy = { severity: 'low', weight: 0 };
