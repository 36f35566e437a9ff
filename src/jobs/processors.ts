import type { CycleDeps } from '../app/cycle/run-cycle.js';
import type { LandWritesDeps } from '../app/cycle/land-writes.js';
import type { Logger } from '../log.js';
import { transitionProcessor, type AlertDeps } from './alert-consumer.js';
import { alertTimersProcessor, type TimerDeps } from './alert-timers.js';
import { commitProcessor } from './commit.js';
import { cycleProcessor } from './cycle.js';
import { JOB, QUEUE_OF, type JobName, type QueueName } from './names.js';
import { transitionLogProcessor } from './notification-log.js';
import { orphansProcessor, type OrphanPingDeps } from './orphan-pings.js';
import type { ProcessorTable } from './processor.js';
import { deliveryProcessor, type DeliveryDeps } from './slack-delivery.js';
import { writeProcessor } from './write.js';

/** What the processors are given: each its use case's ports, built once by the composition root. */
export interface ProcessorDeps {
  cycle: CycleDeps;
  write: Omit<LandWritesDeps, 'keepLeft'>;
  /** The logging sink's logger: it takes the transitions when Slack alerts are off (none: nothing takes them here). */
  sink?: Logger;
  /** Slack alerts, when on: they take the transitions instead of the logging sink. */
  alerts?: { stage: AlertDeps; timers: TimerDeps; orphans: OrphanPingDeps; delivery: DeliveryDeps };
}

/** Every job Janus queues, by name: its payload's schema and its processor (Slack's only when alerts are on). */
export function processorTable(d: ProcessorDeps): ProcessorTable {
  return {
    [JOB.cycle]: cycleProcessor(d.cycle),
    [JOB.commit]: commitProcessor(d.cycle),
    [JOB.write]: writeProcessor(d.write),
    ...(d.alerts || d.sink
      ? { [JOB.transition]: d.alerts ? transitionProcessor(d.alerts.stage) : transitionLogProcessor(d.sink!) }
      : {}),
    ...(d.alerts
      ? {
          [JOB.deliver]: deliveryProcessor(d.alerts.delivery),
          [JOB.alertTimers]: alertTimersProcessor(d.alerts.timers),
          [JOB.orphans]: orphansProcessor(d.alerts.orphans),
        }
      : {}),
  };
}

/** The entries whose jobs ride `queue`: its worker takes those and fails any other. */
export const onQueue = (table: ProcessorTable, queue: QueueName): ProcessorTable =>
  Object.fromEntries(Object.entries(table).filter(([name]) => QUEUE_OF[name as JobName] === queue));
