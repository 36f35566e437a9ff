/**
 * Per-aspect system metadata as GMS keeps it (`SystemMetadata.pdl`): when the aspect was last observed and by
 * which ingestion run. `lastIngested` in GraphQL is read from it.
 */
export interface SystemMetadata {
  lastObserved: number;
  runId: string;
  lastRunId?: string;
  [key: string]: unknown;
}

/** The run id GMS stamps on writes that name no ingestion run (`Constants.DEFAULT_RUN_ID`). */
export const DEFAULT_RUN_ID = 'no-run-id-provided';

/**
 * `SystemMetadataUtils.generateSystemMetadataIfEmpty`: a missing runId becomes DEFAULT_RUN_ID, a missing or
 * zero lastObserved becomes now. Other fields (properties, ...) are kept.
 */
export function withDefaults(given: Record<string, unknown> | null | undefined, now: number): SystemMetadata {
  const runId = typeof given?.runId === 'string' ? given.runId : DEFAULT_RUN_ID;
  const observed = typeof given?.lastObserved === 'number' && given.lastObserved !== 0 ? given.lastObserved : now;
  return { ...given, runId, lastObserved: observed };
}

/**
 * `EntityServiceImpl.applyUpsert` on an aspect that is already stored: the stored metadata stays, with
 * `lastRunId` set to the stored runId, and lastObserved and runId taken from the incoming write (even when
 * the value itself does not change).
 */
export function mergeOnUpsert(stored: SystemMetadata | undefined, incoming: SystemMetadata): SystemMetadata {
  if (!stored) return incoming;
  return { ...stored, lastRunId: stored.runId, lastObserved: incoming.lastObserved, runId: incoming.runId };
}
