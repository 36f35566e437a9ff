/**
 * The headline rows: whole `janus` processes as a user starts them, against the simulator process, at the
 * catalog's own date and at the clock's (stale). Commands that write get a fresh simulator each.
 */
import path from 'node:path';
import { ensureCatalog, type Catalog, type CatalogSpec } from './catalogs.js';
import { writeGateLineage } from './gate-lineage.js';
import { measureCli, skippedCli, type CliCommand, type MeasureCliOptions } from './measure-cli.js';
import { OUT } from './paths.js';
import type { CliRow, CliStep, JudgedAt } from './figures.js';
import type { SimProcess } from './sim-process.js';
import { MODEL, MODEL_NAME, withSim, type BenchContext } from './with-sim.js';

export interface CliBudgets {
  trustS: number;
  gateS: number;
  scanS: number;
  writeBackS: number;
}

export interface CliPlan {
  budgets: CliBudgets;
  /** The dates each command is judged at. */
  dates: JudgedAt[];
  /** Runs of a short command, for the median (1 in quick runs). */
  repeats: number;
  /** `trust model_00001` by name, or by name and by urn. */
  trust: 'none' | 'name' | 'name and urn';
  /** `gate --model model_00001 --lineage FILE.yml`. */
  gate: boolean;
  /** `scan --all --dry-run`. */
  scan: boolean;
  /** The first write-back on a fresh simulator, then the unchanged rescan, at these dates (default `dates`); or why not. */
  writeBack: true | string;
  writeBackDates?: JudgedAt[];
}

const sec = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);

function logRow(ctx: BenchContext, r: CliRow): void {
  const m = r.median;
  const figures = m
    ? `${m.requests} requests${m.mutations ? `, ${m.mutations} mutations` : ''}, ${sec(m.wallMs)} (CPU ${sec(m.cpuMs)}), peak ${m.peakRssMb ?? '?'} MB, ${m.stdoutBytes.toLocaleString('en-US')} bytes out${r.runs.length > 1 ? `, median of ${r.runs.length}` : ''}`
    : '';
  ctx.log(
    `  ${r.command} [${r.date} date]: ${figures}${r.status === 'done' ? '' : ` (${r.status}${r.reason ? `: ${r.reason}` : ''})`}`,
  );
}

const specOf = (s: CatalogSpec) => ({ models: s.models, datasets: s.datasets, depth: s.depth });

async function measure(
  ctx: BenchContext,
  sim: SimProcess,
  spec: CatalogSpec,
  cmd: CliCommand,
  budgetS: number,
  repeats: number,
): Promise<CliRow> {
  const opts: MeasureCliOptions = {
    catalog: spec.name,
    spec: specOf(spec),
    budgetMs: budgetS * 1000,
    kinds: ctx.kinds,
    repeats,
  };
  const row = await measureCli(sim, cmd, opts);
  logRow(ctx, row);
  return row;
}

const DRY_RUN = ['scan', '--all', '--dry-run'];
const WRITE = ['scan', '--all'];

/** `trust model_00001` by name (and by urn), at each date. */
export async function cliTrustRows(
  ctx: BenchContext,
  sim: SimProcess,
  spec: CatalogSpec,
  plan: Pick<CliPlan, 'budgets' | 'dates' | 'repeats' | 'trust'>,
): Promise<CliRow[]> {
  const rows: CliRow[] = [];
  const refs: [CliStep, string][] =
    plan.trust === 'none'
      ? []
      : plan.trust === 'name'
        ? [['trust', MODEL_NAME]]
        : [
            ['trust', MODEL_NAME],
            ['trust-urn', MODEL],
          ];
  for (const [step, ref] of refs) {
    for (const date of plan.dates)
      rows.push(await measure(ctx, sim, spec, { step, args: ['trust', ref], date }, plan.budgets.trustS, plan.repeats));
  }
  return rows;
}

/** The commands that write nothing, against the catalog's one simulator: dry-run scan, trust, gate. */
export async function cliReadOnlyRows(
  ctx: BenchContext,
  sim: SimProcess,
  spec: CatalogSpec,
  plan: CliPlan,
): Promise<CliRow[]> {
  const rows: CliRow[] = [];
  if (plan.scan)
    for (const date of plan.dates)
      rows.push(
        await measure(ctx, sim, spec, { step: 'dry-run', args: DRY_RUN, date }, plan.budgets.scanS, plan.repeats),
      );
  rows.push(...(await cliTrustRows(ctx, sim, spec, plan)));
  if (plan.gate) {
    const lineage = path.relative(path.join(OUT, 'cli'), writeGateLineage(spec, path.join(OUT, 'cli')));
    // gate exits 1 when it blocks: model 1 leaks its label, so it is blocked
    const gate: Omit<CliCommand, 'date'> = {
      step: 'gate',
      args: ['gate', '--model', MODEL_NAME, '--lineage', lineage],
      okExitCodes: [0, 1],
    };
    for (const date of plan.dates)
      rows.push(await measure(ctx, sim, spec, { ...gate, date }, plan.budgets.gateS, plan.repeats));
  }
  return rows;
}

/** At each date, on a fresh simulator: the catalog's first write-back, then the unchanged rescan on the same one. */
export async function cliWriteBackRows(
  ctx: BenchContext,
  catalog: Catalog,
  plan: CliPlan,
  dryRuns: CliRow[],
): Promise<CliRow[]> {
  const spec = catalog.spec;
  const rows: CliRow[] = [];
  for (const date of plan.writeBackDates ?? plan.dates) {
    const opts = { catalog: spec.name, spec: specOf(spec), budgetMs: plan.budgets.writeBackS * 1000 };
    const skip = (reason: string) =>
      rows.push(
        skippedCli({ step: 'write-back', args: WRITE, date }, opts, reason),
        skippedCli({ step: 'rescan', args: WRITE, date }, { ...opts, budgetMs: plan.budgets.scanS * 1000 }, reason),
      );
    if (plan.writeBack !== true) {
      skip(plan.writeBack);
      continue;
    }
    const dryRun = dryRuns.find((r) => r.step === 'dry-run' && r.date === date);
    if (dryRun && dryRun.status !== 'done') {
      skip(
        `the dry-run at this date did not finish (${dryRun.status}); the write-back judges the same way before it writes`,
      );
      continue;
    }
    ctx.log(`  first write-back at the ${date} date`);
    const { result } = await withSim(ctx, catalog, async (sim) => {
      const first = await measure(
        ctx,
        sim,
        spec,
        { step: 'write-back', args: WRITE, date },
        plan.budgets.writeBackS,
        1,
      );
      const rescan =
        first.status === 'done'
          ? await measure(ctx, sim, spec, { step: 'rescan', args: WRITE, date }, plan.budgets.scanS, plan.repeats)
          : skippedCli(
              { step: 'rescan', args: WRITE, date },
              { ...opts, budgetMs: plan.budgets.scanS * 1000 },
              'no write-back to rescan after',
            );
      return [first, rescan];
    });
    rows.push(...result);
  }
  return rows;
}

/** `scan --all --dry-run` at one date on a catalog of its own (the growth series). */
export async function cliScanOn(
  ctx: BenchContext,
  spec: CatalogSpec,
  date: JudgedAt,
  budgetS: number,
  repeats: number,
): Promise<CliRow> {
  const catalog = await ensureCatalog(spec);
  const { result } = await withSim(ctx, catalog, (sim) =>
    measure(ctx, sim, spec, { step: 'dry-run', args: DRY_RUN, date }, budgetS, repeats),
  );
  return result;
}
