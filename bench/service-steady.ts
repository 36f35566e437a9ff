/**
 * One `janus serve` on a fresh simulator, followed from its first cycle: the unchanged cycles once the first
 * write-back landed, then ingested changes until their transitions are queued, and its memory over 100 cycles.
 * Judged at the catalog's own date (`JANUS_AS_OF`): at the clock's, every raw table is stale and a failing job below
 * one is folded into that root cause, so no change upstream would be news.
 */
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { ingestRun, jobReaching, type ChangeTarget } from './change-target.js';
import { cycleMeter, type CycleMeter } from './cycle-meter.js';
import { measureCli } from './measure-cli.js';
import type {
  ChangeFigures,
  CycleCost,
  FullReadFigures,
  SteadyRssFigures,
  UnchangedFigures,
} from './service-figures.js';
import { serviceEnv, startServiceProcess } from './service-process.js';
import { benchPrefix, serviceRedis, type ServiceRedis } from './service-redis.js';
import type { SimProcess } from './sim-process.js';
import type { Catalog } from './catalogs.js';
import { withSim, type BenchContext } from './with-sim.js';

export interface SteadyPlan {
  redisUrl: string;
  intervalMs: number;
  /** The first cycle (whole catalog read, judged and written back) and each cycle after it. */
  firstCycleMs: number;
  cycleMs: number;
  /** Cycles after the first that may still judge models before the service counts as settled. */
  settleCycles: number;
  unchangedCycles: number;
  changes: number;
  /** Models the changed job's products reach. */
  changeReach: number;
  rssCycles: [number, number];
}

export interface SteadyRows {
  unchanged: UnchangedFigures;
  change: ChangeFigures;
  rss: SteadyRssFigures;
}

