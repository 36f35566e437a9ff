import { forEachBit } from '../bitset.js';
import type { Finding } from '../finding.js';
import { byModelName, type ModelRef, type Verdict } from '../verdict.js';

/** One root cause across every model of a scan: the finding, the models that have it, and its blast radius. */
export interface RootCause {
  key: string;
  finding: Finding;
  /** The dataset the evidence belongs on. */
  dataset: string;
  /** Judged models that have this finding, by name (`byModelName`). */
  models: ModelRef[];
  /**
   * The models its incident puts at risk: every model downstream of the dataset (for a leak, the leaking models),
   * by name. Holds every one of `models`. Often the catalog's own list of the models below the dataset, shared.
   */
  blastRadius: ModelRef[];
}

/** What planning keeps of a verdict once its root causes are collected: a catalog scan holds no verdict whole. */
export type JudgedModel = Pick<Verdict, 'model' | 'score' | 'band'> & {
  /** Keys of the model's findings a person accepted (docs/accepted-risk.md): not cleared, so not resolved as fixed. */
  acceptedKeys?: string[];
  /** The reasons of the model's acceptances that lapsed, by finding key: a "no action" given with one ends with it. */
  lapsedReasons?: Record<string, string>;
};

/** What the write-back keeps of a verdict. */
export const judgedModelOf = (v: Verdict): JudgedModel => ({
  model: v.model,
  score: v.score,
  band: v.band,
  ...(v.accepted ? { acceptedKeys: v.accepted.map((a) => a.finding.key) } : {}),
  ...(v.lapsed?.length
    ? { lapsedReasons: Object.fromEntries(v.lapsed.map((l) => [l.finding.key, l.acceptance.reason])) }
    : {}),
});

interface Draft {
  finding: Finding;
  /**
   * The judged models that have it, as bits at their places in the judging order: a stale catalog's models have
   * thousands of root causes each (15 million pairs on 5,000 models), a list of them was most of a scan's memory.
   */
  models: Uint32Array;
  /** Lists of models downstream of the finding's dataset (shared by every verdict that names it). */
  below: ModelRef[][];
  /** The datasets it was found on: nearly always its first one only. */
  first: string;
  others?: Set<string>;
}

/**
 * Findings on datasets, deduplicated by key, collected one verdict at a time: a whole-catalog scan feeds it each
 * verdict as it is judged and keeps only this, not thousands of verdicts of hundreds of findings each. Pure.
 */
export class RootCauseCollector {
  private readonly byKey = new Map<string, Draft>();
  /** Judged model urn → its place in the judging order. */
  private readonly judged = new Map<string, number>();
  /** Judged models by their place in the judging order. */
  private readonly refs: ModelRef[] = [];
  private last?: ModelRef;
  /** Whether models were judged in name order (a catalog scan's are): then each key's models already are. */
  private inNameOrder = true;

  add(v: Verdict): void {
    let judged = this.judged.get(v.model.urn);
    if (judged === undefined) {
      this.judged.set(v.model.urn, (judged = this.refs.length));
      this.refs.push(v.model);
      if (this.last && byModelName(this.last, v.model) > 0) this.inNameOrder = false;
      this.last = v.model;
    }
    let offending: Map<string, ModelRef[]> | undefined;
    for (const f of v.findings) {
      let rc = this.byKey.get(f.key);
      // the common case first: a key seen before, on its dataset (a stale scan meets each one once per model)
      if (rc !== undefined && f.entity === rc.first) {
        if (rc.models.length <= judged >>> 5) rc.models = grown(rc.models, judged);
        rc.models[judged >>> 5]! |= 1 << (judged & 31);
        continue;
      }
      if (!f.entity.startsWith('urn:li:dataset:')) continue;
      const fresh = !rc;
      if (!rc) this.byKey.set(f.key, (rc = { finding: f, models: NO_MODELS, below: [], first: f.entity }));
      if (rc.models.length <= judged >>> 5) rc.models = grown(rc.models, judged);
      rc.models[judged >>> 5]! |= 1 << (judged & 31);
      // the models below a dataset are the same in every verdict: added once per dataset, not once per verdict
      if (!fresh && (f.entity === rc.first || rc.others?.has(f.entity))) continue;
      if (!fresh) (rc.others ??= new Set()).add(f.entity);
      offending ??= new Map(v.blastRadius.map((b) => [b.dataset, b.models]));
      const below = offending.get(f.entity);
      if (below?.length) rc.below.push(below);
    }
  }

