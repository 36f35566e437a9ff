/**
 * `npm run bench [-- --quick] [-- --latency-ms N]`: how many requests and how much time Janus needs to judge one
 * model and a whole catalog, next to a naive client and the lower bound. Full runs write bench/results.md and
 * bench/results.json; quick runs (small catalog only) write bench/out/quick-results.*.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { DEPTHS, growthCatalog, LARGE, MEDIUM, SMALL } from './catalogs.js';
import { cliScanOn, type CliBudgets, type CliPlan } from './cli-sections.js';
import { JANUS_BATCH, JANUS_CONCURRENCY, JANUS_PAGE } from './lower-bound.js';
import { commit, machine } from './machine.js';
import { measureSlack } from './measure-slack.js';
import { measureAlerts } from './measure-alerts.js';
import { alertsTargets } from './alerts-report.js';
import { janusOperationKinds } from './operation-kinds.js';
import { OUT, ROOT } from './paths.js';
import { summary, writeResults } from './report.js';
import type { AlertsFigures, CatalogFigures, CliRow, JudgedAt, OneModelRow, Results, SlackFigures } from './figures.js';
import { skippedCli } from './measure-cli.js';
import { catalogSection, depthSeries, type BenchContext, type CatalogPlan } from './sections.js';
import { lineageSearchMarkdown, measureLineageSearch } from './lineage-search.js';
import { judgeTargets } from './targets.js';
import type { ServiceFigures } from './service-figures.js';
import { serviceSection } from './service-sections.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'latency-ms': { type: 'string', default: '20' },
    /** Only these parts of the full run (comma-separated): written to bench/out/partial-results.*, never results.md. */
    only: { type: 'string' },
  },
});
const rttMs = Number(args['latency-ms']);
if (!Number.isInteger(rttMs) || rttMs < 0) throw new Error('--latency-ms must be a whole number of milliseconds');
const mode = args.quick ? 'quick' : 'full';
const PARTS = ['depth', 'small', 'medium', 'large', 'growth', 'slack', 'service', 'alerts'] as const;
const only = args.only ? new Set(args.only.split(',')) : undefined;
for (const p of only ?? [])
  if (!(PARTS as readonly string[]).includes(p)) throw new Error(`--only: no part ${p} (parts: ${PARTS.join(', ')})`);
if (only && mode === 'quick') throw new Error('--only is for parts of the full run, not --quick');
/** Whether a part of the run is measured: every part of the mode, or those `--only` names. */
const runs = (part: (typeof PARTS)[number]) => !only || only.has(part);

/**
 * Seconds each measurement may take before it is stopped and recorded as unfinished. The use case alone:
 * `catalogTrustS`, one model of the medium catalog (about 15,000 entities, informational: the CLI rows time it).
 * `janus` processes (`cli*`): three to six times their target (the machine is shared), so a miss shows how far it is, and the run stays short.
 */
const BUDGETS = {
  quick: {
    trustS: 30,
    catalogTrustS: 30,
    naiveOneS: 5,
    naiveDepthS: 0,
    smallScanS: 30,
    mediumScanS: 0,
    largeScanS: 0,
    cliTrustS: 30,
    cliSmallScanS: 30,
    cliSmallWriteBackS: 60,
    cliMediumTrustS: 0,
    cliMediumScanS: 0,
    cliMediumWriteBackS: 0,
    cliLargeScanS: 0,
    cliGrowth100S: 0,
    cliGrowth3000S: 0,
    serviceFirstCycleS: 0,
    serviceCycleS: 0,
  },
  full: {
    trustS: 120,
    catalogTrustS: 20,
    naiveOneS: 20,
    naiveDepthS: 45,
    smallScanS: 60,
    mediumScanS: 150,
    largeScanS: 180,
    cliTrustS: 30,
    cliSmallScanS: 60,
    cliSmallWriteBackS: 90,
    cliMediumTrustS: 30,
    cliMediumScanS: 75,
    cliMediumWriteBackS: 120,
    cliLargeScanS: 120,
    cliGrowth100S: 30,
    cliGrowth3000S: 120,
    serviceFirstCycleS: 900,
    serviceCycleS: 600,
  },
}[mode];