/** Nearest-rank percentile. */
export const percentile = (xs: number[], p: number): number | undefined => {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function fullRead(
  ctx: BenchContext,
  sim: SimProcess,
  catalog: Catalog,
  budgetMs: number,
): Promise<FullReadFigures | undefined> {
  const spec = { models: catalog.spec.models, datasets: catalog.spec.datasets, depth: catalog.spec.depth };
  const row = await measureCli(
    sim,
    { step: 'dry-run', args: ['scan', '--all', '--dry-run'], date: 'own' },
    { catalog: `${catalog.spec.name}-service`, spec, budgetMs, kinds: ctx.kinds, repeats: 1 },
  );
  const m = row.median;
  if (row.status !== 'done' || m?.cpuMs === undefined) return undefined;
  return { cpuMs: m.cpuMs, wallMs: m.wallMs, requests: m.requests ?? 0, responseBytes: m.responseBytes ?? 0 };
}

const costLine = (c: CycleCost) =>
  `judged ${c.judged}, ${c.cycleMs} ms, CPU ${c.cpuMs} ms, ${c.requests} requests, ${c.responseBytes.toLocaleString('en-US')} B, ${c.mutations} mutations, ${c.transitions} transitions`;

/** After the first cycle, the cycles that still judge something (the service reading its own write-back), then `n` unchanged ones. */
async function unchangedCycles(
  ctx: BenchContext,
  meter: CycleMeter,
  plan: SteadyPlan,
  all: CycleCost[],
): Promise<Pick<UnchangedFigures, 'status' | 'reason' | 'settling' | 'cycles' | 'first'>> {
  const first = await meter.next(plan.firstCycleMs);
  if (!first)
    return {
      status: 'budget',
      reason: `the first cycle did not commit within ${plan.firstCycleMs / 1000} s`,
      settling: [],
      cycles: [],
    };
  all.push(first);
  ctx.log(`    first cycle: ${costLine(first)}`);
  const settling: CycleCost[] = [];
  const cycles: CycleCost[] = [];
  while (cycles.length < plan.unchangedCycles) {
    const c = await meter.next(plan.cycleMs);
    if (!c)
      return {
        status: 'budget',
        reason: `no cycle committed within ${plan.cycleMs / 1000} s`,
        first,
        settling,
        cycles,
      };
    all.push(c);
    ctx.log(`    cycle ${all.length}: ${costLine(c)}`);
    if (c.judged > 0 && !cycles.length) {
      settling.push(c);
      if (settling.length > plan.settleCycles)
        return {
          status: 'error',
          reason: `still judging models ${plan.settleCycles} cycles after the first: never settled`,
          first,
          settling,
          cycles,
        };
    } else cycles.push(c);
  }
  return { status: 'done', first, settling, cycles };
}

/** Ingests a failing run, then a fixing one, and so on: each answer to its transition queued, and the transitions it caused. */
async function changesToTransitions(
  ctx: BenchContext,
  sim: SimProcess,
  redis: ServiceRedis,
  meter: CycleMeter,
  target: ChangeTarget,
  plan: SteadyPlan,
  all: CycleCost[],
): Promise<ChangeFigures> {
  const out: ChangeFigures = {
    status: 'done',
    intervalMs: plan.intervalMs,
    job: target.job,
    models: target.models,
    latenciesMs: [],
    transitionsPerChange: [],
  };
  const seen = new Set((await redis.transitions()).map((t) => t.id));
  for (let i = 0; i < plan.changes; i++) {
    const result = i % 2 === 0 ? 'FAILURE' : 'SUCCESS';
    await ingestRun(sim.url, target.job, result);
    const answeredAt = Date.now();
    let emitted: { queuedAt: number }[] = [];
    const deadline = answeredAt + plan.intervalMs + plan.cycleMs;
    while (!emitted.length && Date.now() < deadline) {
      emitted = (await redis.transitions()).filter((t) => !seen.has(t.id));
      if (!emitted.length) await new Promise((r) => setTimeout(r, 50));
    }
    if (!emitted.length)
      return {
        ...out,
        status: 'budget',
        reason: `change ${i + 1} (${result}): no transition within ${(deadline - answeredAt) / 1000} s`,
      };
    out.latenciesMs.push(Math.min(...emitted.map((t) => t.queuedAt)) - answeredAt);
    // one more cycle: a transition the change causes later would show there
    const c = await meter.next(plan.cycleMs);
    if (c) all.push(c);
    const caused = (await redis.transitions()).filter((t) => !seen.has(t.id));
    for (const t of caused) seen.add(t.id);
    out.transitionsPerChange.push(caused.length);
    ctx.log(
      `    change ${i + 1} (${result}): transition queued ${out.latenciesMs.at(-1)} ms after the ingest answered; ${caused.length} transition(s)`,
    );
  }
  return { ...out, ...opt('p50Ms', percentile(out.latenciesMs, 50)), ...opt('p95Ms', percentile(out.latenciesMs, 95)) };
}

const opt = <K extends string>(k: K, v: number | undefined) =>
  v === undefined ? {} : ({ [k]: v } as Record<K, number>);

async function untilCycle(meter: CycleMeter, all: CycleCost[], n: number, cycleMs: number): Promise<boolean> {
  while (all.length < n) {
    const c = await meter.next(cycleMs);
    if (!c) return false;
    all.push(c);
  }
  return true;
}

function rssRow(catalog: string, plan: SteadyPlan, all: CycleCost[], reached: boolean): SteadyRssFigures {
  const [a, b] = plan.rssCycles;
  const base: SteadyRssFigures = {
    status: reached ? 'done' : 'budget',
    catalog,
    intervalMs: plan.intervalMs,
    cycles: all.length,
  };
  if (!reached) base.reason = `${all.length} cycles committed, not ${b}`;
  return { ...base, ...opt('rssAt10Mb', all[a - 1]?.rssMb), ...opt('rssAt100Mb', all[b - 1]?.rssMb) };
}

export async function steadyServiceRows(ctx: BenchContext, catalog: Catalog, plan: SteadyPlan): Promise<SteadyRows> {
  const { result } = await withSim(ctx, catalog, async (sim) => {
    ctx.log('  full read to compare with: janus scan --all --dry-run (own date)');
    const dryRun = await fullRead(ctx, sim, catalog, plan.firstCycleMs);
    const target = await jobReaching(sim.url, plan.changeReach);
    ctx.log(`  change target: ${target.job}, read by ${target.models} models`);
    const prefix = benchPrefix('steady');
    const redis = serviceRedis(plan.redisUrl, prefix);
    const serve = await startServiceProcess(
      'serve',
      serviceEnv(
        { simUrl: sim.url, redisUrl: plan.redisUrl, prefix, intervalMs: plan.intervalMs },
        { JANUS_AS_OF: new Date(GENERATED_NOW).toISOString() },
      ),
      { logName: 'steady-serve' },
    );
    try {
      const meter = await cycleMeter(redis, serve, sim);
      const all: CycleCost[] = [];
      ctx.log(`  janus serve (every ${plan.intervalMs / 1000} s): first cycle, then unchanged ones`);
      const u = await unchangedCycles(ctx, meter, plan, all);
      const unchanged: UnchangedFigures = { ...u, intervalMs: plan.intervalMs, ...(dryRun ? { dryRun } : {}) };
      const skipped = (why: string) => ({ status: 'skipped' as const, reason: why });
      if (u.status !== 'done') {
        const why = `the unchanged row did not finish (${u.status})`;
        return {
          unchanged,
          change: { ...skipped(why), intervalMs: plan.intervalMs, latenciesMs: [], transitionsPerChange: [] },
          rss: { ...skipped(why), catalog: catalog.spec.name, intervalMs: plan.intervalMs, cycles: all.length },
        };
      }
      ctx.log(`  ${plan.changes} changes upstream of ${target.models} models`);
      const change = await changesToTransitions(ctx, sim, redis, meter, target, plan, all);
      ctx.log(`  cycles until ${plan.rssCycles[1]} for the memory row`);
      const reached = await untilCycle(meter, all, plan.rssCycles[1], plan.cycleMs);
      return { unchanged, change, rss: rssRow(catalog.spec.name, plan, all, reached) };
    } finally {
      await serve.stop();
      await redis.clean();
    }
  });
  return result;
}
