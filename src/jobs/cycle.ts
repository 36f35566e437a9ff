import { randomUUID } from 'node:crypto';
import { Job, UnrecoverableError, type FlowProducer, type Queue } from 'bullmq';
import type { IncrementalJudge, JudgedCycle } from '../app/incremental-judge.js';
import { catalogJudgedSet, planJudged, type JudgedSet, type WriteBackDeps } from '../app/write-back.js';
import { upstreamDatasets } from '../core/graph.js';
import { transitionsOf, type Hysteresis, type Transition } from '../core/transitions.js';
import { RootCauseCollector, type JudgedModel } from '../core/writeback/root-causes.js';
import { isDefinition, slicePlan } from '../core/writeback/slices.js';
import { applyPlan } from '../datahub/writeback/apply.js';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { commitCycle, type CommitDeps } from './commit.js';
import { JOB, QUEUES } from './names.js';
import { cycleData, jobIdOf, type CommitData, type NotificationData } from './payloads.js';
import type { ServiceMetrics } from './service-metrics.js';
import type { ServiceState } from './service-state.js';
import { upstreamDatasetsByModel } from '../core/writeback/upstream-datasets.js';

export interface CycleDeps extends CommitDeps {
  judge: IncrementalJudge;
  writeBack: WriteBackDeps;
  flows: FlowProducer;
  cycleQueue: Queue;
  history?: VerdictHistory;
  rules: Hysteresis;
  /** Subjects (datasets or models) a write job covers. */
  writeChunk: number;
  intervalMs: number;
  state: ServiceState;
  metrics: ServiceMetrics;
  logger: Logger;
  now?: () => number;
  /** Brings the Slack messages showing incidents up to date with DataHub (reverse sync), once a cycle. */
  syncIncidentMessages?: () => Promise<unknown>;
  /** The catalog's orphans against those recorded, once a cycle (orphan-watch.ts); its failure never fails the cycle. */
  watchOrphans?: (cycle: JudgedCycle, cycleId: string) => Promise<void>;
}

export type CycleResult =
  | { skipped: 'running' | 'writing' }
  | { judged: number; full: boolean; writes: number; transitions: number; changed: number };

/** Retry a failed write slice this many times, backing off exponentially from WRITE_BACKOFF_MS. */
export const WRITE_ATTEMPTS = 6;
export const WRITE_BACKOFF_MS = 500;

/**
 * One cycle: read what moved, judge again the models it reaches, work out the transitions, plan the write-back and
 * fan it out as write jobs under one commit job (a BullMQ flow) that records the cycle once every write landed.
 * Never two at once: a Redis lock, and a cycle whose predecessor's writes are still in flight is skipped.
 */
export async function runCycle(job: Job, deps: CycleDeps): Promise<CycleResult> {
  const parsed = cycleData.safeParse(job.data ?? {});
  if (!parsed.success) throw new UnrecoverableError(`bad cycle payload: ${parsed.error.message}`);
  const { state, metrics, logger } = deps;
  const lease = Math.max(30_000, 3 * deps.intervalMs);
  const token = randomUUID();
  if (!(await state.lock(token, lease))) {
    metrics.cycle('skipped_running');
    logger.info({ cycle: job.id }, 'cycle skipped: the last one is still running');
    return { skipped: 'running' };
  }
  const renewal = setInterval(() => void state.renew(token, lease).catch(() => undefined), lease / 3);
  renewal.unref();
  try {
    const replan = await settlePending(deps);
    await deps
      .syncIncidentMessages?.()
      .catch((err: Error) =>
        logger.warn({ cycle: job.id, err: err.message }, 'could not bring the Slack incident messages up to date'),
      );
    if (replan === 'writing') {
      metrics.cycle('skipped_writing');
      logger.info({ cycle: job.id }, "cycle skipped: the last cycle's write-back is still landing");
      return { skipped: 'writing' };
    }
    return await judgeAndFanOut(job, deps, [...new Set([...replan, ...parsed.data.models])], parsed.data.full);
  } catch (err) {
    metrics.cycle('failed');
    // what this cycle judged was not planned or not fanned out: the next one reads and judges everything again
    deps.judge.reset();
    throw err;
  } finally {
    clearInterval(renewal);
    await state.unlock(token).catch(() => undefined);
  }
}

