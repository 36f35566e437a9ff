import { missingOwner } from '../../core/detectors/missing-owner.js';
import { upstreamDatasets } from '../../core/graph.js';
import { transitionsOf, type Hysteresis, type Transition } from '../../core/transitions.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import { judgedModelOf, RootCauseCollector, type JudgedModel } from '../../core/writeback/root-causes.js';
import { upstreamDatasetsByModel } from '../../core/writeback/upstream-datasets.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { CommitData, NotificationData } from '../../queues/payloads.js';
import type { IncrementalJudge, JudgedCycle } from '../incremental-judge.js';
import { catalogJudgedSet, planJudged, type JudgedSet, type WriteBackDeps } from '../write-back.js';
import type { CycleState } from './ports.js';

export interface JudgeCycleDeps {
  judge: IncrementalJudge;
  writeBack: WriteBackDeps;
  state: Pick<CycleState, 'announcedModels' | 'announcedCauses'>;
  history?: VerdictHistory;
  rules: Hysteresis;
  logger: Logger;
  /** The catalog's orphans against those recorded, once a cycle; its failure never fails the cycle. */
  watchOrphans?: (cycle: JudgedCycle, cycleId: string, unowned: UnownedFindings) => Promise<void>;
}

/**
 * The tables a `missing_owner` root cause names this cycle, each with the judged models whose verdict has it: Argos's
 * "No owner" alert speaks of them in those models' channels (with a Claim button), so no orphan ping says it again.
 */
export type UnownedFindings = ReadonlyMap<string, readonly string[]>;

export interface CycleJudgment {
  cycle: JudgedCycle;
  /** The write-back plan, definitions included. */
  plan: PlannedWrite[];
  /** What the cycle's commit records once the plan landed: announced states and the transitions to notify. */
  commit: CommitData;
}

/**
 * Read what moved, judge again the models it reaches (and `replan`), work out the transitions against what was
 * announced, and plan the write-back. Writes nothing to DataHub; records each verdict in the history.
 */
export async function judgeCycle(
  deps: JudgeCycleDeps,
  run: { id: string; startedAt: number; full: boolean; replan: string[] },
): Promise<CycleJudgment> {
  const { judge, logger } = deps;
  const collector = new RootCauseCollector();
  const judged: JudgedModel[] = [];
  const upstream: Record<string, string[]> = {};
  const unowned = new Map<string, string[]>();
  const full = run.full || judge.fullDue(run.startedAt);
  const cycle = await judge.cycle(
    run.startedAt,
    async (v, graph) => {
      collector.add(v);
      judged.push(judgedModelOf(v));
      for (const f of v.findings)
        if (f.detector === missingOwner.name && f.entity.startsWith('urn:li:dataset:'))
          unowned.set(f.entity, [...(unowned.get(f.entity) ?? []), v.model.urn]);
      if (!full) upstream[v.model.urn] = upstreamDatasets(graph);
      await deps.history
        ?.record(v)
        .catch((err: Error) =>
          logger.warn({ model: v.model.urn, err: err.message }, 'could not record the scan history'),
        );
    },
    run.replan,
    full,
    deps.writeBack.client, // the cycle's: bounded by its deadline
  );
  try {
    return await planCycle(deps, run, cycle, { judged, collector, upstream, unowned });
  } catch (err) {
    // judged, but not planned: judged again by the next cycle, whatever moves (the verdicts announced stand meanwhile)
    judge.judgeAgain(cycle.judged.map((j) => j.model.urn));
    throw err;
  }
}

async function planCycle(
  deps: JudgeCycleDeps,
  run: { id: string; startedAt: number },
  cycle: JudgedCycle,
  {
    judged,
    collector,
    upstream,
    unowned,
  }: {
    judged: JudgedModel[];
    collector: RootCauseCollector;
    upstream: Record<string, string[]>;
    unowned: UnownedFindings;
  },
): Promise<CycleJudgment> {
  const { logger } = deps;

  await deps
    .watchOrphans?.(cycle, run.id, unowned)
    .catch((err: Error) => logger.warn({ cycle: run.id, err: err.message }, 'could not bring the orphans up to date'));
  const set: JudgedSet = cycle.full
    ? catalogJudgedSet(cycle.catalog, cycle.cache, judged, collector)
    : {
        judged,
        causes: collector.list(),
        cache: cycle.cache,
        upstreamDatasets: upstreamDatasetsByModel(upstream),
        read: [...new Set(Object.values(upstream).flat())],
        downstream: async (d) => cycle.catalog.downstreamModels(d),
      };
  const plan = judged.length ? await planJudged(deps.writeBack, set) : [];
  const announced = await deps.state.announcedModels(cycle.judged.map((j) => j.model.urn));
  const out = transitionsOf({
    at: new Date(run.startedAt).toISOString(),
    judged: cycle.judged,
    live: cycle.live,
    models: announced,
    causes: await deps.state.announcedCauses(),
    // a new incident for a cause announced all along: the last one was closed outside Janus and the evidence changed
    raisedAgain: new Set(plan.flatMap((w) => (w.kind === 'raiseIncident' ? [w.key] : []))),
    accepted: cycle.accepted,
    rules: deps.rules,
  });
  const commit: CommitData = {
    cycle: run.id,
    startedAt: run.startedAt,
    full: cycle.full,
    judged: cycle.judged.length,
    models: cycle.judged.map((j) => j.model.urn),
    announced: out.models,
    causes: out.causes,
    notifications: out.transitions.map((t) => notificationOf(t, cycle)),
  };
  return { cycle, plan, commit };
}

/** What an alert needs of a transition that the cycle knows: the owners, and the datasets whose incidents to name. */
function notificationOf(t: Transition, cycle: JudgedCycle): NotificationData {
  const ownersOf = (urn: string) =>
    (cycle.catalog.entity(urn)?.owners ?? []).filter((o) => !o.departed).map((o) => o.urn);
  if (t.kind === 'cause')
    return {
      transition: t,
      incidents: [],
      owners: [...new Set([...ownersOf(t.dataset), ...t.models.flatMap((m) => ownersOf(m.urn))])],
      datasets: [t.dataset],
    };
  const datasets = [...new Set(t.causes.map((k) => cycle.live.get(k)?.dataset).filter((d): d is string => !!d))];
  return { transition: t, incidents: [], owners: ownersOf(t.model.urn), datasets };
}
