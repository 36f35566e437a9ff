import type { FlowProducer } from 'bullmq';
import type { Redis } from 'ioredis';
import { RedisLocks } from '../redis/lock.js';
import { IncrementalJudge } from '../app/incremental-judge.js';
import type { CycleDeps } from '../app/cycle/run-cycle.js';
import { redisIncidentLocks } from '../app/incident-lock.js';
import { DEFAULT_BANDS } from '../core/score.js';
import { RedisVerdictHistory } from '../history/index.js';
import type { AlertDeps } from '../jobs/alert-consumer.js';
import { createAlertMetrics } from '../jobs/alert-metrics.js';
import { AlertStore } from '../jobs/alert-store.js';
import { bullCycleQueue } from '../jobs/enqueue-cycle.js';
import { orphanWatch } from '../jobs/orphan-watch.js';
import type { ProcessorDeps } from '../jobs/processors.js';
import type { ServiceMetrics } from '../jobs/service-metrics.js';
import type { ServiceState } from '../jobs/service-state.js';
import { alertsClient } from '../jobs/slack-client.js';
import { WatchStore } from '../jobs/watch-store.js';
import type { Logger } from '../log.js';
import { RedisIncidentMessages } from '../slack/incident-messages.js';
import { serviceIncidentSync } from '../slack/incident-sync.js';
import { OrphanStore } from '../slack/orphan-store.js';
import type { AlertsOptions, ServiceOptions, ServiceQueues } from './service-options.js';

/** What `startService` built before the processors: they share its connection, queues, state and metrics. */
export interface Built {
  connection: Redis;
  queues: ServiceQueues;
  flows: FlowProducer;
  state: ServiceState;
  metrics: ServiceMetrics;
  log: Logger;
}

/** Every store and client the processors use, built once: the cycle's, the writes', and the alerts' when on. */
export function processorDeps(o: ServiceOptions, b: Built): ProcessorDeps {
  const history = new RedisVerdictHistory(b.connection, { prefix: `${o.prefix}:` });
  const locks = new RedisLocks(b.connection, o.prefix);
  const write = { client: o.client, locks, metrics: b.metrics, logger: b.log };
  if (!o.alerts) {
    const cycle = cycleDeps(o, b, history, locks);
    return { cycle, write, ...(o.notificationSink !== false ? { sink: b.log } : {}) };
  }
  const alertLog = o.logger.child({ unit: 'alerts' });
  const orphans = new OrphanStore(b.connection, o.prefix);
  const watchOrphans = orphanWatch({
    store: orphans,
    queue: b.queues.slack,
    ping: o.alerts.orphanPings !== false,
    logger: alertLog,
    ...(o.now ? { now: o.now } : {}),
  });
  return {
    cycle: cycleDeps(o, b, history, locks, watchOrphans),
    write,
    alerts: alertsDeps(o, o.alerts, b, { history, orphans, logger: alertLog }),
  };
}

function cycleDeps(
  o: ServiceOptions,
  b: Built,
  history: RedisVerdictHistory,
  locks: RedisLocks,
  watchOrphans?: CycleDeps['watchOrphans'],
): CycleDeps {
  return {
    judge: new IncrementalJudge({ client: o.client, policy: o.policy }, { refreshMs: o.cycle.refresh }),
    writeBack: {
      client: o.client,
      policy: o.policy,
      locks,
      logger: b.log,
      ...(o.reportBaseUrl ? { reportBaseUrl: o.reportBaseUrl } : {}),
    },
    queue: bullCycleQueue({ cycle: b.queues.cycle, notifications: b.queues.notifications, flows: b.flows }),
    history,
    rules: { bands: o.policy.bands ?? DEFAULT_BANDS, margin: o.cycle.bandMargin, clearAfter: o.cycle.clearAfter },
    writeChunk: o.cycle.writeChunk,
    intervalMs: o.cycle.interval,
    deadlineMs: o.cycle.deadline,
    state: b.state,
    metrics: b.metrics,
    logger: b.log,
    client: o.client,
    ...(o.now ? { now: o.now } : {}),
    ...(o.slack
      ? {
          syncIncidentMessages: serviceIncidentSync({
            slack: o.slack,
            client: o.client,
            redis: b.connection,
            prefix: o.prefix,
            logger: b.log,
          }),
        }
      : {}),
    ...(watchOrphans ? { watchOrphans } : {}),
  };
}

function alertsDeps(
  o: ServiceOptions,
  a: AlertsOptions,
  b: Built,
  shared: { history: RedisVerdictHistory; orphans: OrphanStore; logger: Logger },
): NonNullable<ProcessorDeps['alerts']> {
  const slack = alertsClient(a.botToken, a.apiUrl, b.log, a.apiTimeoutMs);
  const store = new AlertStore(b.connection, o.prefix);
  const metrics = createAlertMetrics(o.registry);
  const stage: AlertDeps = {
    client: o.client,
    history: shared.history,
    store,
    slack,
    delivery: b.queues.slack,
    metrics,
    logger: shared.logger,
    ...(a.fallbackChannel ? { fallbackChannel: a.fallbackChannel } : {}),
    digestAbove: a.digestAbove,
    userCacheTtlMs: a.userCacheTtlMs,
    ...(o.reportBaseUrl ? { reportBaseUrl: o.reportBaseUrl } : {}),
    ...(a.datahubUiUrl ? { datahubUiUrl: a.datahubUiUrl } : {}),
    watches: new WatchStore(b.connection, o.prefix),
    ...(o.now ? { now: o.now } : {}),
  };
  return {
    stage,
    timers: {
      ...stage,
      escalateAfterMs: a.escalateAfterMs,
      ...(a.escalationChannel ? { escalationChannel: a.escalationChannel } : {}),
    },
    orphans: { ...stage, orphans: shared.orphans, alerts: store },
    delivery: {
      slack,
      store,
      metrics,
      logger: shared.logger,
      channelGapMs: a.channelGapMs,
      // the buttons' message store and locks: the reverse sync edits alerts whose incident changed in DataHub
      incidents: {
        messages: new RedisIncidentMessages(b.connection, o.prefix),
        locks: redisIncidentLocks(b.connection, o.prefix),
      },
      ...(a.fallbackChannel ? { fallbackChannel: a.fallbackChannel } : {}),
      ...(o.now ? { now: o.now } : {}),
    },
  };
}

export function announceAlerts(a: AlertsOptions, alertLog: Logger): void {
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
