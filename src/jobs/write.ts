import { UnrecoverableError, type Job } from 'bullmq';
import type { PlannedWrite } from '../core/writeback/plan.js';
import type { DataHubClient } from '../datahub/client.js';
import { applyPlan } from '../datahub/writeback/apply.js';
import type { Logger } from '../log.js';
import type { RedisLocks } from '../redis/lock.js';
import { writeData } from './payloads.js';
import type { ServiceMetrics } from './service-metrics.js';

export interface WriteDeps {
  client: DataHubClient;
  locks?: RedisLocks;
  metrics: ServiceMetrics;
  logger: Logger;
}

/**
 * One slice of a cycle's write-back. Writes that did not land are kept in the job's data and the job fails, so
 * BullMQ retries it with backoff, sending only those; a write that landed is never sent again by this job.
 */
export async function runWrite(job: Job, deps: WriteDeps): Promise<{ applied: number; skipped: number }> {
  const parsed = writeData.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad write payload: ${parsed.error.message}`);
  const writes = parsed.data.writes as PlannedWrite[];
  const outcomes = await applyPlan(writes, {
    client: deps.client,
    logger: deps.logger,
    ...(deps.locks ? { locks: deps.locks } : {}),
  });
  const applied = outcomes.filter((o) => o.status === 'applied').length;
  const skippedOnly = outcomes.filter((o) => o.status === 'skipped' && !/failed$/.test(o.detail ?? '')).length;
  deps.metrics.wrote('applied', applied);
  const left = outcomes.filter(
    (o) => o.status === 'failed' || (o.status === 'skipped' && /failed$/.test(o.detail ?? '')),
  );
  if (left.length) {
    await job.updateData({ ...parsed.data, writes: left.map((o) => o.write) });
    deps.metrics.wrote('failed', left.length);
    const first = outcomes.find((o) => o.status === 'failed');
    throw new Error(
      `${left.length} of ${writes.length} writes did not land (${first?.write.kind}: ${first?.detail}); retried with backoff`,
    );
  }
  return { applied, skipped: skippedOnly };
}