const DATES: JudgedAt[] = ['own', 'stale'];
/** Runs of a short command (the median is reported); quick runs measure each once. */
const REPEATS = mode === 'full' ? 3 : 1;

const cliPlan = (budgets: CliBudgets, more: Partial<CliPlan> = {}): CliPlan => ({
  budgets,
  dates: DATES,
  repeats: REPEATS,
  trust: 'name',
  gate: true,
  scan: true,
  writeBack: true,
  ...more,
});
const small = cliPlan(
  {
    trustS: BUDGETS.cliTrustS,
    gateS: BUDGETS.cliTrustS,
    scanS: BUDGETS.cliSmallScanS,
    writeBackS: BUDGETS.cliSmallWriteBackS,
  },
  // quick: a minute for the harness end to end; model 1 by urn too, for the one-model target
  mode === 'quick' ? { trust: 'name and urn', gate: false, writeBackDates: ['own'] } : {},
);
const CLI_ROWS = 'measured as `janus scan --all` (the CLI rows)';

const plans: CatalogPlan[] = [
  mode === 'full'
    ? {
        spec: SMALL,
        naiveModels: 'all',
        oneModel: { trustS: BUDGETS.trustS, naiveS: BUDGETS.naiveOneS },
        scanS: BUDGETS.smallScanS,
        writeBack: true,
        cli: small,
      }
    : { spec: SMALL, naiveModels: 'all', scanS: BUDGETS.smallScanS, writeBack: CLI_ROWS, cli: small },
  ...(mode === 'full'
    ? ([
        {
          spec: MEDIUM,
          naiveModels: 50,
          oneModel: { trustS: BUDGETS.catalogTrustS, naiveS: BUDGETS.naiveOneS },
          scanS: BUDGETS.mediumScanS,
          writeBack: CLI_ROWS,
          readOnly: true,
          cli: cliPlan({
            trustS: BUDGETS.cliMediumTrustS,
            gateS: BUDGETS.cliMediumTrustS,
            scanS: BUDGETS.cliMediumScanS,
            writeBackS: BUDGETS.cliMediumWriteBackS,
          }),
        },
        {
          spec: LARGE,
          naiveModels: 'none',
          scanS: BUDGETS.largeScanS,
          scan: 'measured as `janus scan --all --dry-run` (the CLI rows)',
          writeBack: 'not run on the large catalog: its target is memory',
          readOnly: true,
          // about a minute a run: once each
          cli: cliPlan(
            { trustS: 0, gateS: 0, scanS: BUDGETS.cliLargeScanS, writeBackS: 0 },
            { repeats: 1, trust: 'none', gate: false, writeBack: 'not run on the large catalog: its target is memory' },
          ),
        },
      ] satisfies CatalogPlan[])
    : []),
];

/** `scan --all --dry-run` at the stale date, 100 → 1,000 → 3,000 models of the medium's shape (the 1,000 is the medium catalog's row). */
async function growthSeries(ctx: BenchContext, medium: CliRow | undefined): Promise<CliRow[]> {
  const rows = [await cliScanOn(ctx, growthCatalog(100), 'stale', BUDGETS.cliGrowth100S, REPEATS)];
  if (medium) rows.push(medium);
  const big = growthCatalog(3_000);
  if (medium?.status === 'done') rows.push(await cliScanOn(ctx, big, 'stale', BUDGETS.cliGrowth3000S, 1));
  else {
    const opts = {
      catalog: big.name,
      spec: { models: big.models, datasets: big.datasets, depth: big.depth },
      budgetMs: BUDGETS.cliGrowth3000S * 1000,
    };
    rows.push(
      skippedCli(
        { step: 'dry-run', args: ['scan', '--all', '--dry-run'], date: 'stale' },
        opts,
        `the 1,000-model run did not finish (${medium?.status ?? 'not run'}): no figure to grow from`,
      ),
    );
  }
  return rows;
}