  /** Datasets holding a root cause. */
  datasets(): string[] {
    return [...new Set([...this.byKey.values()].map((rc) => rc.finding.entity))];
  }

  /** The root causes, by key. */
  list(): RootCause[] {
    // per key, which judged models have it: a stamp per judged model, no set per key
    const mark = new Int32Array(this.judged.size).fill(-1);
    // equal sets of models as one array: on a stale catalog thousands of keys have the same few hundred sets
    const same = new Map<string, ModelRef[]>();
    return [...this.byKey]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, rc], k) => {
        const count = this.stamp(rc.models, mark, k);
        const below = this.holdingBelow(rc.below, count, mark, k);
        // every model below the dataset has the finding (a catalog scan's usually do): one list is both
        const models = below?.length === count ? below : this.distinct(rc.models, same);
        return {
          key,
          finding: rc.finding,
          dataset: rc.finding.entity,
          models,
          blastRadius: below ?? this.blastRadius(models, rc.below),
        };
      });
  }

  /** Marks a key's models with its stamp; how many there are. */
  private stamp(models: Uint32Array, mark: Int32Array, stamp: number): number {
    let count = 0;
    forEachBit(models, (i) => {
      mark[i] = stamp;
      count++;
    });
    return count;
  }

  /** The one list of models below the key's dataset, when it holds all the key's models: then it is the blast radius. */
  private holdingBelow(below: ModelRef[][], count: number, mark: Int32Array, stamp: number): ModelRef[] | undefined {
    if (below.length !== 1) return undefined;
    let held = 0;
    for (const m of below[0]!) {
      const i = this.judged.get(m.urn);
      if (i !== undefined && mark[i] === stamp) held++;
    }
    return held === count ? below[0] : undefined;
  }

  /** A key's models once each, by name; equal sets share one array. */
  private distinct(models: Uint32Array, same: Map<string, ModelRef[]>): ModelRef[] {
    let end = models.length;
    while (end > 0 && models[end - 1] === 0) end--;
    const id = models.subarray(0, end).join(',');
    const known = same.get(id);
    if (known) return known;
    const once: ModelRef[] = [];
    forEachBit(models, (i) => once.push(this.refs[i]!));
    if (!this.inNameOrder) once.sort(byModelName);
    same.set(id, once);
    return once;
  }

  /** The models with the key and those below its dataset, once each, by name. */
  private blastRadius(models: ModelRef[], below: ModelRef[][]): ModelRef[] {
    if (!below.length) return models;
    const all = new Map(models.map((m) => [m.urn, m]));
    for (const list of below) for (const m of list) if (!all.has(m.urn)) all.set(m.urn, m);
    return [...all.values()].sort(byModelName);
  }
}

const NO_MODELS = new Uint32Array(0);

/** A copy of `set` with room for bit `i` (and as much again, so a set grows a few times per scan). */
function grown(set: Uint32Array, i: number): Uint32Array {
  const bigger = new Uint32Array(Math.max((i >>> 5) + 1, set.length * 2));
  bigger.set(set);
  return bigger;
}

/** The root causes of some verdicts. */
export function rootCauses(verdicts: Verdict[]): RootCause[] {
  const collector = new RootCauseCollector();
  for (const v of verdicts) collector.add(v);
  return collector.list();
}
