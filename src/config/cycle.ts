import { z } from 'zod';
import { parseDuration } from '../core/duration.js';

/** `30s`, `2s`, `5m`, ISO-8601 `PT30S`: to milliseconds. */
export const period = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s, ctx) => {
      const ms = parseDuration(s);
      if (ms === undefined || ms < 100) {
        ctx.addIssue({ code: 'custom', message: 'expected a period such as 30s, 5m or PT30S (at least 100 ms)' });
        return z.NEVER;
      }
      return ms;
    });

/**
 * The service's cycles (`janus serve`, `janus worker`): docs/architecture.md explains each setting. `cycle.*` in the
 * config file, `JANUS_CYCLE_*` in the environment; the old names (`scan.*`, `JANUS_SCAN_*`) still work (aliases.ts).
 */
export const cycleSchema = z.strictObject({
  /** How often a cycle runs (BullMQ job scheduler). */
  interval: period('30s'),
  /** How often a cycle re-reads the whole catalog (lineage, ownership, schemas) instead of only what moves. */
  refresh: period('10m'),
  /** Points a score must pass a band's edge by before a band change is announced (a wobble is not news). */
  bandMargin: z.coerce.number().min(0).max(50).default(5),
  /** Consecutive cycles a root cause must stay gone before its recovery is announced (1: the first cycle without it). */
  clearAfter: z.coerce.number().int().min(1).max(100).default(1),
  /** Write-back jobs one worker process runs at once. */
  workerConcurrency: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * How long a worker's hold on a job lasts without renewal (BullMQ's lock duration and stalled-job check): a worker
   * killed mid-job has its job retried elsewhere after about this long.
   */
  jobLockMs: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /**
   * How long a cycle may wait on DataHub: past it the cycle's requests are given up and it ends (`cut_short`); what it
   * read stands, what it did not read, judge or write back is taken on by the next cycle, on schedule.
   */
  deadline: period('60s'),
  /** Datasets or models one write-back job covers (the cycle fans its plan out in jobs of this many). */
  writeChunk: z.coerce.number().int().min(1).max(10_000).default(100),
});
export type CycleConfig = z.infer<typeof cycleSchema>;
