/** The measurements of a run, each against a simulator of its own catalog. */
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { depthCatalog, ensureCatalog, type CatalogSpec } from './catalogs.js';
import { cachedCatalogFacts, type CatalogFacts, type NaiveModels } from './graph-oracle.js';
import { janusLowerBound } from './lower-bound.js';
import { measureJanus } from './measure-janus.js';
import { measureNaive } from './measure-naive.js';
import { cliReadOnlyRows, cliTrustRows, cliWriteBackRows, type CliPlan } from './cli-sections.js';
import type { CatalogFigures, CliRow, JanusFigures, NaiveFigures, OneModelRow } from './figures.js';
import type { SimProcess } from './sim-process.js';
import { MODEL, MODEL_NAME, withSim, type BenchContext } from './with-sim.js';

export { MODEL, type BenchContext } from './with-sim.js';

const trustJob = (sim: SimProcess) => ({ task: 'trust' as const, url: sim.url, model: MODEL, now: GENERATED_NOW });

async function oneModel(
  ctx: BenchContext,
  sim: SimProcess,
  spec: CatalogSpec,
  facts: CatalogFacts,
  budgets: { trustS: number; naiveS: number },
): Promise<OneModelRow> {
  const cost = facts.naive.find((m) => m.model === MODEL);
  if (!cost) throw new Error(`${spec.name}: no naive count for ${MODEL}`);
  const janus = await measureJanus(sim, trustJob(sim), { budgetMs: budgets.trustS * 1000, kinds: ctx.kinds });
  ctx.log(
    `  trust ${MODEL_NAME} at depth ${spec.depth}: Janus ${janus.requests} requests, ${janus.ms ?? janus.wallMs} ms (${janus.status})`,
  );
  const naive = await measureNaive(sim, [MODEL], cost.requests, budgets.naiveS * 1000);
  ctx.log(`  naive walk: ${naive.exactRequests} requests, ${naive.ms} ms${naive.msIsEstimate ? ' (estimated)' : ''}`);
  return {
    catalog: spec.name,
    depth: spec.depth,
    model: MODEL_NAME,
    reached: cost.reached,
    hops: cost.hops,
    janus,
    naive,
  };
}

/**
 * One model in catalogs of growing lineage depth: `janus trust` as a process (by name and by urn, at each date),
 * and the use case alone next to the naive walker (`useCase`: their budgets).
 */
export async function depthSeries(
  ctx: BenchContext,
  depths: readonly number[],
  opts: { useCase?: { trustS: number; naiveS: number }; cli: Pick<CliPlan, 'budgets' | 'dates' | 'repeats' | 'trust'> },
): Promise<{ oneModel: OneModelRow[]; cli: CliRow[] }> {
  const oneModelRows: OneModelRow[] = [];
  const cli: CliRow[] = [];
  for (const depth of depths) {
    const catalog = await ensureCatalog(depthCatalog(depth));
    const facts = opts.useCase ? await cachedCatalogFacts(catalog, 'all') : undefined;
    await withSim(ctx, catalog, async (sim) => {
      cli.push(...(await cliTrustRows(ctx, sim, catalog.spec, opts.cli)));
      if (opts.useCase && facts) oneModelRows.push(await oneModel(ctx, sim, catalog.spec, facts, opts.useCase));
    });
  }
  return { oneModel: oneModelRows, cli };
}

export interface CatalogPlan {
  spec: CatalogSpec;
  naiveModels: NaiveModels;
  /** Also judge model 1 alone, next to the naive walk (a budget for each). */
  oneModel?: { trustS: number; naiveS: number };
  scanS: number;
  /** The use case's dry-run scan (why not, when not: the CLI rows measure it). */
  scan?: true | string;
  /** Run the use case's write-back and the unchanged rescan (why not, when not). */
  writeBack: true | string;
  /** Also measure the read phase alone (readCatalog). */
  readOnly?: boolean;
  /** The `janus` processes on this catalog: the headline rows. */
  cli?: CliPlan;
}

const skipped = (reason: string): JanusFigures => ({ status: 'skipped', reason });

/**
 * On one simulator: the use case's dry-run scan, the `janus` commands that write nothing, then the use case's
 * write-back on the still-fresh catalog and its unchanged rescan, the read alone. Then the CLI's write-back at
 * each date, each on a fresh simulator. Lower bound and naive cost from the catalog's facts.
 */
