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

/** Findings on datasets, deduplicated by key across the scan's verdicts. */
export function rootCauses(verdicts: Verdict[]): RootCause[] {
  const byKey = new Map<string, RootCause>();
  for (const v of verdicts) {
    const offending = new Map(v.blastRadius.map((b) => [b.dataset, b.models]));
    for (const f of v.findings) {
      if (!f.entity.startsWith('urn:li:dataset:')) continue;
      const rc = byKey.get(f.key) ?? { key: f.key, finding: f, dataset: f.entity, models: [], blastRadius: [] };
      addModel(rc.models, v.model);
      for (const m of [v.model, ...(offending.get(f.entity) ?? [])]) addModel(rc.blastRadius, m);
      byKey.set(f.key, rc);
    }
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

function addModel(list: ModelRef[], m: ModelRef): void {
  if (!list.some((x) => x.urn === m.urn)) list.push(m);
  list.sort((a, b) => a.urn.localeCompare(b.urn));
}
