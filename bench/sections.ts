/** The measurements of a run, each against a simulator of its own catalog. */
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_NOW } from '../src/sim/generate/index.js';
import { modelUrn } from '../src/sim/generate/plan.js';
import { depthCatalog, ensureCatalog, type Catalog, type CatalogSpec } from './catalogs.js';
import { cachedCatalogFacts, type CatalogFacts, type NaiveModels } from './graph-oracle.js';
import { janusLowerBound } from './lower-bound.js';
import { measureJanus } from './measure-janus.js';
import { measureNaive, warmUp } from './measure-naive.js';
import { ROOT } from './paths.js';
import type { CatalogFigures, JanusFigures, NaiveFigures, OneModelRow } from './figures.js';
import { startSimProcess, type SimProcess } from './sim-process.js';

export interface BenchContext {
  rttMs: number;
  /** Janus's operations by name: query or mutation. */
  kinds: Record<string, string>;
  log: (line: string) => void;
}

/** The model every one-model measurement judges: model 1 of a generated catalog (it always leaks its label). */
export const MODEL = modelUrn(1);
const MODEL_NAME = 'model_00001';

const CATALOG_PAGE_DOCUMENT = fs.readFileSync(path.join(ROOT, 'src/datahub/operations/catalog-page.graphql'), 'utf8');

async function withSim<T>(ctx: BenchContext, catalog: Catalog, fn: (sim: SimProcess) => Promise<T>): Promise<{ result: T; startMs: number; peakRssMb?: number }> {
  ctx.log(`  simulator: ${catalog.spec.name} (${catalog.generated ? 'generated now' : 'cached'}), ${ctx.rttMs} ms per request`);
  const sim = await startSimProcess({ catalog: catalog.path, latencyMs: ctx.rttMs });
  try {
    await warmUp(sim, MODEL, CATALOG_PAGE_DOCUMENT);
    const result = await fn(sim);
    const peak = sim.peakRssKb();
    return { result, startMs: Math.round(sim.startMs), ...(peak !== undefined ? { peakRssMb: Math.round(peak / 1024) } : {}) };
  } finally {
    await sim.stop();
  }
}

const trustJob = (sim: SimProcess) => ({ task: 'trust' as const, url: sim.url, model: MODEL, now: GENERATED_NOW });

async function oneModel(ctx: BenchContext, sim: SimProcess, spec: CatalogSpec, facts: CatalogFacts, budgets: { trustS: number; naiveS: number }): Promise<OneModelRow> {
  const cost = facts.naive.find((m) => m.model === MODEL);
  if (!cost) throw new Error(`${spec.name}: no naive count for ${MODEL}`);
  const janus = await measureJanus(sim, trustJob(sim), { budgetMs: budgets.trustS * 1000, kinds: ctx.kinds });
  ctx.log(`  trust ${MODEL_NAME} at depth ${spec.depth}: Janus ${janus.requests} requests, ${janus.ms ?? janus.wallMs} ms (${janus.status})`);
  const naive = await measureNaive(sim, [MODEL], cost.requests, budgets.naiveS * 1000);
  ctx.log(`  naive walk: ${naive.exactRequests} requests, ${naive.ms} ms${naive.msIsEstimate ? ' (estimated)' : ''}`);
  return { catalog: spec.name, depth: spec.depth, model: MODEL_NAME, reached: cost.reached, hops: cost.hops, janus, naive };
}

/** Janus and the naive walker judging one model, in catalogs of growing lineage depth. */
export async function depthSeries(ctx: BenchContext, depths: readonly number[], budgets: { trustS: number; naiveS: number }): Promise<OneModelRow[]> {
  const rows: OneModelRow[] = [];
  for (const depth of depths) {
    const catalog = await ensureCatalog(depthCatalog(depth));
    const facts = await cachedCatalogFacts(catalog, 'all');
    rows.push((await withSim(ctx, catalog, (sim) => oneModel(ctx, sim, catalog.spec, facts, budgets))).result);
  }
  return rows;
}

export interface CatalogPlan {
  spec: CatalogSpec;
  naiveModels: NaiveModels;
  /** Also judge model 1 alone, next to the naive walk (a budget for each). */
  oneModel?: { trustS: number; naiveS: number };
  scanS: number;
  /** Run the write-back and the unchanged rescan (why not, when not). */
  writeBack: true | string;
  /** Also measure the read phase alone (readCatalog). */
  readOnly?: boolean;
}

