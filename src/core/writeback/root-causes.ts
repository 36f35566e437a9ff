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

/** What planning keeps of a verdict once its root causes are collected: a catalog scan holds no verdict whole. */
export type JudgedModel = Pick<Verdict, 'model' | 'score' | 'band'>;

interface Draft {
  finding: Finding;
  models: ModelRef[];
  /** Lists of models downstream of the finding's dataset (shared by every verdict that names it). */
  below: ModelRef[][];
  datasets: Set<string>;
}

/**
 * Findings on datasets, deduplicated by key, collected one verdict at a time: a whole-catalog scan feeds it each
 * verdict as it is judged and keeps only this, not thousands of verdicts of hundreds of findings each. Pure.
 */
export class RootCauseCollector {
  private readonly byKey = new Map<string, Draft>();

  add(v: Verdict): void {
    let offending: Map<string, ModelRef[]> | undefined;
    for (const f of v.findings) {
      if (!f.entity.startsWith('urn:li:dataset:')) continue;
      let rc = this.byKey.get(f.key);
      if (!rc) this.byKey.set(f.key, (rc = { finding: f, models: [], below: [], datasets: new Set() }));
      // a verdict names a key once; the check keeps a verdict fed twice from counting its model twice
      if (rc.models.at(-1) !== v.model) rc.models.push(v.model);
      // the models below a dataset are the same in every verdict: added once per dataset, not once per verdict
      if (rc.datasets.has(f.entity)) continue;
      rc.datasets.add(f.entity);
      offending ??= new Map(v.blastRadius.map((b) => [b.dataset, b.models]));
      const below = offending.get(f.entity);
      if (below?.length) rc.below.push(below);
    }
  }

  /** Datasets holding a root cause. */
  datasets(): string[] {
    return [...new Set([...this.byKey.values()].map((rc) => rc.finding.entity))];
  }

  /** The root causes, by key; models and blast radius by urn. */
  list(): RootCause[] {
    return [...this.byKey]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, rc]) => ({ key, finding: rc.finding, dataset: rc.finding.entity, models: byUrn(rc.models), blastRadius: byUrn([...rc.models, ...rc.below.flat()]) }));
  }
}

/** The root causes of some verdicts. */
export function rootCauses(verdicts: Verdict[]): RootCause[] {
  const collector = new RootCauseCollector();
  for (const v of verdicts) collector.add(v);
  return collector.list();
}

function byUrn(models: ModelRef[]): ModelRef[] {
  const unique = new Map(models.map((m) => [m.urn, m]));
  return [...unique.values()].sort((a, b) => a.urn.localeCompare(b.urn));
}
