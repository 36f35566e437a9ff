/** A simulator process of a catalog's own for a measurement: started, warmed up, stopped after. */
import fs from 'node:fs';
import path from 'node:path';
import { modelUrn } from '@janus/datahub-sim/generate';
import type { Catalog } from './catalogs.js';
import { warmUp } from './measure-naive.js';
import { ROOT } from './paths.js';
import { startSimProcess, type SimProcess } from './sim-process.js';

export interface BenchContext {
  rttMs: number;
  /** Janus's operations by name: query or mutation. */
  kinds: Record<string, string>;
  log: (line: string) => void;
}

/** The model every one-model measurement judges: model 1 of a generated catalog (it always leaks its label). */
export const MODEL = modelUrn(1);
export const MODEL_NAME = 'model_00001';

const CATALOG_PAGE_DOCUMENT = fs.readFileSync(path.join(ROOT, 'src/datahub/operations/catalog-page.graphql'), 'utf8');

export async function withSim<T>(
  ctx: BenchContext,
  catalog: Catalog,
  fn: (sim: SimProcess) => Promise<T>,
): Promise<{ result: T; startMs: number; peakRssMb?: number }> {
  ctx.log(
    `  simulator: ${catalog.spec.name} (${catalog.generated ? 'generated now' : 'cached'}), ${ctx.rttMs} ms per request`,
  );
  const sim = await startSimProcess({ catalog: catalog.path, latencyMs: ctx.rttMs });
  try {
    await warmUp(sim, MODEL, CATALOG_PAGE_DOCUMENT);
    const result = await fn(sim);
    const peak = sim.peakRssKb();
    return {
      result,
      startMs: Math.round(sim.startMs),
      ...(peak !== undefined ? { peakRssMb: Math.round(peak / 1024) } : {}),
    };
  } finally {
    await sim.stop();
  }
}
