/**
 * The first, write-heavy cycle on a fresh simulator with `janus serve --no-workers` and 1, then 2, `janus worker`
 * processes: the time from the cycle's start to its commit (every write job landed), and each process's CPU.
 */
import type { Catalog } from './catalogs.js';
import type { ScaleOutFigures, ScaleOutRun } from './service-figures.js';
import { serviceEnv, startServiceProcess, type ServiceProcess } from './service-process.js';
import { benchPrefix, nextCommitted, serviceRedis } from './service-redis.js';
import { withSim, type BenchContext } from './with-sim.js';

export interface ScaleOutPlan {
  redisUrl: string;
  intervalMs: number;
  writeChunk: number;
  concurrency: number;
  workers: number[];
  cycleBudgetMs: number;
}

async function firstCycleWith(
  ctx: BenchContext,
  catalog: Catalog,
  plan: ScaleOutPlan,
  workers: number,
): Promise<ScaleOutRun> {
  const { result } = await withSim(ctx, catalog, async (sim) => {
    const prefix = benchPrefix(`scale-${workers}`);
    const redis = serviceRedis(plan.redisUrl, prefix);
    const env = serviceEnv(
      { simUrl: sim.url, redisUrl: plan.redisUrl, prefix, intervalMs: plan.intervalMs },
      {
        JANUS_CYCLE_WRITE_CHUNK: String(plan.writeChunk),
        JANUS_DATAHUB_CONCURRENCY: String(plan.concurrency),
      },
    );
    const started: ServiceProcess[] = [];
    try {
      for (let w = 0; w < workers; w++)
        started.push(await startServiceProcess('worker', env, { logName: `scale-${workers}-worker-${w + 1}` }));
      await sim.resetStats();
      const simCpu = sim.cpuMs();
      const idle = started.map((p) => p.cpuMs());
      const serve = await startServiceProcess('serve', env, {
        args: ['--no-workers'],
        logName: `scale-${workers}-serve`,
      });
      started.push(serve);
      const cycle = await nextCommitted(redis, undefined, plan.cycleBudgetMs, 250);
      const simCpuAfter = sim.cpuMs();
      const cpu = started.map((p, i) => Math.round(p.cpuMs() - (idle[i] ?? 0)));
      const run: ScaleOutRun = {
        workers,
        status: cycle ? 'done' : 'budget',
        serveCpuMs: cpu.at(-1)!,
        workerCpuMs: cpu.slice(0, workers),
        mutations: (await sim.stats()).mutations,
        writeJobs: await redis.writeJobs(),
      };
      if (simCpu !== undefined && simCpuAfter !== undefined) run.simCpuMs = Math.round(simCpuAfter - simCpu);
      if (!cycle) return { ...run, reason: `the first cycle did not commit within ${plan.cycleBudgetMs / 1000} s` };
      return { ...run, cycleMs: cycle.ms };
    } finally {
      await Promise.all(started.map((p) => p.stop()));
      await redis.clean();
    }
  });
  ctx.log(
    `    ${workers} worker(s): ${result.cycleMs ?? '?'} ms to commit, ${result.writeJobs} write jobs, ${result.mutations} mutations, CPU serve ${result.serveCpuMs} ms, workers ${result.workerCpuMs?.join(' + ')} ms, simulator ${result.simCpuMs} ms (${result.status})`,
  );
  return result;
}

export async function scaleOutRow(ctx: BenchContext, catalog: Catalog, plan: ScaleOutPlan): Promise<ScaleOutFigures> {
  const runs: ScaleOutRun[] = [];
  for (const workers of plan.workers) {
    ctx.log(`  scale-out: the first cycle with janus serve --no-workers + ${workers} janus worker(s)`);
    runs.push(await firstCycleWith(ctx, catalog, plan, workers));
  }
  const failed = runs.find((r) => r.status !== 'done');
  return {
    status: failed ? failed.status : 'done',
    ...(failed?.reason ? { reason: failed.reason } : {}),
    catalog: catalog.spec.name,
    writeChunk: plan.writeChunk,
    concurrency: plan.concurrency,
    runs,
  };
}
