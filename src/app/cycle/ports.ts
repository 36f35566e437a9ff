import type { AnnouncedCause, AnnouncedModel } from '../../core/transitions.js';
import type { PlanSlice } from '../../core/writeback/slices.js';
import type { CommitData, NotificationData } from '../../queues/payloads.js';

/** A completed cycle, as the service remembers the last one (`janus serve`'s health). */
export interface CompletedCycle {
  id: string;
  at: number;
  ms: number;
  judged: number;
  full: boolean;
  transitions: number;
}

/**
 * What the service keeps between cycles, whichever process ran them (Redis: `ServiceState`): what was announced, the
 * cycle lock, the pending commit.
 */
export interface CycleState {
  lock(token: string, leaseMs: number): Promise<boolean>;
  renew(token: string, leaseMs: number): Promise<boolean>;
  unlock(token: string): Promise<void>;
  pending(): Promise<string | null>;
  setPending(commitId: string): Promise<void>;
  clearPending(commitId: string): Promise<void>;
  announcedModels(urns: string[]): Promise<Record<string, AnnouncedModel | undefined>>;
  announcedCauses(): Promise<Record<string, AnnouncedCause>>;
  commit(
    models: Record<string, AnnouncedModel>,
    causes: Record<string, AnnouncedCause>,
    done: CompletedCycle,
    commitId?: string,
  ): Promise<void>;
}

export type CycleOutcome = 'done' | 'skipped_running' | 'skipped_writing' | 'cut_short' | 'failed';

/** The cycle's counters (prom-client in the service). */
export interface CycleMetrics {
  cycle(outcome: CycleOutcome): void;
  cycleDuration(full: boolean, seconds: number): void;
  judged(n: number): void;
  transition(kind: string): void;
}

/** Where a cycle's work goes next (BullMQ in the service: the edge knows job names, ids and retries). */
export interface CycleQueue {
  /** A commit job's state and the models its data names; undefined when the queue no longer has it. */
  commitJob(id: string): Promise<{ state: string; models: string[] } | undefined>;
  /** The cycle's writes, each slice a job, under one commit job (id `commitId`) that runs once they all landed. */
  fanOut(commitId: string, commit: CommitData, slices: PlanSlice[]): Promise<void>;
  /** A committed cycle's transitions, for the alerts (queued once each, however many times the commit runs). */
  notify(cycle: string, notifications: NotificationData[]): Promise<void>;
}
