import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { IncrementalJudge, JudgedCycle } from '../../../src/app/incremental-judge.js';
import type { CycleState } from '../../../src/app/cycle/ports.js';
import { runCycle, type CycleDeps, type CycleRequest, type CycleResult } from '../../../src/app/cycle/run-cycle.js';
import { DEFAULT_BANDS } from '../../../src/core/score.js';
import type { AnnouncedCause, AnnouncedModel } from '../../../src/core/transitions.js';
import { EntityCache } from '../../../src/datahub/entity-cache.js';
import type { DataHubClient } from '../../../src/datahub/client.js';
import { cycleProcessor } from '../../../src/jobs/cycle.js';
import { bullCycleQueue } from '../../../src/jobs/enqueue-cycle.js';
import { dispatch } from '../../../src/jobs/processor.js';
import { jobIdOf } from '../../../src/queues/payloads.js';
import { fakeJob, fakeQueue, recorder, recordingLogger } from './fakes.js';

const MODEL = { urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)', name: 'churn' };
const OWNER = 'urn:li:corpuser:ana';

/** One judged model: a model never announced before, now at risk (a transition: from nothing to at_risk). */
function watchedCycle(): JudgedCycle {
  return {
    full: false,
    changed: ['urn:li:dataset:x'],
    models: 1,
    judged: [{ model: MODEL, score: 20, band: 'at_risk', capped: false, causes: [], previousCauses: [] }],
    live: new Map(),
    accepted: new Map(),
    catalog: { entity: () => ({ owners: [{ urn: OWNER, departed: false }] }) } as unknown as JudgedCycle['catalog'],
    cache: new EntityCache(),
  };
}

function fakeWatch() {
  const calls: { replan: string[]; full: boolean }[] = [];
  let resets = 0;
  const watch = {
    fullDue: () => false,
    async cycle(_at: number, _onJudged: unknown, replan: string[], full: boolean) {
      calls.push({ replan, full });
      return watchedCycle();
    },
    reset: () => void resets++,
    judgeAgain: () => undefined,
  };
  return { watch: watch as unknown as IncrementalJudge, calls, resets: () => resets };
}

function fakeState(o: { locked?: boolean; pending?: string } = {}) {
  const committed: { models: Record<string, AnnouncedModel>; done: { id: string; transitions: number } }[] = [];
  const events: string[] = [];
  let pending = o.pending ?? null;
  const state: CycleState = {
    lock: async () => (events.push('lock'), !o.locked),
    renew: async () => true,
    unlock: async () => void events.push('unlock'),
    pending: async () => pending,
    setPending: async (id) => void (pending = id),
    clearPending: async (id) => void (events.push(`clear ${id}`), (pending = null)),
    announcedModels: async () => ({}),
    announcedCauses: async (): Promise<Record<string, AnnouncedCause>> => ({}),
    commit: async (models, _causes, done) => void committed.push({ models, done }),
  };
  return { state, committed, events };
}

function cycleDeps(over: Partial<CycleDeps> & { jobs?: Record<string, { state: string; models: string[] }> } = {}) {
  const notifications = fakeQueue();
  const flows = { added: [] as unknown[], add: async (f: unknown) => void flows.added.push(f) };
  const { logger, lines } = recordingLogger();
  const metrics = { outcomes: [] as string[], transitions: [] as string[] };
  const client = {
    request: async () => ({ entities: [] }),
    within: () => client,
  } as unknown as DataHubClient;
  const watch = fakeWatch();
  const state = fakeState();
  const deps: CycleDeps = {
    judge: watch.watch,
    writeBack: { client, policy: {} as never },
    queue: bullCycleQueue({
      cycle: {} as never,
      notifications: notifications as never,
      flows: flows as never,
      jobById: async (_q, id) => {
        const j = over.jobs?.[id];
        return j ? { getState: async () => j.state as never, data: { models: j.models } } : undefined;
      },
    }),
    rules: { bands: DEFAULT_BANDS, margin: 0, clearAfter: 1 },
    writeChunk: 10,
    intervalMs: 60_000,
    deadlineMs: 60_000,
    state: state.state,
    metrics: {
      cycle: (o) => void metrics.outcomes.push(o),
      cycleDuration: () => undefined,
      judged: () => undefined,
      transition: (k) => void metrics.transitions.push(k),
    },
    logger,
    client,
    now: () => Date.parse('2026-12-06T08:00:00Z'),
    ...over,
  };
  return { deps, notifications, flows, lines, metrics, watch, state };
}

