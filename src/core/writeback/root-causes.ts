import type { Finding } from '../finding.js';
import type { ModelRef, Verdict } from '../verdict.js';

/** One root cause across every model of a scan: the finding, the models that have it, and its blast radius. */
export interface RootCause {
  key: string;
  finding: Finding;
  /** The dataset the evidence belongs on. */
  dataset: string;
  /** Judged models that have this finding. */
  models: ModelRef[];
  /** The models its incident puts at risk: every model downstream of the dataset (for a leak, the leaking models). */
  blastRadius: ModelRef[];
}

const found = new WeakMap<Verdict[], RootCause[]>();

/**
 * Findings on datasets, deduplicated by key across the scan's verdicts. Pure; kept per verdicts array, since
 * planning asks more than once and a catalog has thousands of verdicts (callers never change the array).
 */
export function rootCauses(verdicts: Verdict[]): RootCause[] {
  let causes = found.get(verdicts);
  if (!causes) found.set(verdicts, (causes = rootCausesOf(verdicts)));
  return causes;
}

function rootCausesOf(verdicts: Verdict[]): RootCause[] {
  const byKey = new Map<string, { finding: RootCause['finding']; models: Map<string, ModelRef>; blastRadius: Map<string, ModelRef>; datasets: Set<string> }>();
  for (const v of verdicts) {
    const offending = new Map(v.blastRadius.map((b) => [b.dataset, b.models]));
    for (const f of v.findings) {
      if (!f.entity.startsWith('urn:li:dataset:')) continue;
      let rc = byKey.get(f.key);
      if (!rc) byKey.set(f.key, (rc = { finding: f, models: new Map(), blastRadius: new Map(), datasets: new Set() }));
      rc.models.set(v.model.urn, v.model);
      rc.blastRadius.set(v.model.urn, v.model);
      // the models below a dataset are the same in every verdict: on a catalog where one table feeds a thousand
      // models, adding them once per dataset rather than once per verdict is the difference that matters
      if (rc.datasets.has(f.entity)) continue;
      rc.datasets.add(f.entity);
      for (const m of offending.get(f.entity) ?? []) rc.blastRadius.set(m.urn, m);
    }
  }
  const sorted = (m: Map<string, ModelRef>) => [...m.values()].sort((a, b) => a.urn.localeCompare(b.urn));
  return [...byKey]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rc]) => ({ key, finding: rc.finding, dataset: rc.finding.entity, models: sorted(rc.models), blastRadius: sorted(rc.blastRadius) }));
}
