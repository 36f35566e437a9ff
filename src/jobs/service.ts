import { Worker, type Queue, type WorkerOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from '../log.js';
import { registerAlertTimers, timersEvery } from './alert-timers.js';
import { QUEUES, type QueueName } from './names.js';
import { dispatch, type ProcessorTable } from './processor.js';
import { onQueue } from './processors.js';
import { registerCycleScheduler } from './scheduler.js';

/** Slack deliveries one worker process runs at once (each channel still gets one message a gap). */
const DELIVERY_CONCURRENCY = 8;
/** A delivery Slack did not take (down, 5xx) is retried after 0.5 s, doubling, at most 30 s apart: never dropped. */
const deliveryBackoff = (attemptsMade: number) => Math.min(30_000, 500 * 2 ** Math.max(0, attemptsMade - 1));

export interface WorkerSettings {
  connection: RedisOptions;
  prefix: string;
  /** A job's lock (and the stalled-job check): `cycle.jobLockMs`. */
  lockMs: number;
  /** Write jobs run at once in this process (`cycle.workerConcurrency`). */
  writeConcurrency: number;
  /** Transitions run at once in this process (4 for the Slack alerts, 1 for the logging sink). */
  notificationConcurrency: number;
  logger: Logger;
  onFailed: (queue: string) => void;
}

/**
 * The workers of this process, one a queue the table has processors for, each taking only its queue's jobs: the
 * cycle queue one job at a time (a cycle and its commit), writes `writeConcurrency` at once, transitions
 * `notificationConcurrency` at once, Slack deliveries 8 at once with their own backoff (the alert timers and orphan
 * pings ride that queue too).
 */
export function startWorkers(table: ProcessorTable, s: WorkerSettings): Worker[] {
  const concurrency: Record<QueueName, number> = {
    [QUEUES.cycle]: 1,
    [QUEUES.writeback]: s.writeConcurrency,
    [QUEUES.notifications]: s.notificationConcurrency,
    [QUEUES.slack]: DELIVERY_CONCURRENCY,
  };
  const settings: Partial<Record<QueueName, WorkerOptions['settings']>> = {
    [QUEUES.slack]: { backoffStrategy: deliveryBackoff },
  };
  return Object.values(QUEUES).flatMap((queue) => {
    const own = onQueue(table, queue);
    if (!Object.keys(own).length) return [];
    const run = dispatch(own);
    const w = new Worker(queue, (job, token) => run(job, token), {
      connection: s.connection,
      prefix: s.prefix,
      concurrency: concurrency[queue],
      lockDuration: s.lockMs,
      stalledInterval: s.lockMs,
      ...(settings[queue] ? { settings: settings[queue] } : {}),
    });
    w.on('failed', (job, err) => {
      s.onFailed(queue);
      s.logger.warn({ queue, job: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed');
    });
    w.on('error', (err) => s.logger.debug({ queue, err: err.message }, 'worker error'));
    return [w];
  });
}

/**
 * The schedules (`janus serve`): the cycle every `intervalMs` and, with Slack alerts, the alert timers. Registered
 * now and again whenever the connection comes back (a Redis that restarted empty has lost them).
 */
export async function keepScheduled(
  o: { cycle: Queue; slack: Queue; redis: Redis; intervalMs: number; escalateAfterMs?: number },
  log: Logger,
): Promise<void> {
  const register = () =>
    registerCycleScheduler(o.cycle, o.intervalMs).then(
      () => log.info({ everyMs: o.intervalMs }, 'cycle scheduled'),
      (err: Error) =>
        log.warn({ err: err.message }, 'could not register the cycle schedule; retrying when Redis is back'),
    );
  await register();
  o.redis.on('ready', () => void register());
  if (o.escalateAfterMs === undefined) return;
  const every = timersEvery(o.escalateAfterMs, o.intervalMs);
  const timers = () =>
    registerAlertTimers(o.slack, every).catch((err: Error) =>
      log.warn({ err: err.message }, 'could not register the alert timers; retrying when Redis is back'),
    );
  await timers();
  o.redis.on('ready', () => void timers());
}

/** Stop taking jobs and let in-flight ones finish within `deadlineMs`; past it they are left to another worker. */
export async function closeWorkers(workers: Worker[], deadlineMs: number, log: Logger): Promise<void> {
  const drained = Promise.all(workers.map((w) => w.close()));
  const late = await Promise.race([
    drained.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), deadlineMs).unref()),
  ]);
  if (!late) return;
  log.warn({ deadlineMs }, 'jobs still running at the stop deadline: left to the stalled-job check of another worker');
  await Promise.all(workers.map((w) => w.close(true)));
}
