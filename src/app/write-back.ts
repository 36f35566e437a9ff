import { upstreamDatasets as datasetsUpstreamOf } from '../core/graph.js';
import type { Redis } from 'ioredis';
import type { UpstreamGraph } from '../core/graph.js';
import type { ModelRef, Verdict } from '../core/verdict.js';
import { incidentsToResolve, planWriteBack, type PlannedWrite } from '../core/writeback/plan.js';
import type { WriteBackState } from '../core/writeback/state.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { EntityCache } from '../datahub/read-upstream.js';
import { applyPlan, type ApplyOutcome } from '../datahub/writeback/apply.js';
import { evidenceOnDatasets, readModelsState } from '../datahub/writeback/read-state.js';
import type { Logger } from '../log.js';
import { reportPath } from '../report/paths.js';
import { judgeCatalog } from './judge-catalog.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

export interface WriteBackDeps extends JudgeDeps {
  /** Locks per root cause when set (workers always have it); without it, Janus re-reads before raising. */
  redis?: Redis;
  /** Base URL of Janus's HTTP server, for the Model Impact Report links (none: no links written). */
  reportBaseUrl?: string;
  logger?: Logger;
  /** Testing hook: called after every mutation DataHub accepted. */
  afterWrite?: (count: number) => void;
}

export interface WriteOutcome {
  kind: string;
  target: string;
  error?: string;
}

export interface WriteBackResult {
  verdicts: Verdict[];
  /** Each model's graph, when asked for (`keepGraphs`: the reports need them). */
  graphs?: UpstreamGraph[];
  plan: PlannedWrite[];
  applied: WriteOutcome[];
  failed: WriteOutcome[];
}

export const reportUrlFor = (base: string, model: string) => `${base.replace(/\/+$/, '')}${reportPath(model)}`;

/**
 * Read → judge (pure) → plan the write-back (pure) → apply, for some models or the whole catalog (`'all'`: one
 * catalog-wide read instead of one lineage walk per model). `dryRun` stops after planning.
 */
export async function writeBackModels(
  deps: WriteBackDeps,
  models: string[] | 'all',
  opts: { dryRun?: boolean; keepGraphs?: boolean; onJudged?: (v: Verdict) => void } = {},
): Promise<WriteBackResult> {
  let cache: EntityCache = deps.cache ?? new Map();
  let verdicts: Verdict[] = [];
  const graphs: UpstreamGraph[] = [];
  let upstreamDatasets: Record<string, string[]> = {};
  let read: string[];
  let downstream: (datasets: string[]) => Promise<Record<string, ModelRef[]>> = (d) => readDownstreamModels(deps.client, d);
  if (models === 'all') {
    const catalog = await judgeCatalog({ ...deps, cache }, (v, g) => {
      if (opts.keepGraphs) graphs.push(g);
      opts.onJudged?.(v);
    });
    ({ verdicts, cache } = catalog);
    downstream = async (d) => catalog.catalog.downstreamModels(d);
    read = [...cache.values()].filter((r) => r?.type === 'DATASET').map((r) => r!.urn);
    // a model's whole upstream is thousands of datasets on a big catalog: keep only those the plan asks about
    const relevant = relevantDatasets(verdicts, evidenceOnDatasets(read, cache));
    upstreamDatasets = upstreamWithin(catalog.catalog.downstreamModels(relevant));
  } else {
    for (const model of models) {
      const { verdict, graph } = await judgeModel({ ...deps, cache }, model);
      verdicts.push(verdict);
      upstreamDatasets[verdict.model.urn] = datasetsUpstreamOf(graph);
      if (opts.keepGraphs) graphs.push(graph);
      opts.onJudged?.(verdict);
    }
    read = [...new Set(Object.values(upstreamDatasets).flat())];
  }
  const plan = await planFor(deps, verdicts, read, upstreamDatasets, cache, downstream);
  const kept = opts.keepGraphs ? { graphs } : {};
  if (opts.dryRun) return { verdicts, ...kept, plan, applied: [], failed: [] };
  const outcomes = await applyPlan(plan, { client: deps.client, ...(deps.redis ? { redis: deps.redis } : {}), ...(deps.logger ? { logger: deps.logger } : {}), ...(deps.afterWrite ? { afterWrite: deps.afterWrite } : {}) });
  return {
    verdicts, ...kept, plan,
    applied: outcomes.filter((o) => o.status === 'applied').map(describe),
    failed: outcomes.filter((o) => o.status === 'failed').map(describe),
  };
}

/** Datasets the plan asks "is it upstream of this model?" about: where Janus's evidence is, or should be. */
function relevantDatasets(verdicts: Verdict[], evidence: ReturnType<typeof evidenceOnDatasets>): string[] {
  const offending = verdicts.flatMap((v) => v.findings.map((f) => f.entity));
  return [...new Set([...evidence.incidents.map((i) => i.dataset), ...evidence.assertions.map((a) => a.dataset), ...offending])];
}

/** Each model's upstream datasets among some, from the models downstream of each. */
function upstreamWithin(below: Record<string, ModelRef[]>): Record<string, string[]> {
  const upstream: Record<string, string[]> = {};
  for (const [dataset, models] of Object.entries(below)) for (const m of models) (upstream[m.urn] ??= []).push(dataset);
  return upstream;
}

async function planFor(
  deps: WriteBackDeps,
  verdicts: Verdict[],
  read: string[],
  upstreamDatasets: Record<string, string[]>,
  cache: EntityCache,
  downstreamOf: (datasets: string[]) => Promise<Record<string, ModelRef[]>>,
): Promise<PlannedWrite[]> {
  const evidence = evidenceOnDatasets(read, cache);
  const resolving = incidentsToResolve(verdicts, { ...evidence, tagExists: true, propertiesExist: { score: true, band: true, reasons: true }, models: {} });
  const downstream = resolving.length ? await downstreamOf([...new Set(resolving.map((i) => i.dataset))]) : {};
  const resolvedDownstream = Object.fromEntries(Object.entries(downstream).map(([d, ms]) => [d, ms.map((m) => m.urn)]));
  const scope = new Set([...verdicts.map((v) => v.model.urn), ...Object.values(resolvedDownstream).flat()]);
  // each offending dataset once: its downstream models are the same list in every verdict that names it
  const offending = new Map(verdicts.flatMap((v) => v.blastRadius.map((b) => [b.dataset, b.models] as const)));
  for (const models of offending.values()) for (const m of models) scope.add(m.urn);
  const state: WriteBackState = { ...evidence, ...(await readModelsState(deps.client, [...scope])) };
  const base = deps.reportBaseUrl;
  return planWriteBack({ verdicts, state, resolvedDownstream, upstreamDatasets, ...(base ? { reportUrl: (m: string) => reportUrlFor(base, m) } : {}) });
}

function describe(o: ApplyOutcome): WriteOutcome {
  const w = o.write;
  const target = 'model' in w ? w.model : 'dataset' in w ? w.dataset : w.kind === 'createProperty' ? w.property : 'model-at-risk';
  return { kind: w.kind, target, ...(o.status === 'failed' && o.detail ? { error: o.detail } : {}) };
}
