import type { Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { Acceptance } from './acceptance.js';
import { acceptancesOf } from './stored.js';

/** The datasets a finding is about: its entity, and a failed job's products the model reads. */
const datasetsOf = (f: Finding): string[] =>
  Array.isArray(f.evidence.produces) ? [f.entity, ...(f.evidence.produces as string[])] : [f.entity];

/**
 * The acceptances held on the datasets a model's findings are about (docs/accepted-risk.md): one on a dataset covers
 * its finding for every model below it. Only an acceptance of a finding the model has counts, so a dataset's list is
 * read once per finding it is the root of, not once per node of the graph (a catalog's graphs share their nodes). Pure.
 */
export function datasetAcceptances(graph: UpstreamGraph, findings: readonly Finding[]): Acceptance[] {
  const out: Acceptance[] = [];
  for (const f of findings)
    for (const urn of new Set(datasetsOf(f))) {
      const node = graph.nodes[urn];
      if (node?.kind !== 'dataset') continue;
      for (const a of acceptancesOf(node.structuredProperties, urn)) if (a.key === f.key) out.push(a);
    }
  return out;
}
