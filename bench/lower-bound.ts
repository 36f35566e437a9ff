/**
 * The fewest requests any client of DataHub's API needs to judge a whole catalog: list the entities it must
 * read a page at a time, and read them in batches. Page and batch sizes are Janus's own.
 */
import { DEFAULT_CONCURRENCY, DEFAULT_WRITE_BATCH } from '../src/config/datahub-limits.js';
import { ENTITY_BATCH } from '../src/datahub/queries/entities.js';
import { CATALOG_PAGE } from '../src/datahub/read-catalog.js';

/** Requests Janus keeps in flight at once (`datahub.concurrency`, by default). */
export const JANUS_CONCURRENCY = DEFAULT_CONCURRENCY;

/** Janus's page size (entities per page of its catalog scroll) and batch size (entities per batched read). */
export const JANUS_PAGE = CATALOG_PAGE;
export const JANUS_BATCH = ENTITY_BATCH;

export interface LowerBoundInput {
  entities: number;
  pageSize: number;
  batchSize: number;
  rttMs: number;
  concurrency: number;
}

export interface LowerBound {
  requests: number;
  /** Wall time those requests take at the round-trip time and concurrency, nothing else counted. */
  ms: number;
}

/** ⌈entities / page size⌉ + ⌈entities / batch size⌉ requests, and the time they take. */
export function lowerBound({ entities, pageSize, batchSize, rttMs, concurrency }: LowerBoundInput): LowerBound {
  if (pageSize < 1 || batchSize < 1 || concurrency < 1)
    throw new RangeError('page size, batch size and concurrency must be at least 1');
  const requests = Math.ceil(entities / pageSize) + Math.ceil(entities / batchSize);
  return { requests, ms: Math.ceil(requests / concurrency) * rttMs };
}

/** The lower bound with Janus's page size, batch size and concurrency. */
export const janusLowerBound = (entities: number, rttMs: number): LowerBound =>
  lowerBound({ entities, pageSize: JANUS_PAGE, batchSize: JANUS_BATCH, rttMs, concurrency: JANUS_CONCURRENCY });

/** Janus's writes per request (`datahub.writeBatch`, by default). */
export const JANUS_WRITE_BATCH = DEFAULT_WRITE_BATCH;

/**
 * The fewest write requests a write-back needs when one request carries up to `batch` writes of one kind (aliases of
 * one mutation, or one batchAddTags for as many models): Σ over the kinds of ⌈writes of that kind / batch⌉. The kinds
 * are the plan's (src/datahub/writeback/write-kinds.ts): setting a trust score and recording reasons are two.
 */
export function batchedWriteLowerBound(writesByKind: Record<string, number>, batch: number): number {
  if (batch < 1) throw new RangeError('batch size must be at least 1');
  return Object.values(writesByKind).reduce((sum, n) => sum + Math.ceil(n / batch), 0);
}
