import { FlowProducer, Queue, type Worker } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { bullConnection, bullOptions } from '../jobs/connection.js';
import { serviceHealth, type HealthReport } from '../jobs/health.js';
import { QUEUES } from '../jobs/names.js';
import { processorTable } from '../jobs/processors.js';
import { closeWorkers, keepScheduled, startWorkers } from '../jobs/service.js';
import { createServiceMetrics } from '../jobs/service-metrics.js';
import { ServiceState } from '../jobs/service-state.js';
import type { Logger } from '../log.js';
import { announceAlerts, processorDeps } from './processor-deps.js';
import type { ServiceOptions, ServiceQueues } from './service-options.js';

export type { AlertsOptions, ServiceOptions } from './service-options.js';

export interface RunningService {
  health: () => Promise<HealthReport>;
  state: ServiceState;
  queues: ServiceQueues;
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
    intervalMs: o.cycle.interval,
    startedAt: (o.now ?? Date.now)(),
    ...(o.healthTimeoutMs ? { probeTimeoutMs: o.healthTimeoutMs } : {}),
    ...(o.now ? { now: o.now } : {}),
  });

  if (o.scheduler)
    await keepScheduled(
      {
        cycle: queues.cycle,
        slack: queues.slack,
        redis: connection,
        intervalMs: o.cycle.interval,
        ...(o.alerts ? { escalateAfterMs: o.alerts.escalateAfterMs } : {}),
      },
      log,
    );

  const workers: Worker[] = [];
  let flows: FlowProducer | undefined;
  if (o.workers) {
    flows = new FlowProducer({ connection: bull, prefix });
    flows.on('error', (err) => log.debug({ err: err.message }, 'flow producer error'));
    const deps = processorDeps(o, { connection, queues, flows, state, metrics, log });
    workers.push(
      ...startWorkers(processorTable(deps), {
        connection: bull,
        prefix,
        lockMs: o.cycle.jobLockMs,
        writeConcurrency: o.cycle.workerConcurrency,
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

function serviceQueues(bull: RedisOptions, prefix: string, log: Logger): ServiceQueues {
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

async function queueDepths(queues: ServiceQueues) {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(queues).map(async ([name, q]) => [
        name,
        await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'waiting-children'),
      ]),
    ),
  ) as Record<string, Record<string, number>>;
}
