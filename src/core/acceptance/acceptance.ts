import type { Finding, Severity } from '../finding.js';

/**
 * A person's judgment that a finding is acceptable for a while (docs/accepted-risk.md). Pure data: where it was read
 * from (DataHub, `.janus/accepted.yml`) is the caller's business.
 */
export interface Acceptance {
  /** The finding's stable key (`target_leakage:<feature>:<label column>`, `freshness_lag:<dataset>`). */
  key: string;
  /** Who accepted it: a DataHub user, a Slack handle, a reviewer's name. */
  by: string;
  /** Why: required, shown wherever the finding is. */
  reason: string;
  /** When it was accepted (ISO 8601); unknown for a file entry that does not say. */
  at?: string;
  /** When it ends (ISO 8601): the finding counts again from this instant. */
  until: string;
  /** What was accepted, when known: a worse severity, a new episode or a longer chain lapses the acceptance. */
  accepted?: AcceptedShape;
  /** Where it came from: DataHub (Slack, `janus accept`) or the repository's `.janus/accepted.yml`. */
  source: 'datahub' | 'file';
  /**
   * The dataset it is held on in DataHub, when it is (`janus accept <dataset>`, Slack's Accept the risk on a
   * dataset's finding): it covers its finding for every model below that dataset. Absent: held on the model.
   */
  on?: string;
  /**
   * When, and by whom, a newer acceptance of the same key replaced it while it was in force: kept for the record (the
   * audit), never in force again.
   */
  replaced?: { at: string; by: string };
}

/** The finding as it stood when it was accepted. */
export interface AcceptedShape {
  severity?: Severity;
  /** The evidence fingerprint (core/writeback/human-resolutions.ts): another one is another episode. */
  evidence?: string;
  /** A leak's column chains, by fingerprint, and the longest's length: a chain beyond these is not what was accepted. */
  chains?: { ids: string[]; longest: number };
}

/** A finding an acceptance in force covers: it stays visible, and weighs nothing. */
export interface AcceptedFinding {
  finding: Finding;
  acceptance: Acceptance;
}

/** A finding whose acceptance no longer holds: it counts again, and says why. */
export interface LapsedAcceptance {
  finding: Finding;
  acceptance: Acceptance;
  /** Why, in a sentence: "expired on 2027-01-05", "a longer column chain appeared (4 columns, 3 accepted)". */
  lapse: string;
}

/** How long acceptances may last (`judge.acceptance`). */
export interface AcceptancePolicy {
  /** Days an acceptance lasts when it names no end. */
  defaultDays: number;
  /** Days an acceptance may last at most, from when it is made. */
  maxDays: number;
}

export const DEFAULT_ACCEPTANCE_POLICY: AcceptancePolicy = { defaultDays: 30, maxDays: 90 };

export const DAY_MS = 86_400_000;
