import { FlowProducer, Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Registry } from 'prom-client';
import { IncrementalJudge } from '../app/incremental-judge.js';
import type { WriteBackDeps } from '../app/write-back.js';
import type { CycleConfig } from '../config/index.js';
import { DEFAULT_BANDS } from '../core/score.js';
import type { JudgePolicy } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import { RedisVerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { runAlert, type AlertDeps } from './alert-consumer.js';
import { createAlertMetrics } from './alert-metrics.js';
import { AlertStore } from './alert-store.js';
import { registerAlertTimers, runAlertTimers, timersEvery, type TimerDeps } from './alert-timers.js';
import { bullConnection, bullOptions } from './connection.js';
import { runCommit } from './commit.js';
import { runCycle, type CycleDeps } from './cycle.js';
import { serviceHealth, type HealthReport } from './health.js';
import { JOB, QUEUES } from './names.js';
import { logTransition } from './notification-log.js';
import { registerCycleScheduler } from './scheduler.js';
import { createServiceMetrics } from './service-metrics.js';
import { ServiceState } from './service-state.js';
import { alertsClient } from './slack-client.js';
import { runDelivery } from './slack-delivery.js';
import { runWrite } from './write.js';
import { orphanWatch } from './orphan-watch.js';
import { runOrphanPings, type OrphanPingDeps } from './orphan-pings.js';
import { OrphanStore } from '../slack/orphan-store.js';
import { redisIncidentLocks } from '../app/incident-lock.js';
import { RedisIncidentMessages } from '../slack/incident-messages.js';
import { WatchStore } from './watch-store.js';
import { serviceIncidentSync } from '../slack/incident-sync.js';

export interface ServiceOptions {
  redisUrl: string;
  /** Queue and key prefix (`redis.prefix`). */
  prefix: string;
  cycle: CycleConfig;
  client: DataHubClient;
  policy: JudgePolicy;
  logger: Logger;
  registry: Registry;
  reportBaseUrl?: string;
  /** Register the cycle's job scheduler (`janus serve`; a `janus worker` only works). */
  scheduler: boolean;
  /** Run workers in this process (`janus serve --no-workers` does not). */
  workers: boolean;
  /** Slack, when on: each cycle brings the messages showing incidents up to date with DataHub. */
  slack?: { botToken: string; apiUrl: string };
  /** Consume the notifications queue with the logging sink when Slack alerts are off (default true). */
  notificationSink?: boolean;
  /** Slack alerts (a bot token set): they consume the notifications queue instead of the logging sink. */
  alerts?: AlertsOptions;
  now?: () => number;
}

/** What the Slack alerts need (the `slack.*` settings, docs/slack.md). */
export interface AlertsOptions {
  botToken: string;
  apiUrl?: string;
  fallbackChannel?: string;
  escalationChannel?: string;
  digestAbove: number;
  escalateAfterMs: number;
  userCacheTtlMs: number;
  channelGapMs: number;
  datahubUiUrl?: string;
  /** Ping orphans with a Claim button (`slack.orphanPings`); off, they are still recorded for App Home. */
  orphanPings?: boolean;
}

/** Slack deliveries one worker process runs at once (each channel still gets one message a gap). */
const DELIVERY_CONCURRENCY = 8;
/** A delivery Slack did not take (down, 5xx) is retried after 0.5 s, doubling, at most 30 s apart: never dropped. */
const deliveryBackoff = (attemptsMade: number) => Math.min(30_000, 500 * 2 ** Math.max(0, attemptsMade - 1));

export interface RunningService {
  health: () => Promise<HealthReport>;
  state: ServiceState;
  queues: Record<keyof typeof QUEUES, Queue>;
  /** Stop taking jobs, let in-flight ones finish within `deadlineMs`, close every connection. */
  close(deadlineMs?: number): Promise<void>;
}

/** Janus as a service on Redis: the cycle's scheduler, its workers, or both, per process. */
export async function startService(o: ServiceOptions): Promise<RunningService> {
  const log = o.logger.child({ unit: 'service' });
  const connection = bullConnection(o.redisUrl, log, 'service');
  const bull = bullOptions(o.redisUrl);
  const prefix = o.prefix;
  const queues = {
    cycle: new Queue(QUEUES.cycle, { connection: bull, prefix }),
    writeback: new Queue(QUEUES.writeback, { connection: bull, prefix }),
    notifications: new Queue(QUEUES.notifications, { connection: bull, prefix }),
    slack: new Queue(QUEUES.slack, { connection: bull, prefix }),
  };
  for (const q of Object.values(queues))
    q.on('error', (err) => log.debug({ queue: q.name, err: err.message }, 'queue error'));
  const state = new ServiceState(connection, prefix);
  const metrics = createServiceMetrics(o.registry);
  metrics.queueDepths(async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(queues).map(async ([name, q]) => [
          name,
          await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'waiting-children'),
        ]),
      ),
    ),
  );
  const health = serviceHealth({
    client: o.client,
    redis: connection,
    state,
    intervalMs: o.cycle.interval,
    startedAt: (o.now ?? Date.now)(),
    ...(o.now ? { now: o.now } : {}),
  });

  if (o.scheduler) {
    const register = () =>
      registerCycleScheduler(queues.cycle, o.cycle.interval).then(
        () => log.info({ everyMs: o.cycle.interval }, 'cycle scheduled'),
        (err: Error) =>
          log.warn({ err: err.message }, 'could not register the cycle schedule; retrying when Redis is back'),
      );
    await register();
    // a Redis that restarted empty has lost the schedule: register it again whenever the connection comes back
    connection.on('ready', () => void register());
    if (o.alerts) {
      const every = timersEvery(o.alerts.escalateAfterMs, o.cycle.interval);
      const timers = () =>
        registerAlertTimers(queues.slack, every).catch((err: Error) =>
          log.warn({ err: err.message }, 'could not register the alert timers; retrying when Redis is back'),
        );
      await timers();
      connection.on('ready', () => void timers());
    }
  }

  const workers: Worker[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  if (o.workers) {
    const writeBack: WriteBackDeps = {
      client: o.client,
      policy: o.policy,
      redis: connection,
      logger: log,
      ...(o.reportBaseUrl ? { reportBaseUrl: o.reportBaseUrl } : {}),
    };
    const deps: CycleDeps = {
      judge: new IncrementalJudge({ client: o.client, policy: o.policy }, { refreshMs: o.cycle.refresh }),
      writeBack,
      flows: new FlowProducer({ connection: bull, prefix }),
      cycleQueue: queues.cycle,
      notifications: queues.notifications,
      history: new RedisVerdictHistory(connection, { prefix: `${prefix}:` }),
      rules: { bands: o.policy.bands ?? DEFAULT_BANDS, margin: o.cycle.bandMargin, clearAfter: o.cycle.clearAfter },
      writeChunk: o.cycle.writeChunk,
      intervalMs: o.cycle.interval,
      state,
      metrics,
      logger: log,
      client: o.client,
      ...(o.now ? { now: o.now } : {}),
      ...(o.slack
        ? {
            syncIncidentMessages: serviceIncidentSync({
              slack: o.slack,
              client: o.client,
              redis: connection,
              prefix,
              logger: log,
            }),
          }
        : {}),
    };
    const worker = (
      queue: string,
      concurrency: number,
      fn: (job: Job, token?: string) => Promise<unknown>,
      settings?: WorkerOptions['settings'],
    ) => {
      const w = new Worker(queue, fn, {
        connection: bull,
        prefix,
        concurrency,
        lockDuration: o.cycle.jobLockMs,
        stalledInterval: o.cycle.jobLockMs,
        ...(settings ? { settings } : {}),
      });
      w.on('failed', (job, err) => {
        metrics.jobFailed(queue);
        log.warn({ queue, job: job?.id, attempt: job?.attemptsMade, err: err.message }, 'job failed');
      });
      w.on('error', (err) => log.debug({ queue, err: err.message }, 'worker error'));
      workers.push(w);
    };
    worker(QUEUES.cycle, 1, (job) => (job.name === JOB.commit ? runCommit(job, deps) : runCycle(job, deps)));
    worker(QUEUES.writeback, o.cycle.workerConcurrency, (job) =>
      runWrite(job, { client: o.client, redis: connection, metrics, logger: log }),
    );
    if (o.alerts) {
      const a = o.alerts;
      const slack = alertsClient(a.botToken, a.apiUrl, log);
      const store = new AlertStore(connection, prefix);
      const alertMetrics = createAlertMetrics(o.registry);
      const alertLog = o.logger.child({ unit: 'alerts' });
      // the buttons' message store and locks: the reverse sync edits alerts whose incident changed in DataHub
      const incidents = {
        messages: new RedisIncidentMessages(connection, prefix),
        locks: redisIncidentLocks(connection, prefix),
      };
      const alertDeps: AlertDeps = {
        client: o.client,
        ...(deps.history ? { history: deps.history } : {}),
        store,
        slack,
        delivery: queues.slack,
        metrics: alertMetrics,
        logger: alertLog,
        ...(a.fallbackChannel ? { fallbackChannel: a.fallbackChannel } : {}),
        digestAbove: a.digestAbove,
        userCacheTtlMs: a.userCacheTtlMs,
        ...(o.reportBaseUrl ? { reportBaseUrl: o.reportBaseUrl } : {}),
        ...(a.datahubUiUrl ? { datahubUiUrl: a.datahubUiUrl } : {}),
        watches: new WatchStore(connection, prefix),
        ...(o.now ? { now: o.now } : {}),
      };
      const timerDeps: TimerDeps = {
        ...alertDeps,
        escalateAfterMs: a.escalateAfterMs,
        ...(a.escalationChannel ? { escalationChannel: a.escalationChannel } : {}),
      };
      const orphans = new OrphanStore(connection, prefix);
      deps.watchOrphans = orphanWatch({
        store: orphans,
        queue: queues.slack,
        ping: a.orphanPings !== false,
        logger: alertLog,
        ...(o.now ? { now: o.now } : {}),
      });
      const orphanDeps: OrphanPingDeps = { ...alertDeps, orphans, alerts: store };
      worker(QUEUES.notifications, 4, (job) => runAlert(job, alertDeps));
      // the timers ride the slack queue: the notifications queue holds transitions only
      worker(
        QUEUES.slack,
        DELIVERY_CONCURRENCY,
        (job, token) =>
          job.name === JOB.alertTimers
            ? runAlertTimers(timerDeps)
            : job.name === JOB.orphans
              ? runOrphanPings(job, orphanDeps)
              : runDelivery(job, token, {
                  slack,
                  store,
                  metrics: alertMetrics,
                  logger: alertLog,
                  channelGapMs: a.channelGapMs,
                  incidents,
                  ...(a.fallbackChannel ? { fallbackChannel: a.fallbackChannel } : {}),
                  ...(o.now ? { now: o.now } : {}),
                }),
        { backoffStrategy: deliveryBackoff },
      );
      alertLog.info(
        {
          fallbackChannel: a.fallbackChannel ?? null,
          escalationChannel: a.escalationChannel ?? null,
          digestAbove: a.digestAbove,
          escalateAfterMs: a.escalateAfterMs,
        },
        'Slack alerts on: Argos posts transitions to the owners’ channels',
      );
      if (!a.fallbackChannel)
        alertLog.warn(
          'slack.fallbackChannel (JANUS_SLACK_FALLBACK_CHANNEL) is not set: alerts that reach no owner’s channel are only logged',
        );
    } else if (o.notificationSink !== false) worker(QUEUES.notifications, 1, (job) => logTransition(job, log));
    deps.flows.on('error', (err) => log.debug({ err: err.message }, 'flow producer error'));
    closers.push(() => deps.flows.close());
  }
  // closing a BullMQ object still connecting leaves its connection erroring with no one listening: be ready first
  await Promise.all([
    ...Object.values(queues).map((q) => q.waitUntilReady()),
    ...workers.map((w) => w.waitUntilReady()),
  ]);
  log.info({ scheduler: o.scheduler, workers: o.workers, prefix }, 'service started');

  return {
    health,
    state,
    queues,
    async close(deadlineMs = 30_000) {
      const drained = Promise.all(workers.map((w) => w.close()));
      const late = await Promise.race([
        drained.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), deadlineMs).unref()),
      ]);
      if (late) {
        log.warn(
          { deadlineMs },
          'jobs still running at the stop deadline: left to the stalled-job check of another worker',
        );
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await Promise.all(Object.values(queues).map((q) => q.close()));
      await Promise.all(closers.map((c) => c()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
