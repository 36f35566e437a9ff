/**
 * `npm run bench [-- --quick] [-- --latency-ms N]`: how many requests and how much time Janus needs to judge one
 * model and a whole catalog, next to a naive client and the lower bound. Full runs write bench/results.md and
 * bench/results.json; quick runs (small catalog only) write bench/out/quick-results.*.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_NOW } from '../src/sim/generate/index.js';
import { DEPTHS, LARGE, MEDIUM, SMALL } from './catalogs.js';
import { JANUS_BATCH, JANUS_CONCURRENCY, JANUS_PAGE } from './lower-bound.js';
import { commit, machine } from './machine.js';
import { measureSlack } from './measure-slack.js';
import { janusOperationKinds } from './operation-kinds.js';
import { OUT, ROOT } from './paths.js';
import { summary, writeResults } from './report.js';
import type { CatalogFigures, OneModelRow, Results } from './figures.js';
import { catalogSection, depthSeries, type BenchContext, type CatalogPlan } from './sections.js';
import { lineageSearchMarkdown, measureLineageSearch } from './lineage-search.js';
import { judgeTargets } from './targets.js';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false }, 'latency-ms': { type: 'string', default: '20' } } });
const rttMs = Number(args['latency-ms']);
if (!Number.isInteger(rttMs) || rttMs < 0) throw new Error('--latency-ms must be a whole number of milliseconds');
const mode = args.quick ? 'quick' : 'full';

/**
 * Seconds each measurement may take before it is stopped and recorded as unfinished. `catalogTrustS`: one model of
 * the medium catalog reaches ~15,000 entities and is informational (the one-model target is the depth series).
 */
const BUDGETS = {
  quick: { trustS: 30, catalogTrustS: 30, naiveOneS: 5, naiveDepthS: 0, smallScanS: 30, mediumScanS: 0, largeScanS: 0 },
  full: { trustS: 120, catalogTrustS: 45, naiveOneS: 20, naiveDepthS: 45, smallScanS: 60, mediumScanS: 150, largeScanS: 180 },
}[mode];

const plans: CatalogPlan[] = [
  { spec: SMALL, naiveModels: 'all', oneModel: { trustS: BUDGETS.trustS, naiveS: BUDGETS.naiveOneS }, scanS: BUDGETS.smallScanS, writeBack: true },
  ...(mode === 'full'
    ? ([
        { spec: MEDIUM, naiveModels: 50, oneModel: { trustS: BUDGETS.catalogTrustS, naiveS: BUDGETS.naiveOneS }, scanS: BUDGETS.mediumScanS, writeBack: true, readOnly: true },
        {
          spec: LARGE, naiveModels: 'none', scanS: BUDGETS.largeScanS, writeBack: 'not run on the large catalog: its target is memory',
          readOnly: true,
        },
      ] satisfies CatalogPlan[])
    : []),
];

async function main(): Promise<void> {
  const started = performance.now();
  const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  const ctx: BenchContext = { rttMs, kinds: janusOperationKinds(), log };
  const meta: Results['meta'] = {
    mode, date: new Date().toISOString(), ...commit(), machine: machine(), rttMs,
    janus: { concurrency: JANUS_CONCURRENCY, pageSize: JANUS_PAGE, batchSize: JANUS_BATCH, redis: !!process.env.REDIS_URL, now: new Date(GENERATED_NOW).toISOString() },
    budgetsS: BUDGETS,
  };
  const oneModel: OneModelRow[] = [];
  if (mode === 'full') {
    log(`one model at lineage depths ${DEPTHS.join(', ')}`);
    oneModel.push(...(await depthSeries(ctx, DEPTHS, { trustS: BUDGETS.trustS, naiveS: BUDGETS.naiveDepthS })));
  }
  const catalogs: CatalogFigures[] = [];
  for (const plan of plans) {
    log(`${plan.spec.name} catalog`);
    const { figures, oneModel: one } = await catalogSection(ctx, plan);
    catalogs.push(figures);
    if (one) oneModel.push(one);
  }
  log(`slack /janus trust (${mode === 'full' ? 'medium' : 'small'} catalog from the scan history; depth-6 judged live)`);
  const slack = await measureSlack({ rttMs, catalog: mode === 'full' ? MEDIUM : SMALL, requests: mode === 'full' ? 40 : 20, log });
  if (mode === 'full') log('simulator: downstream lineage search on the medium catalog');
  const lineageSearch = mode === 'full' ? await measureLineageSearch({ log }) : undefined;
  const results: Results = { meta, oneModel, catalogs, slack, targets: judgeTargets({ oneModel, catalogs, slack }) };
  if (lineageSearch) Object.assign(results, { lineageSearch });
  results.meta.wallS = Math.round((performance.now() - started) / 1000);
  const notesFile = path.join(ROOT, 'bench', 'notes.md');
  const notes = [lineageSearchMarkdown(lineageSearch), fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : ''].join('\n');
  const written = mode === 'full' ? writeResults(results, path.join(ROOT, 'bench'), 'results', notes) : writeResults(results, OUT, 'quick-results', notes);
  console.log(`\n${summary(results)}\n`);
  log(`wrote ${written.map((f) => path.relative(ROOT, f)).join(', ')}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exitCode = 1;
});
