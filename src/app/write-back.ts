import { upstreamDatasets as datasetsUpstreamOf } from '../core/graph.js';
import type { UpstreamGraph } from '../core/graph.js';
import type { ModelRef, Verdict } from '../core/verdict.js';
import { incidentsToResolve, planWriteBack, type PlannedWrite } from '../core/writeback/plan.js';
import { judgedModelOf, RootCauseCollector, type JudgedModel, type RootCause } from '../core/writeback/root-causes.js';
import type { WriteBackState } from '../core/writeback/state.js';
import {
  upstreamDatasetsByModel,
  upstreamDatasetsFromBelow,
  type UpstreamDatasets,
} from '../core/writeback/upstream-datasets.js';
import type { Catalog } from '../core/catalog.js';
import { judgingOneByOne, type OnProgress } from '../core/progress.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { EntityCache } from '../datahub/entity-cache.js';
import { applyPlan, type ApplyOutcome } from '../datahub/writeback/apply.js';
import { readResolutions, resolutionDatasets } from '../datahub/writeback/read-resolutions.js';
import { evidenceOnDatasets, readModelsState } from '../datahub/writeback/read-state.js';
import type { Logger } from '../log.js';
import type { RedisLocks } from '../redis/lock.js';
import { reportUrlFor } from '../core/links.js';
import { judgeCatalog, type OnJudged } from './judge-catalog.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

export interface WriteBackDeps extends JudgeDeps {
  /** Locks per root cause when set (workers always have it); without it, Janus re-reads before raising. */
  locks?: RedisLocks;
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
  /** DataHub refused the write: the privilege its token lacks (datahub/privileges.ts). */
  privilege?: string;
}

export interface WriteBackResult {
  /** The verdicts (none kept when `keepVerdicts` is false: `onJudged` saw each). */
  verdicts: Verdict[];
  /** Every judged model's score and band, kept even when its verdict is not. */
  judged: JudgedModel[];
  /** Each model's graph, when asked for (`keepGraphs`: the reports need them). */
  graphs?: UpstreamGraph[];
  plan: PlannedWrite[];
  applied: WriteOutcome[];
  failed: WriteOutcome[];
}

export interface WriteBackOptions {
  /** Stop after planning. */
  dryRun?: boolean;
  keepGraphs?: boolean;
  /**
   * Keep every verdict in the result (default true). A whole-catalog scan of thousands of models, hundreds of
   * findings each, passes `false` and renders each verdict in `onJudged`: planning needs only root causes and scores.
   */
  keepVerdicts?: boolean;
  onJudged?: OnJudged;
  /** How far the read, the judging, the planning and the write-back have come (progress displays; plain data). */
  onProgress?: OnProgress;
}

/**
 * Read → judge (pure) → plan the write-back (pure) → apply, for some models or the whole catalog (`'all'`: one
 * catalog-wide read instead of one lineage walk per model). Each verdict is folded into the plan's root causes as
 * it is judged, so a scan holds verdicts only as long as the caller does.
 */