/** The last cycle's commit: still landing (skip this cycle), failed (judge its models again) or done. */
async function settlePending(deps: CycleDeps): Promise<'writing' | string[]> {
  const id = await deps.state.pending();
  if (!id) return [];
  const commit = await Job.fromId<CommitData>(deps.cycleQueue, id);
  const status = commit ? await commit.getState() : 'unknown';
  if (['waiting-children', 'waiting', 'active', 'delayed', 'prioritized'].includes(status)) return 'writing';
  await deps.state.clearPending(id);
  if (status === 'completed') return [];
  deps.logger.warn(
    { commit: id, status, models: commit?.data.models.length },
    "the last cycle's write-back did not all land: its models are judged again",
  );
  return commit?.data.models ?? [];
}

async function judgeAndFanOut(job: Job, deps: CycleDeps, replan: string[], forceFull: boolean): Promise<CycleResult> {
  const { judge, state, metrics, logger } = deps;
  const started = (deps.now ?? Date.now)();
  const cycleId = String(job.id);
  const collector = new RootCauseCollector();
  const judged: JudgedModel[] = [];
  const upstream: Record<string, string[]> = {};
  const full = forceFull || judge.fullDue(started);
  const cycle = await judge.cycle(
    started,
    async (v, graph) => {
      collector.add(v);
      judged.push({ model: v.model, score: v.score, band: v.band });
      if (!full) upstream[v.model.urn] = upstreamDatasets(graph);
      await deps.history
        ?.record(v)
        .catch((err: Error) =>
          logger.warn({ model: v.model.urn, err: err.message }, 'could not record the scan history'),
        );
    },
    replan,
    full,
  );

  await deps
    .watchOrphans?.(cycle, cycleId)
    .catch((err: Error) => logger.warn({ cycle: cycleId, err: err.message }, 'could not bring the orphans up to date'));
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
  const announced = await state.announcedModels(cycle.judged.map((j) => j.model.urn));
  const out = transitionsOf({
    at: new Date(started).toISOString(),
    judged: cycle.judged,
    live: cycle.live,
    models: announced,
    causes: await state.announcedCauses(),
    // a new incident for a cause announced all along: the last one was closed outside Janus and the evidence changed
    raisedAgain: new Set(plan.flatMap((w) => (w.kind === 'raiseIncident' ? [w.key] : []))),
    rules: deps.rules,
  });
  const definitions = plan.filter(isDefinition);
  if (definitions.length) {
    const failed = (await applyPlan(definitions, applyDeps(deps))).filter((o) => o.status === 'failed');
    if (failed.length)
      throw new Error(`could not define Janus's tag and properties: ${failed.map((f) => f.detail).join('; ')}`);
  }
  const slices = slicePlan(plan, deps.writeChunk);
  const commit: CommitData = {
    cycle: cycleId,
    startedAt: started,
    full: cycle.full,
    judged: cycle.judged.length,
    models: cycle.judged.map((j) => j.model.urn),
    announced: out.models,
    causes: out.causes,
    notifications: out.transitions.map((t) => notificationOf(t, cycle)),
  };
  metrics.cycleDuration(cycle.full, ((deps.now ?? Date.now)() - started) / 1000);
  metrics.judged(cycle.judged.length);
  const summary = {
    judged: cycle.judged.length,
    full: cycle.full,
    writes: plan.length,
    transitions: out.transitions.length,
    changed: cycle.changed.length,
  };
  if (plan.length || out.transitions.length)
    logger.info({ cycle: cycleId, ...summary, models: cycle.models, slices: slices.length }, 'cycle judged');
  else logger.debug({ cycle: cycleId, ...summary }, 'cycle found nothing new');
  if (!slices.length) {
    await commitCycle(commit, deps);
    return summary;
  }
  const commitId = jobIdOf('commit', cycleId);
  await state.setPending(commitId);
  await deps.flows.add({
    name: JOB.commit,
    queueName: QUEUES.cycle,
    data: commit,
    opts: {
      jobId: commitId,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 500 },
    },
    children: slices.map((s) => ({
      name: JOB.write,
      queueName: QUEUES.writeback,
      data: { cycle: cycleId, writes: s.writes },
      opts: {
        jobId: jobIdOf('write', `${cycleId}|${s.key}`),
        failParentOnFailure: true,
        attempts: WRITE_ATTEMPTS,
        backoff: { type: 'exponential', delay: WRITE_BACKOFF_MS },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 1000 },
      },
    })),
  });
  return summary;
}

export const applyDeps = (deps: Pick<CycleDeps, 'writeBack' | 'logger'>) => ({
  client: deps.writeBack.client,
  logger: deps.logger,
  ...(deps.writeBack.redis ? { redis: deps.writeBack.redis } : {}),
});

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
