import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { CommitDeps } from '../../../src/app/cycle/commit-cycle.js';
import type { CompletedCycle } from '../../../src/app/cycle/ports.js';
import type { LandWritesDeps } from '../../../src/app/cycle/land-writes.js';
import type { PlannedWrite } from '../../../src/core/writeback/plan.js';
import type { DataHubClient } from '../../../src/datahub/client.js';
import { commitProcessor } from '../../../src/jobs/commit.js';
import { bullCycleQueue } from '../../../src/jobs/enqueue-cycle.js';
import { dispatch } from '../../../src/jobs/processor.js';
import { writeProcessor } from '../../../src/jobs/write.js';
import { jobIdOf, type CommitData } from '../../../src/queues/payloads.js';
import { fakeJob, fakeQueue, recorder, recordingLogger } from './fakes.js';
import { CAUSE, DATASET, MODEL, commitSample } from './samples.js';

function commitDeps() {
  const notifications = fakeQueue();
  const commits: { done: CompletedCycle; commitId?: string | undefined }[] = [];
  const reads: unknown[] = [];
  const client = {
    async request(_op: unknown, vars: unknown) {
      reads.push(vars);
      return {
        entities: [
          {
            urn: DATASET,
            incidents: {
              incidents: [
                { urn: 'urn:li:incident:janus-1', description: `Stale\njanus-key: ${CAUSE}` },
                { urn: 'urn:li:incident:human', description: 'not Janus' },
              ],
            },
          },
        ],
      };
    },
  } as unknown as DataHubClient;
  const deps: CommitDeps = {
    client,
    queue: bullCycleQueue({ cycle: {} as never, notifications: notifications as never, flows: {} as never }),
    state: { commit: async (_m, _c, done, commitId) => void commits.push({ done, commitId }) },
    metrics: { transition: () => undefined },
    logger: recordingLogger().logger,
    now: () => commitSample.startedAt + 1500,
  };
  return { deps, notifications, commits, reads };
}

describe('the commit processor', () => {
  it("queues the cycle's transitions with the Janus incidents open on their datasets, then records the cycle", async () => {
    const { deps, notifications, commits, reads } = commitDeps();
    const table = { commit: commitProcessor(deps) };
    const job = fakeJob('commit', commitSample, { id: jobIdOf('commit', 'c1') });
    expect(await dispatch(table)(job)).toEqual({ transitions: 1 });
    expect(reads).toEqual([{ urns: [DATASET] }]);
    expect(notifications.added).toEqual([
      expect.objectContaining({
        name: 'transition',
        opts: expect.objectContaining({ jobId: jobIdOf('transition', `band:${MODEL.urn}:2`) }),
        data: {
          ...commitSample.notifications[0],
          incidents: [{ urn: 'urn:li:incident:janus-1', dataset: DATASET, key: CAUSE }],
          cycle: { id: 'c1', index: 0, size: 1 },
        },
      }),
    ]);
    expect(commits).toEqual([
      {
        done: { id: 'c1', at: commitSample.startedAt + 1500, ms: 1500, judged: 1, full: false, transitions: 1 },
        commitId: jobIdOf('commit', 'c1'),
      },
    ]);
  });

  it('calls the commit use case with the parsed payload and the job id', async () => {
    const commit = recorder<[CommitData, CommitDeps, string | undefined], { transitions: number }>({ transitions: 7 });
    const { deps } = commitDeps();
    const table = { commit: commitProcessor(deps, commit.fn) };
    expect(await dispatch(table)(fakeJob('commit', commitSample, { id: 'commit-x' }))).toEqual({ transitions: 7 });
    expect(commit.calls).toEqual([[commitSample, deps, 'commit-x']]);
  });

  it('fails a malformed payload for good, recording nothing', async () => {
    const { deps, notifications, commits } = commitDeps();
    const table = { commit: commitProcessor(deps) };
    const { announced: _, ...missing } = commitSample;
    await expect(dispatch(table)(fakeJob('commit', missing))).rejects.toThrow(UnrecoverableError);
    await expect(dispatch(table)(fakeJob('commit', missing))).rejects.toThrow(/^bad commit payload/);
    expect([notifications.added, commits]).toEqual([[], []]);
  });
});

describe('the write processor', () => {
  const writes = [
    { kind: 'addTag', model: MODEL.urn },
    { kind: 'removeTag', model: MODEL.urn },
  ];
  const deps = { client: {} as DataHubClient, metrics: { wrote: () => undefined }, logger: recordingLogger().logger };

  it('lands the parsed slice, and keeps in the job only the writes that did not land', async () => {
    const calls: PlannedWrite[][] = [];
    const land = async (w: PlannedWrite[], d: LandWritesDeps) => {
      calls.push(w);
      await d.keepLeft(w.slice(1));
      throw new Error('1 of 2 writes did not land');
    };
    const job = fakeJob('write', { cycle: 'c1', writes });
    await expect(dispatch({ write: writeProcessor(deps, land) })(job)).rejects.toThrow('did not land');
    expect(calls).toEqual([writes]);
    expect(job.updates).toEqual([{ cycle: 'c1', writes: [writes[1]] }]);
  });

  it('returns what the use case applied', async () => {
    const land = recorder<[PlannedWrite[], LandWritesDeps], { applied: number; skipped: number }>({
      applied: 2,
      skipped: 0,
    });
    const job = fakeJob('write', { cycle: 'c1', writes });
    expect(await dispatch({ write: writeProcessor(deps, land.fn) })(job)).toEqual({ applied: 2, skipped: 0 });
    expect(land.calls[0]![0]).toEqual(writes);
    expect(job.updates).toEqual([]);
  });

  it('fails a malformed payload for good: an empty slice, or a write of no known kind', async () => {
    const land = recorder<[PlannedWrite[], LandWritesDeps], { applied: number; skipped: number }>({
      applied: 0,
      skipped: 0,
    });
    const run = dispatch({ write: writeProcessor(deps, land.fn) });
    await expect(run(fakeJob('write', { cycle: 'c1', writes: [] }))).rejects.toThrow(UnrecoverableError);
    await expect(run(fakeJob('write', { cycle: 'c1', writes: [{ kind: 'dropTable' }] }))).rejects.toThrow(
      /^bad write payload/,
    );
    expect(land.calls).toEqual([]);
  });
});

describe("the cycle's queues (BullMQ side)", () => {
  it("fans a cycle's slices out as write jobs under its commit job, ids from the cycle and the slice", async () => {
    const flows: unknown[] = [];
    const queue = bullCycleQueue({
      cycle: {} as never,
      notifications: fakeQueue() as never,
      flows: { add: async (f: unknown) => void flows.push(f) } as never,
    });
    const slices = [{ key: 'models:0', writes: [{ kind: 'addTag', model: MODEL.urn } as unknown as PlannedWrite] }];
    await queue.fanOut('commit-id', commitSample, slices);
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({
      name: 'commit',
      queueName: 'cycle',
      data: commitSample,
      opts: { jobId: 'commit-id' },
      children: [
        {
          name: 'write',
          queueName: 'writeback',
          data: { cycle: 'c1', writes: slices[0]!.writes },
          opts: { jobId: jobIdOf('write', 'c1|models:0'), failParentOnFailure: true },
        },
      ],
    });
  });
});