describe('the cycle processor', () => {
  it('parses the job (defaults filled in) and calls the cycle use case with it, named by the job', async () => {
    const result: CycleResult = { judged: 3, full: true, writes: 0, transitions: 0, changed: 0 };
    const run = recorder<[CycleRequest, CycleDeps], CycleResult>(result);
    const { deps } = cycleDeps();
    const table = { cycle: cycleProcessor(deps, run.fn) };
    expect(await dispatch(table)(fakeJob('cycle', { full: true }, { id: 'repeat:janus-cycle:1' }))).toEqual(result);
    expect(run.calls).toEqual([[{ id: 'repeat:janus-cycle:1', full: true, models: [] }, deps]]);
  });

  it('fails a malformed payload for good, without running a cycle', async () => {
    const run = recorder<[CycleRequest, CycleDeps], CycleResult>({ skipped: 'running' });
    const table = { cycle: cycleProcessor(cycleDeps().deps, run.fn) };
    const job = fakeJob('cycle', { models: ['urn:li:dataset:not-a-model'] });
    await expect(dispatch(table)(job)).rejects.toThrow(UnrecoverableError);
    await expect(dispatch(table)(job)).rejects.toThrow(/^bad cycle payload/);
    expect(run.calls).toEqual([]);
  });

  it('runs a cycle whose transitions go to the notifications queue at once when it has nothing to write', async () => {
    const { deps, notifications, state, metrics } = cycleDeps();
    const table = { cycle: cycleProcessor(deps) };
    const result = await dispatch(table)(fakeJob('cycle', {}, { id: 'c1' }));
    expect(result).toEqual({ judged: 1, full: false, writes: 0, transitions: 1, changed: 1 });
    expect(notifications.added).toHaveLength(1);
    const [job] = notifications.added as { name: string; data: unknown; opts: { jobId: string } }[];
    expect(job!.name).toBe('transition');
    expect(job!.opts.jobId).toBe(jobIdOf('transition', `band:${MODEL.urn}:1`));
    expect(job!.data).toMatchObject({
      transition: { kind: 'band', model: MODEL, from: null, to: 'at_risk' },
      owners: [OWNER],
      cycle: { id: 'c1', index: 0, size: 1 },
    });
    expect(state.committed).toMatchObject([{ models: { [MODEL.urn]: { band: 'at_risk' } }, done: { id: 'c1' } }]);
    expect(metrics.transitions).toEqual(['band']);
    expect(state.events).toEqual(['lock', 'unlock']);
  });

  it('skips a cycle while another holds the lock: nothing judged, nothing queued', async () => {
    const state = fakeState({ locked: true });
    const { deps, notifications, watch, metrics } = cycleDeps({ state: state.state });
    expect(await runCycle({ id: 'c2', full: false, models: [] }, deps)).toEqual({ skipped: 'running' });
    expect(watch.calls).toEqual([]);
    expect(notifications.added).toEqual([]);
    expect(metrics.outcomes).toEqual(['skipped_running']);
  });

  it("skips a cycle while the last one's writes land, and judges again the models of one whose writes failed", async () => {
    const landing = cycleDeps({
      state: fakeState({ pending: 'commit-a' }).state,
      jobs: { 'commit-a': { state: 'waiting-children', models: [MODEL.urn] } },
    });
    expect(await runCycle({ id: 'c3', full: false, models: [] }, landing.deps)).toEqual({ skipped: 'writing' });
    expect(landing.watch.calls).toEqual([]);

    const failed = fakeState({ pending: 'commit-b' });
    const after = cycleDeps({
      state: failed.state,
      jobs: { 'commit-b': { state: 'failed', models: [MODEL.urn] } },
    });
    await runCycle({ id: 'c4', full: false, models: [] }, after.deps);
    expect(failed.events).toContain('clear commit-b');
    expect(after.watch.calls).toEqual([{ replan: [MODEL.urn], full: false }]);
  });

  it('drops what the watch holds when a cycle fails, and releases the lock', async () => {
    const state = fakeState();
    const { deps, watch, metrics } = cycleDeps({ state: state.state });
    deps.state.announcedModels = async () => {
      throw new Error('Redis went away');
    };
    await expect(runCycle({ id: 'c5', full: false, models: [] }, deps)).rejects.toThrow('Redis went away');
    expect(watch.resets()).toBe(1);
    expect(metrics.outcomes).toEqual(['failed']);
    expect(state.events).toEqual(['lock', 'unlock']);
  });
});
