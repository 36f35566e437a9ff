import { detectorNamed } from '../core/detectors/registered.js';
import type { Finding } from '../core/finding.js';
import type { UpstreamGraph } from '../core/graph.js';

/**
 * What to do about a finding, as short imperative steps: its detector's advice (its phrasing). Pure: the finding's
 * evidence and, when known, the upstream graph it was found in (for the jobs producing a stale dataset). Shared
 * wording for every surface that explains a finding (MCP today; Slack could reuse it).
 */
export const adviceFor = (f: Finding, graph?: UpstreamGraph): string[] =>
  detectorNamed(f.detector)?.phrasing.advice(f, graph) ?? [];
