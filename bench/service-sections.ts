/** The `service` part of the run: `janus serve` and `janus worker` on Redis, on the medium catalog, each run under a key prefix of its own. */
import os from 'node:os';
import { ensureCatalog, type CatalogSpec } from './catalogs.js';
import type { ServiceFigures } from './service-figures.js';
import { redisAnswers } from './service-redis.js';
import { scaleOutRow } from './service-scale-out.js';
import { steadyServiceRows } from './service-steady.js';
import type { BenchContext } from './with-sim.js';

const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

export const SERVICE_INTERVAL_MS = 2_000;
export const SCALE_OUT = { writeChunk: 5, concurrency: 4, workers: [1, 2] };

/**
 * Changes ingested: the medium catalog's jobs whose failure is a root cause of its own are read by all 1,000 models,
 * so each change judges the whole catalog again (minutes a change on a shared 2-core machine).
 */
export const SERVICE_CHANGES = 4;

/** `spec` for the steady service; `scaleOutSpec` for the two first cycles (a catalog of its own). */
export async function serviceSection(
  ctx: BenchContext,
  spec: CatalogSpec,
  scaleOutSpec: CatalogSpec,
  budgets: { firstCycleS: number; cycleS: number },
): Promise<ServiceFigures> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const notRun = (reason: string): ServiceFigures => {
    const skipped = { status: 'skipped' as const, reason };
    return {
      ...skipped,
      catalog: spec.name,
      unchanged: { ...skipped, intervalMs: SERVICE_INTERVAL_MS, settling: [], cycles: [] },
      change: { ...skipped, intervalMs: SERVICE_INTERVAL_MS, latenciesMs: [], transitionsPerChange: [] },
      scaleOut: { ...skipped, ...SCALE_OUT, runs: [] },
      rss: { ...skipped, catalog: spec.name, intervalMs: SERVICE_INTERVAL_MS, cycles: 0 },
    };
  };
  if (!(await redisAnswers(redisUrl))) return notRun(`no Redis answers at ${redisUrl} (set REDIS_URL)`);
  const start = load();
  const catalog = await ensureCatalog(spec);
  const steady = await steadyServiceRows(ctx, catalog, {
    redisUrl,
    intervalMs: SERVICE_INTERVAL_MS,
    firstCycleMs: budgets.firstCycleS * 1000,
    cycleMs: budgets.cycleS * 1000,
    settleCycles: 3,
    unchangedCycles: 5,
    changes: SERVICE_CHANGES,
    changeReach: 50,
    rssCycles: [10, 100],
  });
  const scaleOut = await scaleOutRow(ctx, await ensureCatalog(scaleOutSpec), {
    redisUrl,
    intervalMs: SERVICE_INTERVAL_MS,
    ...SCALE_OUT,
    cycleBudgetMs: budgets.firstCycleS * 1000,
  });
  return { status: 'done', catalog: spec.name, load: { start, end: load() }, ...steady, scaleOut };
}
