import type { Verdict } from '../core/verdict.js';
import { EntityCache } from '../datahub/entity-cache.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

export interface ScanOptions {
  models: string[];
  /** Called after each model, for progress displays. */
  onProgress?: (done: number, total: number, verdict: Verdict) => void;
}

/** Judges many models, reading each entity once across the whole scan. */
export async function scanModels(deps: JudgeDeps, opts: ScanOptions): Promise<Verdict[]> {
  const cache: EntityCache = deps.cache ?? new EntityCache();
  const verdicts: Verdict[] = [];
  for (const model of opts.models) {
    const { verdict } = await judgeModel({ ...deps, cache }, model);
    verdicts.push(verdict);
    opts.onProgress?.(verdicts.length, opts.models.length, verdict);
  }
  return verdicts;
}
