import type { ModelRef } from '../verdict.js';

/**
 * Each judged model's upstream datasets among those a write-back plan asks about, as groups: on a stale catalog of
 * 5,000 models, 2,873 offending datasets had only 100 different sets of models below them, so a model names the
 * groups it is below instead of its 2,800 datasets apiece (14 M entries, 230 MB, listed one by one).
 */
export interface UpstreamDatasets {
  /** Datasets, in groups. */
  groups: string[][];
  /** Each judged model's groups: indexes into `groups`. */
  ofModel: Record<string, number[]>;
}

/** Each model's own list of upstream datasets, as one group a model. */
export function upstreamDatasetsByModel(each: Record<string, string[]>): UpstreamDatasets {
  const groups: string[][] = [];
  const ofModel: Record<string, number[]> = {};
  for (const [model, datasets] of Object.entries(each)) ofModel[model] = [groups.push(datasets) - 1];
  return { groups, ofModel };
}

/** From the models below each dataset: datasets with the same list of models below them (the same array) share a group. */
export function upstreamDatasetsFromBelow(below: Record<string, readonly ModelRef[]>): UpstreamDatasets {
  const groups: string[][] = [];
  const groupOf = new Map<readonly ModelRef[], number>();
  const ofModel: Record<string, number[]> = {};
  for (const [dataset, models] of Object.entries(below)) {
    let g = groupOf.get(models);
    if (g === undefined) {
      groupOf.set(models, (g = groups.push([]) - 1));
      for (const m of models) (ofModel[m.urn] ??= []).push(g);
    }
    groups[g]!.push(dataset);
  }
  return { groups, ofModel };
}
