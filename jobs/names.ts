/** Janus's BullMQ queues. Scanning never waits on notifying: each has its own queue and workers. */
export const QUEUES = {
  /** The cycle (scheduled every `scan.interval`) and its commit, which runs once the cycle's writes landed. */
  cycle: 'cycle',
  /** Slices of a cycle's write-back plan, one root cause's dataset or a group of models each. */
  writeback: 'writeback',
  /** Transitions people should hear about (band changes, root causes raised or cleared). */
  notifications: 'notifications',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const CYCLE_SCHEDULER_ID = 'janus-cycle';
export const JOB = { cycle: 'cycle', commit: 'commit', write: 'write', transition: 'transition' } as const;
