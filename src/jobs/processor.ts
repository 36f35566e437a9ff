import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';
import type { JobName } from './names.js';

/** What a processor reads of a BullMQ job: a BullMQ `Job` is one, and so is a plain object in a unit test. */
export interface JobLike {
  name: string;
  id?: string | undefined;
  data: unknown;
  /** When the job was queued (ms). */
  timestamp: number;
  updateData(data: unknown): Promise<void>;
  moveToDelayed(timestamp: number, token?: string): Promise<void>;
}

/** One job name's entry: its payload's schema and the processor of a parsed payload. */
export interface JobProcessor {
  /** Names the payload in the error a malformed one fails with ("bad cycle payload: …"). */
  label: string;
  schema: z.ZodType;
  process(data: unknown, job: JobLike, token?: string): Promise<unknown>;
}

/** The processors by job name; a name without one fails its jobs for good. */
export type ProcessorTable = Partial<Record<JobName, JobProcessor>>;

/** A table entry whose processor sees its payload as its schema parsed it. */
export function processor<S extends z.ZodType>(
  label: string,
  schema: S,
  process: (data: z.output<S>, job: JobLike, token?: string) => Promise<unknown>,
): JobProcessor {
  return { label, schema, process: (data, job, token) => process(data as z.output<S>, job, token) };
}

/**
 * A worker's processor: the job's entry in the table, its payload parsed (a malformed one, or a name with no
 * entry, fails at once and is never retried), then the entry's processor.
 */
export function dispatch(table: ProcessorTable): (job: JobLike, token?: string) => Promise<unknown> {
  return async (job, token) => {
    const entry = table[job.name as JobName];
    if (!entry)
      throw new UnrecoverableError(`no processor for job "${job.name}" (known: ${Object.keys(table).join(', ')})`);
    const parsed = entry.schema.safeParse(job.data ?? {});
    if (!parsed.success) throw new UnrecoverableError(`bad ${entry.label} payload: ${parsed.error.message}`);
    return entry.process(parsed.data, job, token);
  };
}
