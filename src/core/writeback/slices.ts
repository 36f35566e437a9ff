import type { PlannedWrite } from './plan.js';

/** The definitions every other write needs (the tag, the structured properties): applied before any slice. */
export const isDefinition = (w: PlannedWrite) => w.kind === 'createTag' || w.kind === 'createProperty';

/** What a write is about: the dataset of a root cause's evidence, or a model. */
function subjectOf(w: Exclude<PlannedWrite, { kind: 'createTag' | 'createProperty' }>): string {
  return 'dataset' in w ? w.dataset : w.model;
}

export interface PlanSlice {
  /** Stable name of the slice within its plan (its first subject and size). */
  key: string;
  writes: PlannedWrite[];
}

/**
 * A plan (definitions left out) cut into slices that can be applied in parallel: each subject's writes stay together
 * and in plan order (a reason is recorded before its tag is added), at most `subjects` subjects a slice, datasets
 * and models apart. No write depends on another subject's, so slices may land in any order and any prefix of each
 * converges on the next cycle. Pure.
 */
export function slicePlan(plan: PlannedWrite[], subjects: number): PlanSlice[] {
  const datasets = new Map<string, PlannedWrite[]>();
  const models = new Map<string, PlannedWrite[]>();
  for (const w of plan) {
    if (isDefinition(w)) continue;
    const body = w as Exclude<PlannedWrite, { kind: 'createTag' | 'createProperty' }>;
    const groups = 'dataset' in body ? datasets : models;
    const subject = subjectOf(body);
    const list = groups.get(subject);
    if (list) list.push(w);
    else groups.set(subject, [w]);
  }
  const slices: PlanSlice[] = [];
  for (const [kind, groups] of [
    ['datasets', datasets],
    ['models', models],
  ] as const) {
    const entries = [...groups];
    for (let i = 0; i < entries.length; i += subjects) {
      const part = entries.slice(i, i + subjects);
      slices.push({ key: `${kind}|${part[0]![0]}|${part.length}`, writes: part.flatMap(([, ws]) => ws) });
    }
  }
  return slices;
}
