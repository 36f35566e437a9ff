import type { Queue } from 'bullmq';
import { CYCLE_SCHEDULER_ID, JOB } from './names.js';

/**
 * The cycle's schedule: one BullMQ job scheduler under a fixed id, so registering it on every start (of any number of
 * processes) updates the one schedule instead of adding another. A cycle job that fails is retried twice with backoff;
 * the next cycle is due anyway.
 */
export async function registerCycleScheduler(queue: Queue, everyMs: number): Promise<void> {
  await queue.upsertJobScheduler(
    CYCLE_SCHEDULER_ID,
    { every: everyMs },
    {
      name: JOB.cycle,
      data: { trigger: 'schedule' },
      opts: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { count: 100 },
        removeOnFail: { count: 500 },
      },
    },
  );
}