const skipped = (reason: string): JanusFigures => ({ status: 'skipped', reason });

/** A whole-catalog dry-run scan, write-back on the fresh catalog, unchanged rescan; lower bound and naive cost. */
export async function catalogSection(ctx: BenchContext, plan: CatalogPlan): Promise<{ figures: CatalogFigures; oneModel?: OneModelRow }> {
  const catalog = await ensureCatalog(plan.spec);
  ctx.log(`  catalog facts: ${plan.spec.name}`);
  const facts = await cachedCatalogFacts(catalog, plan.naiveModels);
  const scan = (sim: SimProcess, write: boolean) =>
    measureJanus(sim, { task: 'scan', url: sim.url, write, now: GENERATED_NOW }, { budgetMs: plan.scanS * 1000, kinds: ctx.kinds, models: facts.models.length });
  const { result, startMs, peakRssMb } = await withSim(ctx, catalog, async (sim) => {
    const one = plan.oneModel ? await oneModel(ctx, sim, plan.spec, facts, plan.oneModel) : undefined;
    const dryRun = await scan(sim, false);
    ctx.log(`  scan --all --dry-run: ${dryRun.requests} requests, ${dryRun.ms ?? dryRun.wallMs} ms, peak ${dryRun.peakRssMb} MB (${dryRun.status})`);
    let writeBack = skipped(typeof plan.writeBack === 'string' ? plan.writeBack : '');
    let rescan = writeBack;
    if (plan.writeBack === true && dryRun.status !== 'done') {
      writeBack = rescan = skipped('the dry-run did not finish within its budget; the write-back judges the same way before it writes');
    } else if (plan.writeBack === true) {
      // The dry-run wrote nothing (mutations 0), so the catalog is still fresh for the write-back.
      if (dryRun.mutations) throw new Error(`the dry-run applied ${dryRun.mutations} mutations`);
      writeBack = await scan(sim, true);
      ctx.log(`  scan --all (write-back): ${writeBack.status === 'pending' ? writeBack.reason : `${writeBack.requests} requests, ${writeBack.mutations} mutations`}`);
      rescan = writeBack.status === 'done' ? await scan(sim, true) : skipped('no write-back to rescan after');
      if (rescan.status === 'done') ctx.log(`  unchanged rescan: ${rescan.requests} requests, ${rescan.mutations} mutations`);
    }
    let read: JanusFigures | undefined;
    if (plan.readOnly) {
      read = await measureJanus(sim, { task: 'read', url: sim.url }, { budgetMs: plan.scanS * 1000, kinds: ctx.kinds });
      ctx.log(`  read only: ${read.requests} requests, ${read.entities} entities, ${read.ms} ms, peak ${read.peakRssMb} MB`);
    }
    return { one, dryRun, writeBack, rescan, read };
  });
  const naive = naiveCatalog(facts, result.one?.naive);
  const figures: CatalogFigures = {
    spec: plan.spec, via: catalog.via, entities: facts.entities, byType: facts.byType, needed: facts.needed,
    simStartMs: startMs, ...(peakRssMb !== undefined ? { simPeakRssMb: peakRssMb } : {}),
    lowerBound: { needed: janusLowerBound(facts.needed, ctx.rttMs) },
    ...(naive ? { naive } : {}),
    dryRun: result.dryRun, writeBack: result.writeBack, rescan: result.rescan,
    ...(result.read ? { catalogRead: result.read } : {}),
  };
  return { figures, ...(result.one ? { oneModel: result.one } : {}) };
}

/** The naive walk over every model: exact (or from a sample of models), timed at the one-model walk's pace. */
function naiveCatalog(facts: CatalogFacts, measuredOne: NaiveFigures | undefined): NaiveFigures | undefined {
  if (!facts.naive.length) return undefined;
  const sum = facts.naive.reduce((n, m) => n + m.requests, 0);
  const exactRequests = facts.naiveSampled ? Math.round((sum / facts.naive.length) * facts.models.length) : sum;
  const figures: NaiveFigures = {
    exactRequests,
    ...(facts.naiveSampled ? { estimate: `mean of ${facts.naive.length} of ${facts.models.length} models, each counted exactly` } : {}),
  };
  const m = measuredOne?.measured;
  if (!m?.requests) return figures;
  return { ...figures, measured: m, ms: Math.round((m.ms / m.requests) * exactRequests), msIsEstimate: true };
}
