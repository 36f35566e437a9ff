import { FlowProducer, Queue } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import type { Registry } from 'prom-client';
import { CatalogWatch } from '../app/catalog-watch.js';
import type { CycleDeps } from '../app/cycle/run-cycle.js';
import { redisIncidentLocks } from '../app/incident-lock.js';
import type { CycleConfig } from '../config/index.js';
import { DEFAULT_BANDS } from '../core/score.js';
import type { JudgePolicy } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import { RedisVerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import type { AlertDeps } from '../jobs/alert-consumer.js';
import { createAlertMetrics } from '../jobs/alert-metrics.js';
import { AlertStore } from '../jobs/alert-store.js';
import { bullConnection, bullOptions } from '../jobs/connection.js';
import { bullCycleQueue } from '../jobs/enqueue-cycle.js';
import { serviceHealth, type HealthReport } from '../jobs/health.js';
import { QUEUES } from '../jobs/names.js';
import { orphanWatch } from '../jobs/orphan-watch.js';
import { processorTable, type ProcessorDeps } from '../jobs/processors.js';
import { closeWorkers, keepScheduled, startWorkers } from '../jobs/service.js';
import { createServiceMetrics, type ServiceMetrics } from '../jobs/service-metrics.js';
import { ServiceState } from '../jobs/service-state.js';
import { alertsClient } from '../jobs/slack-client.js';
import { WatchStore } from '../jobs/watch-store.js';
import { RedisIncidentMessages } from '../slack/incident-messages.js';
import { serviceIncidentSync } from '../slack/incident-sync.js';
import { OrphanStore } from '../slack/orphan-store.js';

export interface ServiceOptions {
  redisUrl: string;
  /** Queue and key prefix (`redis.prefix`). */
  prefix: string;
  scan: CycleConfig;
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
  const queues = serviceQueues(bull, prefix, log);
  const state = new ServiceState(connection, prefix);
  const metrics = createServiceMetrics(o.registry);
  metrics.queueDepths(() => queueDepths(queues));
  const health = serviceHealth({
    client: o.client,
    redis: connection,
    state,
    intervalMs: o.scan.interval,
    startedAt: (o.now ?? Date.now)(),
    ...(o.now ? { now: o.now } : {}),
  });

  if (o.scheduler)
    await keepScheduled(
      {
        cycle: queues.cycle,
        slack: queues.slack,
        redis: connection,
        intervalMs: o.scan.interval,
        ...(o.alerts ? { escalateAfterMs: o.alerts.escalateAfterMs } : {}),
      },
      log,
    );

  const workers: Awaited<ReturnType<typeof startWorkers>> = [];
  let flows: FlowProducer | undefined;
  if (o.workers) {
    flows = new FlowProducer({ connection: bull, prefix });
    flows.on('error', (err) => log.debug({ err: err.message }, 'flow producer error'));
    const deps = processorDeps(o, { connection, queues, flows, state, metrics, log });
    workers.push(
      ...startWorkers(processorTable(deps), {
        connection: bull,
        prefix,
        lockMs: o.scan.jobLockMs,
        writeConcurrency: o.scan.workerConcurrency,
        notificationConcurrency: o.alerts ? 4 : 1,
        logger: log,
        onFailed: (queue) => metrics.jobFailed(queue),
      }),
    );
    if (o.alerts) announceAlerts(o.alerts, o.logger.child({ unit: 'alerts' }));
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
      await closeWorkers(workers, deadlineMs, log);
      await Promise.all(Object.values(queues).map((q) => q.close()));
      await flows?.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

function serviceQueues(bull: RedisOptions, prefix: string, log: Logger): RunningService['queues'] {
  const queues = {
    cycle: new Queue(QUEUES.cycle, { connection: bull, prefix }),
    writeback: new Queue(QUEUES.writeback, { connection: bull, prefix }),
    notifications: new Queue(QUEUES.notifications, { connection: bull, prefix }),
    slack: new Queue(QUEUES.slack, { connection: bull, prefix }),
  };
  for (const q of Object.values(queues))
    q.on('error', (err) => log.debug({ queue: q.name, err: err.message }, 'queue error'));
  return queues;
}

async function queueDepths(queues: RunningService['queues']) {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(queues).map(async ([name, q]) => [
        name,
        await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'waiting-children'),
      ]),
    ),
  ) as Record<string, Record<string, number>>;
}

interface Built {
  connection: Redis;
  queues: RunningService['queues'];
  flows: FlowProducer;
  state: ServiceState;
  metrics: ServiceMetrics;
  log: Logger;
}

/** Every store and client the processors use, built once: the cycle's, the writes', and the alerts' when on. */
function processorDeps(o: ServiceOptions, b: Built): ProcessorDeps {
  const { connection, log, metrics } = b;
  const prefix = o.prefix;
  const history = new RedisVerdictHistory(connection, { prefix: `${prefix}:` });
  const alertLog = o.logger.child({ unit: 'alerts' });
  const orphans = o.alerts ? new OrphanStore(connection, prefix) : undefined;
  const cycle: CycleDeps = {
    watch: new CatalogWatch({ client: o.client, policy: o.policy }, { refreshMs: o.scan.refresh }),
    writeBack: {
      client: o.client,
      policy: o.policy,
      redis: connection,
      logger: log,
      ...(o.reportBaseUrl ? { reportBaseUrl: o.reportBaseUrl } : {}),
    },
    queue: bullCycleQueue({ cycle: b.queues.cycle, notifications: b.queues.notifications, flows: b.flows }),
    history,
    rules: { bands: o.policy.bands ?? DEFAULT_BANDS, margin: o.scan.bandMargin, clearAfter: o.scan.clearAfter },
    writeChunk: o.scan.writeChunk,
    intervalMs: o.scan.interval,
    state: b.state,
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
    ...(o.alerts && orphans
      ? {
          watchOrphans: orphanWatch({
            store: orphans,
            queue: b.queues.slack,
            ping: o.alerts.orphanPings !== false,
            logger: alertLog,
            ...(o.now ? { now: o.now } : {}),
          }),
        }
      : {}),
  };
  const write = { client: o.client, redis: connection, metrics, logger: log };
  if (!o.alerts || !orphans) return { cycle, write, ...(o.notificationSink !== false ? { sink: log } : {}) };

  const a = o.alerts;
  const slack = alertsClient(a.botToken, a.apiUrl, log);
  const store = new AlertStore(connection, prefix);
  const alertMetrics = createAlertMetrics(o.registry);
  const stage: AlertDeps = {
    client: o.client,
    history,
    store,
    slack,
    delivery: b.queues.slack,
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
  return {
    cycle,
    write,
    alerts: {
      stage,
      timers: {
        ...stage,
        escalateAfterMs: a.escalateAfterMs,
        ...(a.escalationChannel ? { escalationChannel: a.escalationChannel } : {}),
      },
      orphans: { ...stage, orphans, alerts: store },
      delivery: {
        slack,
        store,
        metrics: alertMetrics,
        logger: alertLog,
        channelGapMs: a.channelGapMs,
        // the buttons' message store and locks: the reverse sync edits alerts whose incident changed in DataHub
        incidents: {
          messages: new RedisIncidentMessages(connection, prefix),
          locks: redisIncidentLocks(connection, prefix),
        },
        ...(a.fallbackChannel ? { fallbackChannel: a.fallbackChannel } : {}),
        ...(o.now ? { now: o.now } : {}),
      },
    },
  };
}

function announceAlerts(a: AlertsOptions, alertLog: Logger): void {
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
}
