import type { ResolvedIncident } from './human-resolutions.js';

/** What DataHub holds of Janus's evidence today, as read before planning. Plain data. */

export interface CurrentIncident {
  urn: string;
  key: string;
  dataset: string;
  /** Models recorded on the incident when it was raised. */
  models: string[];
  /** When it was raised (ms): of two ACTIVE incidents of one root cause, the older is kept. */
  created?: number;
}

export interface CurrentAssertion {
  urn: string;
  key: string;
  dataset: string;
  /** The latest result: the run event's, or the one recorded on the assertion when that is newer (RESULT_LINE). */
  latest?: string;
  /** When the latest result was reported (ms). */
  latestAt?: number;
  /** Its description, written again with each recorded result. */
  description?: string;
}

export interface CurrentModel {
  urn: string;
  tags: string[];
  score?: number;
  band?: string;
  reasons: string[];
  links: { url: string; label: string }[];
}

export interface WriteBackState {
  tagExists: boolean;
  propertiesExist: { score: boolean; band: boolean; reasons: boolean };
  /** ACTIVE Janus incidents on the datasets read by this scan. */
  incidents: CurrentIncident[];
  /** Janus's guarding assertions on the datasets read by this scan. */
  assertions: CurrentAssertion[];
  /** Models whose tags, properties and links were read. */
  models: Record<string, CurrentModel>;
  /** Every dataset this scan read (the upstream graphs of the judged models). */
  datasets: string[];
  /**
   * For live root causes with no ACTIVE incident, the newest Janus incident of the key when it is resolved: what a
   * person decided (human-resolutions.ts). Absent: none read.
   */
  resolved?: ResolvedIncident[];
}
