import { createLogger, type Logger } from '../../../src/log.js';
import type { JobLike } from '../../../src/jobs/processor.js';

/** A job as a processor sees it: a plain object recording what the processor did to it. */
export interface FakeJob extends JobLike {
  updates: unknown[];
  delayedTo: { timestamp: number; token?: string | undefined }[];
}

export function fakeJob(name: string, data: unknown, more: Partial<JobLike> = {}): FakeJob {
  const updates: unknown[] = [];
  const delayedTo: FakeJob['delayedTo'] = [];
  return {
    name,
    id: `${name}-1`,
    data,
    timestamp: 1_700_000_000_000,
    updates,
    delayedTo,
    async updateData(d) {
      updates.push(d);
    },
    async moveToDelayed(timestamp, token) {
      delayedTo.push({ timestamp, token });
    },
    ...more,
  };
}

/** A logger keeping its lines, parsed. */
export function recordingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

/** Records the calls of a use case and answers with `result`. */
export function recorder<A extends unknown[], R>(result: R): { fn: (...args: A) => Promise<R>; calls: A[] } {
  const calls: A[] = [];
  return {
    calls,
    fn: async (...args: A) => {
      calls.push(args);
      return result;
    },
  };
}

/** A queue recording the jobs added to it. */
export function fakeQueue() {
  const added: { name: string; data: unknown; opts?: { jobId?: string } }[] = [];
  return {
    added,
    async add(name: string, data: unknown, opts?: { jobId?: string }) {
      added.push({ name, data, ...(opts ? { opts } : {}) });
      return { id: opts?.jobId };
    },
    async addBulk(jobs: { name: string; data: unknown; opts?: { jobId?: string } }[]) {
      added.push(...jobs);
      return jobs.map((j) => ({ id: j.opts?.jobId }));
    },
  };
}