export async function writeBackModels(
  deps: WriteBackDeps,
  models: string[] | 'all',
  opts: WriteBackOptions = {},
): Promise<WriteBackResult> {
  const cache: EntityCache = deps.cache ?? new EntityCache();
  const verdicts: Verdict[] = [];
  const judged: JudgedModel[] = [];
  // a verdict DataHub could not answer every read of: its root causes are written, its score and band are not
  const complete: JudgedModel[] = [];
  const graphs: UpstreamGraph[] = [];
  const collector = new RootCauseCollector();
  const onJudged = (v: Verdict, graph: UpstreamGraph) => {
    collector.add(v);
    judged.push(judgedModelOf(v));
    if (!v.unread?.length) complete.push(judged[judged.length - 1]!);
    if (opts.keepVerdicts !== false) verdicts.push(v);
    if (opts.keepGraphs) graphs.push(graph);
    return opts.onJudged?.(v, graph);
  };
  const { onProgress } = opts;
  let set: JudgedSet;
  if (models === 'all') {
    const scan = await judgeCatalog({ ...deps, cache }, onJudged, onProgress);
    onProgress?.({ phase: 'plan', done: 0 });
    set = catalogJudgedSet(scan.catalog, scan.cache, complete, collector);
  } else {
    const upstreamDatasets: Record<string, string[]> = {};
    const judging = onProgress && judgingOneByOne(onProgress, models.length);
    judging?.judged(0);
    for (const [i, model] of models.entries()) {
      const { verdict, graph } = await judgeModel(
        { ...deps, cache, ...(judging ? { onRead: judging.reading(i, model) } : {}) },
        model,
      );
      upstreamDatasets[verdict.model.urn] = datasetsUpstreamOf(graph);
      const done = onJudged(verdict, graph);
      if (done) await done;
      judging?.judged(i + 1);
    }
    set = {
      judged: complete,
      causes: collector.list(),
      cache,
      upstreamDatasets: upstreamDatasetsByModel(upstreamDatasets),
      read: [...new Set(Object.values(upstreamDatasets).flat())],
      downstream: (d) => readDownstreamModels(deps.client, d),
    };
  }
  const plan = await planJudged(deps, set, onProgress);
  const kept = opts.keepGraphs ? { graphs } : {};
  if (opts.dryRun) return { verdicts, judged, ...kept, plan, applied: [], failed: [] };
  const outcomes = await applyPlan(plan, {
    client: deps.client,
    ...(deps.locks ? { locks: deps.locks } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(deps.afterWrite ? { afterWrite: deps.afterWrite } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  return {
    verdicts,
    judged,
    ...kept,
    plan,
    applied: outcomes.filter((o) => o.status === 'applied').map(describe),
    failed: outcomes.filter((o) => o.status === 'failed').map(describe),
  };
}

/** What planning a write-back needs of a judgment: who was judged, their root causes, and what was read. */
export interface JudgedSet {
  judged: JudgedModel[];
  causes: RootCause[];
  cache: EntityCache;
  /** Datasets read in full: the plan speaks for the evidence on them (and resolves what no longer holds there). */
  read: string[];
  /** Each judged model's upstream datasets among those the plan asks about. */
  upstreamDatasets: UpstreamDatasets;
  downstream: (datasets: string[]) => Promise<Record<string, ModelRef[]>>;
}

/** A whole catalog's judgment, read once: every dataset read, and blast radii from the catalog itself. */
export function catalogJudgedSet(
  catalog: Catalog,
  cache: EntityCache,
  judged: JudgedModel[],
  collector: RootCauseCollector,
): JudgedSet {
  const read = [...cache.values()].filter((r) => r?.type === 'DATASET').map((r) => r!.urn);
  // a model's whole upstream is thousands of datasets on a big catalog: keep only those the plan asks about
  const evidence = evidenceOnDatasets(read, cache);
  const relevant = [
    ...new Set([
      ...evidence.incidents.map((i) => i.dataset),
      ...evidence.assertions.map((a) => a.dataset),
      ...collector.datasets(),
    ]),
  ];
  return {
    judged,
    causes: collector.list(),
    cache,
    read,
    upstreamDatasets: upstreamDatasetsFromBelow(catalog.downstreamModels(relevant)),
    downstream: async (d) => catalog.downstreamModels(d),
  };
}

/**
 * The writes that make DataHub match a judgment: reads the current state of everything it touches, then plans (pure).
 * `onProgress` hears the planning: entities whose write-back state is read (the models in scope, the datasets whose
 * incidents a person may have resolved), of those it reads.
 */
export async function planJudged(
  deps: WriteBackDeps,
  set: JudgedSet,
  onProgress?: OnProgress,
): Promise<PlannedWrite[]> {
  const { judged, causes, cache } = set;
  onProgress?.({ phase: 'plan', done: 0 });
  const evidence = evidenceOnDatasets(set.read, cache);
  const resolving = incidentsToResolve(judged, causes, {
    ...evidence,
    tagExists: true,
    propertiesExist: { score: true, band: true, reasons: true },
    models: {},
  });
  const downstream = resolving.length ? await set.downstream([...new Set(resolving.map((i) => i.dataset))]) : {};
  const resolvedDownstream = Object.fromEntries(Object.entries(downstream).map(([d, ms]) => [d, ms.map((m) => m.urn)]));
  const scope = new Set([...judged.map((v) => v.model.urn), ...Object.values(resolvedDownstream).flat()]);
  for (const rc of causes) for (const m of rc.blastRadius) scope.add(m.urn);
  const open = new Set(evidence.incidents.map((i) => i.key));
  const toRead = scope.size + resolutionDatasets(causes, open).length;
  let read = 0;
  const tell = onProgress && ((n: number) => onProgress({ phase: 'plan', done: (read += n), total: toRead }));
  tell?.(0);
  const state: WriteBackState = { ...evidence, ...(await readModelsState(deps.client, [...scope], tell)) };
  const newest = await readResolutions(deps.client, causes, open, tell);
  state.resolved = newest.resolved;
  state.incidents = [...state.incidents, ...newest.active];
  const base = deps.reportBaseUrl;
  return planWriteBack({
    judged,
    causes,
    state,
    resolvedDownstream,
    upstreamDatasets: set.upstreamDatasets,
    ...(base ? { reportUrl: (m: string) => reportUrlFor(base, m) } : {}),
  });
}

function describe(o: ApplyOutcome): WriteOutcome {
  const w = o.write;
  const target =
    'model' in w ? w.model : 'dataset' in w ? w.dataset : w.kind === 'createProperty' ? w.property : 'model-at-risk';
  return {
    kind: w.kind,
    target,
    ...(o.status === 'failed' && o.detail ? { error: o.detail } : {}),
    ...(o.status === 'failed' && o.privilege ? { privilege: o.privilege } : {}),
  };
}
