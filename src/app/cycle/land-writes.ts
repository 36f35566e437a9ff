import type { PlannedWrite } from '../../core/writeback/plan.js';
import type { DataHubClient } from '../../datahub/client.js';
import { applyPlan } from '../../datahub/writeback/apply.js';
import type { Logger } from '../../log.js';
import type { RedisLocks } from '../../redis/lock.js';

export interface LandWritesDeps {
  client: DataHubClient;
  locks?: RedisLocks;
  metrics: { wrote(outcome: string, n?: number): void };
  logger: Logger;
  /** Keeps the writes that did not land, so the retry sends only those (the job's data in the service). */
  keepLeft: (left: PlannedWrite[]) => Promise<void>;
}

/**
 * One slice of a cycle's write-back, applied. Writes that did not land are kept (`keepLeft`) and this fails, so the
 * slice is retried with backoff sending only those; a write that landed is never sent again.
 */
export async function landWrites(
  writes: PlannedWrite[],
  deps: LandWritesDeps,
): Promise<{ applied: number; skipped: number }> {
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
    await deps.keepLeft(left.map((o) => o.write));
    deps.metrics.wrote('failed', left.length);
    const first = outcomes.find((o) => o.status === 'failed');
    throw new Error(
      `${left.length} of ${writes.length} writes did not land (${first?.write.kind}: ${first?.detail}); retried with backoff`,
    );
  }
  return { applied, skipped: skippedOnly };
}
