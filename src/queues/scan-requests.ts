/**
 * `/janus scan` as the handlers see it: a cycle asked for now on the service's cycle queue, and what became of it.
 * The queue side is `scanRequests` (src/jobs/scan-request.ts); the reply side is src/handlers/commands/scan.ts.
 */

/** What a cycle that ran reports (a cycle job's return value when it was not skipped). */
export interface CycleRan {
  judged: number;
  full: boolean;
  writes: number;
  transitions: number;
  changed: number;
}

/** What became of a cycle asked for now. */
export type ScanRun = { kind: 'done'; result: CycleRan } | { kind: 'failed'; reason: string } | { kind: 'late' };

/** `/janus scan`: a cycle queued now on the service's cycle queue (a worker anywhere runs it). */
export interface ScanRequests {
  /** Queues it and resolves once it has run (or failed, or `timeoutMs` passed). */
  run(what: { full: boolean; models: string[] }): Promise<ScanRun>;
  close(): Promise<void>;
}
