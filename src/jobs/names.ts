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
export type JobName = (typeof JOB)[keyof typeof JOB];

/** The queue each job rides: a worker of that queue takes it, and no other. */
export const QUEUE_OF: Record<JobName, QueueName> = {
  cycle: QUEUES.cycle,
  commit: QUEUES.cycle,
  write: QUEUES.writeback,
  transition: QUEUES.notifications,
  deliver: QUEUES.slack,
  // the timers ride the slack queue: the notifications queue holds transitions only
  'alert-timers': QUEUES.slack,
  orphans: QUEUES.slack,
};