async function main(): Promise<void> {
  const started = performance.now();
  const log = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  const ctx: BenchContext = { rttMs, kinds: janusOperationKinds(), log };
  const meta: Results['meta'] = {
    mode,
    ...(only ? { only: [...only] } : {}),
    date: new Date().toISOString(),
    ...commit(),
    machine: machine(),
    rttMs,
    janus: {
      concurrency: JANUS_CONCURRENCY,
      pageSize: JANUS_PAGE,
      batchSize: JANUS_BATCH,
      redis: !!process.env.REDIS_URL,
      now: new Date(GENERATED_NOW).toISOString(),
    },
    dates: { own: new Date(GENERATED_NOW).toISOString(), stale: new Date().toISOString() },
    repeats: REPEATS,
    budgetsS: BUDGETS,
  };
  const oneModel: OneModelRow[] = [];
  const cli: CliRow[] = [];
  if (mode === 'full' && runs('depth')) {
    log(`janus trust and the use case at lineage depths ${DEPTHS.join(', ')}`);
    // one run each: the target is requests, the same in every run
    const depth = await depthSeries(ctx, DEPTHS, {
      useCase: { trustS: BUDGETS.trustS, naiveS: BUDGETS.naiveDepthS },
      cli: { budgets: small.budgets, dates: DATES, repeats: 1, trust: 'name and urn' },
    });
    oneModel.push(...depth.oneModel);
    cli.push(...depth.cli);
  }
  const catalogs: CatalogFigures[] = [];
  for (const plan of plans.filter((p) => runs(p.spec.name as (typeof PARTS)[number]))) {
    log(`${plan.spec.name} catalog`);
    const section = await catalogSection(ctx, plan);
    catalogs.push(section.figures);
    cli.push(...section.cli);
    if (section.oneModel) oneModel.push(section.oneModel);
  }
  let growth: CliRow[] = [];
  if (mode === 'full' && runs('growth')) {
    log('growth: scan --all --dry-run at the stale date, 100, 1,000 and 3,000 models');
    growth = await growthSeries(
      ctx,
      cli.find((r) => r.catalog === 'medium' && r.step === 'dry-run' && r.date === 'stale'),
    );
  }
  let slack: SlackFigures = {
    status: 'skipped',
    reason: `not part of ${mode === 'quick' ? 'quick runs' : 'this partial run'}`,
  };
  if (mode === 'full' && runs('slack')) {
    log('slack /janus trust (medium catalog from the scan history; depth-6 judged live)');
    slack = await measureSlack({ rttMs, catalog: MEDIUM, requests: 40, log });
  }
  let service: ServiceFigures | undefined;
  if (mode === 'full' && runs('service')) {
    log('service: janus serve and janus worker on Redis, medium catalog');
    // the scale-out's two write-heavy first cycles on the small catalog: on medium each takes minutes here
    service = await serviceSection(ctx, MEDIUM, SMALL, {
      firstCycleS: BUDGETS.serviceFirstCycleS,
      cycleS: BUDGETS.serviceCycleS,
    });
  }
  let alerts: AlertsFigures | undefined;
  if (mode === 'full' && runs('alerts')) {
    log('alerts: one root cause, 500 models, 20 teams, a fake Slack at 1 msg/s per channel');
    alerts = await measureAlerts({
      rttMs,
      models: 500,
      teams: 20,
      rounds: 12,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      log,
    });
  }
  if (mode === 'full' && runs('medium')) log('simulator: downstream lineage search on the medium catalog');
  const lineageSearch = mode === 'full' && runs('medium') ? await measureLineageSearch({ log }) : undefined;
  const results: Results = {
    meta,
    cli,
    growth,
    oneModel,
    catalogs,
    slack,
    ...(service ? { service } : {}),
    ...(alerts ? { alerts } : {}),
    targets: [...judgeTargets({ cli, growth, oneModel, catalogs, slack, service }), ...alertsTargets(alerts)],
  };
  if (lineageSearch) Object.assign(results, { lineageSearch });
  results.meta.wallS = Math.round((performance.now() - started) / 1000);
  const notesFile = path.join(ROOT, 'bench', 'notes.md');
  const notes = [
    lineageSearchMarkdown(lineageSearch),
    fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '',
  ].join('\n');
  const written =
    mode === 'quick'
      ? writeResults(results, OUT, 'quick-results', notes)
      : only
        ? writeResults(results, OUT, 'partial-results', notes)
        : writeResults(results, path.join(ROOT, 'bench'), 'results', notes);
  console.log(`\n${summary(results)}\n`);
  log(`wrote ${written.map((f) => path.relative(ROOT, f)).join(', ')}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
});