export async function catalogSection(
  ctx: BenchContext,
  plan: CatalogPlan,
): Promise<{ figures: CatalogFigures; oneModel?: OneModelRow; cli: CliRow[] }> {
  const catalog = await ensureCatalog(plan.spec);
  ctx.log(`  catalog facts: ${plan.spec.name}`);
  const facts = await cachedCatalogFacts(catalog, plan.naiveModels);
  const scan = (sim: SimProcess, write: boolean) =>
    measureJanus(
      sim,
      { task: 'scan', url: sim.url, write, now: GENERATED_NOW },
      { budgetMs: plan.scanS * 1000, kinds: ctx.kinds, models: facts.models.length },
    );
  const { result, startMs, peakRssMb } = await withSim(ctx, catalog, async (sim) => {
    const one = plan.oneModel ? await oneModel(ctx, sim, plan.spec, facts, plan.oneModel) : undefined;
    const dryRun = plan.scan === undefined || plan.scan === true ? await scan(sim, false) : skipped(plan.scan);
    if (dryRun.status !== 'skipped')
      ctx.log(
        `  use case: scan --all --dry-run: ${dryRun.requests} requests, ${dryRun.ms ?? dryRun.wallMs} ms, peak ${dryRun.peakRssMb} MB (${dryRun.status})`,
      );
    const cli = plan.cli ? await cliReadOnlyRows(ctx, sim, plan.spec, plan.cli) : [];
    // Nothing so far wrote, so the catalog is still fresh for the write-back.
    const wrote = [dryRun.mutations ?? 0, ...cli.map((r) => r.median?.mutations ?? 0)].some((m) => m > 0);
    if (wrote) throw new Error(`${plan.spec.name}: a dry-run, trust or gate applied mutations`);
    let writeBack = skipped(typeof plan.writeBack === 'string' ? plan.writeBack : '');
    let rescan = writeBack;
    if (plan.writeBack === true && dryRun.status !== 'done') {
      writeBack = rescan = skipped(
        'the dry-run did not finish within its budget; the write-back judges the same way before it writes',
      );
    } else if (plan.writeBack === true) {
      writeBack = await scan(sim, true);
      ctx.log(
        `  use case: scan --all (write-back): ${writeBack.status === 'pending' ? writeBack.reason : `${writeBack.requests} requests, ${writeBack.mutations} mutations`}`,
      );
      rescan = writeBack.status === 'done' ? await scan(sim, true) : skipped('no write-back to rescan after');
      if (rescan.status === 'done')
        ctx.log(`  use case: unchanged rescan: ${rescan.requests} requests, ${rescan.mutations} mutations`);
    }
    let read: JanusFigures | undefined;
    if (plan.readOnly) {
      read = await measureJanus(sim, { task: 'read', url: sim.url }, { budgetMs: plan.scanS * 1000, kinds: ctx.kinds });
      ctx.log(
        `  use case: read only: ${read.requests} requests, ${read.entities} entities, ${read.ms} ms, peak ${read.peakRssMb} MB`,
      );
    }
    return { one, dryRun, writeBack, rescan, read, cli };
  });
  const cli = plan.cli ? [...result.cli, ...(await cliWriteBackRows(ctx, catalog, plan.cli, result.cli))] : [];
  const naive = naiveCatalog(facts, result.one?.naive);
  const figures: CatalogFigures = {
    spec: plan.spec,
    via: catalog.via,
    entities: facts.entities,
    byType: facts.byType,
    needed: facts.needed,
    simStartMs: startMs,
    ...(peakRssMb !== undefined ? { simPeakRssMb: peakRssMb } : {}),
    lowerBound: { needed: janusLowerBound(facts.needed, ctx.rttMs) },
    ...(naive ? { naive } : {}),
    dryRun: result.dryRun,
    writeBack: result.writeBack,
    rescan: result.rescan,
    ...(result.read ? { catalogRead: result.read } : {}),
  };
  return { figures, ...(result.one ? { oneModel: result.one } : {}), cli };
}

/** The naive walk over every model: exact (or from a sample of models), timed at the one-model walk's pace. */
function naiveCatalog(facts: CatalogFacts, measuredOne: NaiveFigures | undefined): NaiveFigures | undefined {
  if (!facts.naive.length) return undefined;
  const sum = facts.naive.reduce((n, m) => n + m.requests, 0);
  const exactRequests = facts.naiveSampled ? Math.round((sum / facts.naive.length) * facts.models.length) : sum;
  const figures: NaiveFigures = {
    exactRequests,
    ...(facts.naiveSampled
      ? { estimate: `mean of ${facts.naive.length} of ${facts.models.length} models, each counted exactly` }
      : {}),
  };
  const m = measuredOne?.measured;
  if (!m?.requests) return figures;
  return { ...figures, measured: m, ms: Math.round((m.ms / m.requests) * exactRequests), msIsEstimate: true };
}
