/** Janus's BullMQ queues. Scanning never waits on notifying: each has its own queue and workers. */
export const QUEUES = {
  /** The cycle (scheduled every `cycle.interval`) and its commit, which runs once the cycle's writes landed. */
  cycle: 'cycle',
  /** Slices of a cycle's write-back plan, one root cause's dataset or a group of models each. */
  writeback: 'writeback',
  /** Transitions people should hear about (band changes, root causes raised or cleared). */
  notifications: 'notifications',
  /** Slack messages of the alerts, one a job: paced per channel, in order per thread, apart from everything else. */
  slack: 'slack-delivery',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const CYCLE_SCHEDULER_ID = 'janus-cycle';
export const ALERT_TIMERS_SCHEDULER_ID = 'janus-alert-timers';
export const JOB = {
  cycle: 'cycle',
  commit: 'commit',
  write: 'write',
  transition: 'transition',
  deliver: 'deliver',
  alertTimers: 'alert-timers',
  /** New orphans to ping (and the pings of orphans someone now owns, to update): on the slack queue. */
  orphans: 'orphans',
} as const;
