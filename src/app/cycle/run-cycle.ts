import { randomUUID } from 'node:crypto';
import { isDefinition, slicePlan } from '../../core/writeback/slices.js';
import type { DataHubClient } from '../../datahub/client.js';
import { applyPlan } from '../../datahub/writeback/apply.js';
import type { Logger } from '../../log.js';
import { jobIdOf } from '../../queues/payloads.js';
import { commitCycle, type CommitDeps } from './commit-cycle.js';
import { judgeCycle, type CycleJudgment, type JudgeCycleDeps } from './judge-cycle.js';
import type { CycleMetrics, CycleQueue, CycleState } from './ports.js';

export interface CycleDeps extends JudgeCycleDeps, CommitDeps {
  state: CycleState;
  metrics: CycleMetrics;
  queue: CycleQueue;
  /** Subjects (datasets or models) a write job covers. */
  writeChunk: number;
  intervalMs: number;
  /**
   * How long a cycle may wait on DataHub (`cycle.deadline`): past it, its requests are given up, what it judged and
   * did not plan is judged again next cycle, what it did not read is read then, and it ends (`cut_short`).
   */
  deadlineMs: number;
  logger: Logger;
  now?: () => number;
  /** Brings the Slack messages showing incidents up to date with DataHub (reverse sync), once a cycle. */
  syncIncidentMessages?: (client: DataHubClient) => Promise<unknown>;
}

/** What a cycle asked for: its id, whether to read the whole catalog, models to judge again whatever moved. */
export interface CycleRequest {
  id: string;
  full: boolean;
  models: string[];
}

export type CycleResult =
  | { skipped: 'running' | 'writing' }
  | { cutShort: { deadlineMs: number } }
  | { judged: number; full: boolean; writes: number; transitions: number; changed: number };

/**
 * One cycle: read what moved, judge again the models it reaches, work out the transitions, plan the write-back and
 * fan it out as write jobs under one commit job that records the cycle once every write landed.
 * Never two at once: a lock, and a cycle whose predecessor's writes are still in flight is skipped.
 */
export async function runCycle(request: CycleRequest, deps: CycleDeps): Promise<CycleResult> {
  const { state, metrics, logger } = deps;
  const lease = Math.max(30_000, 3 * deps.intervalMs);
  const token = randomUUID();
  if (!(await state.lock(token, lease))) {
    metrics.cycle('skipped_running');
    logger.info({ cycle: request.id }, 'cycle skipped: the last one is still running');
    return { skipped: 'running' };
  }
  const renewal = setInterval(() => void state.renew(token, lease).catch(() => undefined), lease / 3);
  renewal.unref();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deps.deadlineMs);
  timer.unref();
  // every DataHub request of the cycle ends at its deadline, however long its own time limit and retries
  const client = deps.client.within(deadline.signal);
  const bounded: CycleDeps = { ...deps, client, writeBack: { ...deps.writeBack, client } };
  try {
    const replan = await settlePending(deps);
    await deps
      .syncIncidentMessages?.(client)
      .catch((err: Error) =>
        logger.warn({ cycle: request.id, err: err.message }, 'could not bring the Slack incident messages up to date'),
      );
    if (replan === 'writing') {
      metrics.cycle('skipped_writing');
      logger.info({ cycle: request.id }, "cycle skipped: the last cycle's write-back is still landing");
      return { skipped: 'writing' };
    }
    return await judgeAndFanOut(request.id, bounded, [...new Set([...replan, ...request.models])], request.full);
  } catch (err) {
    if (deadline.signal.aborted) {
      // not a failure to retry: the next cycle comes on schedule and takes on what this one left
      metrics.cycle('cut_short');
      logger.warn(
        { cycle: request.id, deadlineMs: deps.deadlineMs, err: (err as Error).message },
        'cycle cut short at its deadline: what it did not read or write back is left to the next cycle',
      );
      return { cutShort: { deadlineMs: deps.deadlineMs } };
    }
    metrics.cycle('failed');
    // what this cycle judged was not planned or not fanned out: the next one reads and judges everything again
    deps.judge.reset();
    throw err;
  } finally {
    clearTimeout(timer);
    clearInterval(renewal);
    await state.unlock(token).catch(() => undefined);
  }
}

/** The last cycle's commit: still landing (skip this cycle), failed (judge its models again) or done. */
async function settlePending(deps: CycleDeps): Promise<'writing' | string[]> {
  const id = await deps.state.pending();
  if (!id) return [];
  const commit = await deps.queue.commitJob(id);
  const status = commit?.state ?? 'unknown';
  if (['waiting-children', 'waiting', 'active', 'delayed', 'prioritized'].includes(status)) return 'writing';
  await deps.state.clearPending(id);
  if (status === 'completed') return [];
  deps.logger.warn(
    { commit: id, status, models: commit?.models.length },
    "the last cycle's write-back did not all land: its models are judged again",
  );
  return commit?.models ?? [];
}

async function judgeAndFanOut(cycleId: string, deps: CycleDeps, replan: string[], forceFull: boolean) {
  const started = (deps.now ?? Date.now)();
  const { cycle, plan, commit } = await judgeCycle(deps, { id: cycleId, startedAt: started, full: forceFull, replan });
  try {
    return await fanOut(cycleId, deps, { cycle, plan, commit }, started);
  } catch (err) {
    // judged, but not written back: judged again by the next cycle, whatever moves (its verdicts stand meanwhile)
    deps.judge.judgeAgain(commit.models);
    throw err;
  }
}

/** The definitions applied, then the plan's writes fanned out under one commit job (or the cycle committed at once). */
async function fanOut(cycleId: string, deps: CycleDeps, judgment: CycleJudgment, started: number) {
  const { state, metrics, logger } = deps;
  const { cycle, plan, commit } = judgment;
  const definitions = plan.filter(isDefinition);
  if (definitions.length) {
    const failed = (await applyPlan(definitions, applyDeps(deps))).filter((o) => o.status === 'failed');
    if (failed.length)
      throw new Error(`could not define Janus's tag and properties: ${failed.map((f) => f.detail).join('; ')}`);
  }
  const slices = slicePlan(plan, deps.writeChunk);
  metrics.cycleDuration(cycle.full, ((deps.now ?? Date.now)() - started) / 1000);
  metrics.judged(cycle.judged.length);
  const summary = {
    judged: cycle.judged.length,
    full: cycle.full,
    writes: plan.length,
    transitions: commit.notifications.length,
    changed: cycle.changed.length,
  };
  if (plan.length || commit.notifications.length)
    logger.info({ cycle: cycleId, ...summary, models: cycle.models, slices: slices.length }, 'cycle judged');
  else logger.debug({ cycle: cycleId, ...summary }, 'cycle found nothing new');
  if (!slices.length) {
    await commitCycle(commit, deps);
    return summary;
  }
  const commitId = jobIdOf('commit', cycleId);
  await state.setPending(commitId);
  await deps.queue.fanOut(commitId, commit, slices);
  return summary;
}

const applyDeps = (deps: Pick<CycleDeps, 'writeBack' | 'logger'>) => ({
  client: deps.writeBack.client,
  logger: deps.logger,
  ...(deps.writeBack.locks ? { locks: deps.writeBack.locks } : {}),
});
