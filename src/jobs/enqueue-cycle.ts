import { Job, type FlowProducer, type Queue } from 'bullmq';
import type { CycleQueue } from '../app/cycle/ports.js';
import { jobIdOf, type CommitData } from '../queues/payloads.js';
import { JOB, QUEUES } from './names.js';

/** Retry a failed write slice this many times, backing off exponentially from WRITE_BACKOFF_MS. */
export const WRITE_ATTEMPTS = 6;
export const WRITE_BACKOFF_MS = 500;

/** The BullMQ side of a cycle: what `Queue`, `FlowProducer` and `Job.fromId` it uses (fakes in unit tests). */
export interface CycleQueues {
  cycle: Queue;
  notifications: Pick<Queue, 'addBulk'>;
  flows: Pick<FlowProducer, 'add'>;
  /** A job by id (BullMQ's `Job.fromId`). */
  jobById?: (queue: Queue, id: string) => Promise<Pick<Job, 'getState' | 'data'> | undefined>;
}

/**
 * A cycle's queues: its writes as a flow (a commit job over one write job a slice, so the commit runs once they all
 * landed), its transitions on the notifications queue. Job ids come from the cycle, the slice and the transition, so
 * work queued twice runs once.
 */
export function bullCycleQueue(q: CycleQueues): CycleQueue {
  const jobById = q.jobById ?? ((queue: Queue, id: string) => Job.fromId<CommitData>(queue, id));
  return {
    async commitJob(id) {
      const job = await jobById(q.cycle, id);
      if (!job) return undefined;
      return { state: await job.getState(), models: (job.data as CommitData | undefined)?.models ?? [] };
    },
    async fanOut(commitId, commit, slices) {
      await q.flows.add({
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
          data: { cycle: commit.cycle, writes: s.writes },
          opts: {
            jobId: jobIdOf('write', `${commit.cycle}|${s.key}`),
            failParentOnFailure: true,
            attempts: WRITE_ATTEMPTS,
            backoff: { type: 'exponential', delay: WRITE_BACKOFF_MS },
            removeOnComplete: { count: 1000 },
            removeOnFail: { count: 1000 },
          },
        })),
      });
    },
    async notify(cycle, notifications) {
      await q.notifications.addBulk(
        notifications.map((n, index) => ({
          name: JOB.transition,
          data: { ...n, cycle: { id: cycle, index, size: notifications.length } },
          opts: {
            jobId: jobIdOf('transition', n.transition.id),
            attempts: 5,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: { age: 7 * 86_400, count: 10_000 },
            removeOnFail: { count: 1000 },
          },
        })),
      );
    },
  };
}
