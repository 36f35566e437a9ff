import { randomUUID } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { CycleResult } from '../app/cycle/run-cycle.js';
import { JOB, QUEUES } from './names.js';
import type { CycleData } from '../queues/payloads.js';
import type { ScanRequests, ScanRun } from '../queues/scan-requests.js';

export interface ScanRequestOptions {
  /** BullMQ's prefix: `redis.prefix`, as the service's queues have it. */
  prefix: string;
  pollMs?: number;
  timeoutMs?: number;
  /** A cycle skipped because another was running is asked again this many times. */
  retries?: number;
}

/**
 * Cycle requests on the cycle queue through a connection the caller owns (a BullMQ Queue on a shared ioredis
 * connection: nothing blocks, nothing more to close). The job's state is polled: no QueueEvents connection per request.
 */
export function scanRequests(redis: Redis, o: ScanRequestOptions): ScanRequests {
  const pollMs = o.pollMs ?? 500;
  const timeoutMs = o.timeoutMs ?? 10 * 60_000;
  let queue: Queue | undefined;
  const q = () => (queue ??= new Queue(QUEUES.cycle, { connection: redis, prefix: o.prefix }));

  const once = async (data: CycleData, deadline: number): Promise<ScanRun | { kind: 'skipped' }> => {
    const job = await q().add(JOB.cycle, data, {
      jobId: `manual-${randomUUID()}`,
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 86_400 },
    });
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, pollMs));
      const now = await Job.fromId(q(), job.id!);
      if (!now) return { kind: 'failed', reason: 'the cycle job disappeared from the queue' };
      const state = await now.getState();
      if (state === 'completed') {
        const result = now.returnvalue as CycleResult;
        if ('skipped' in result) return { kind: 'skipped' };
        if ('cutShort' in result)
          return {
            kind: 'failed',
            reason: `DataHub did not answer within the cycle's deadline (${result.cutShort.deadlineMs / 1000} s); the next cycle goes on from where it stopped`,
          };
        return { kind: 'done', result };
      }
      if (state === 'failed') return { kind: 'failed', reason: now.failedReason || 'unknown' };
    }
    return { kind: 'late' };
  };

  return {
    async run(what) {
      const deadline = Date.now() + timeoutMs;
      const data: CycleData = { trigger: 'manual', full: what.full, models: what.models };
      for (let attempt = 0; attempt <= (o.retries ?? 5); attempt++) {
        const r = await once(data, deadline);
        if (r.kind !== 'skipped') return r;
        await new Promise((res) => setTimeout(res, pollMs * 2));
      }
      return { kind: 'failed', reason: 'another cycle kept running; try again in a minute' };
    },
    async close() {
      await queue?.close();
    },
  };
}
