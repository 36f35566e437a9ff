import type { Job, Queue } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import type { DataHubClient } from '../datahub/client.js';
import { readJanusIncidents } from '../datahub/read-dataset-incidents.js';
import type { Logger } from '../log.js';
import { JOB } from './names.js';
import { commitData, jobIdOf, type CommitData, type NotificationData } from './payloads.js';
import type { ServiceMetrics } from './service-metrics.js';
import type { ServiceState } from './service-state.js';

export interface CommitDeps {
  client: DataHubClient;
  notifications: Queue;
  state: ServiceState;
  metrics: ServiceMetrics;
  logger: Logger;
  now?: () => number;
}

/** The commit job: runs once every write of its cycle landed (BullMQ runs a flow's parent after its children). */
export async function runCommit(job: Job, deps: CommitDeps): Promise<{ transitions: number }> {
  const parsed = commitData.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad commit payload: ${parsed.error.message}`);
  await commitCycle(parsed.data, deps, String(job.id));
  return { transitions: parsed.data.notifications.length };
}

/**
 * Records a cycle whose writes all landed: its transitions go to the notifications queue (job ids derived from the
 * transition, so a commit run twice queues each once), then what was announced and the cycle's completion, at once.
 */
export async function commitCycle(data: CommitData, deps: CommitDeps, commitId?: string): Promise<void> {
  const notifications = await withIncidents(data.notifications, deps.client);
  if (notifications.length) {
    await deps.notifications.addBulk(
      notifications.map((n, index) => ({
        name: JOB.transition,
        data: { ...n, cycle: { id: data.cycle, index, size: notifications.length } },
        opts: {
          jobId: jobIdOf('transition', n.transition.id),
          attempts: 5,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: 7 * 86_400, count: 10_000 },
          removeOnFail: { count: 1000 },
        },
      })),
    );
  }
  const at = (deps.now ?? Date.now)();
  await deps.state.commit(
    data.announced,
    data.causes,
    {
      id: data.cycle,
      at,
      ms: at - data.startedAt,
      judged: data.judged,
      full: data.full,
      transitions: notifications.length,
    },
    commitId,
  );
  for (const n of notifications)
    deps.metrics.transition(n.transition.kind === 'band' ? 'band' : `cause_${n.transition.state}`);
  if (notifications.length)
    deps.logger.info({ cycle: data.cycle, transitions: notifications.length }, 'transitions emitted');
}

/** The Janus incidents open on the datasets each transition names, in one read a hundred datasets. */
async function withIncidents(list: NotificationData[], client: DataHubClient): Promise<NotificationData[]> {
  const datasets = [...new Set(list.flatMap((n) => n.datasets))];
  const open = new Map<string, { urn: string; dataset: string; key: string }[]>();
  for (const { dataset, key, incident } of await readJanusIncidents(client, datasets, 'active'))
    open.set(dataset, [...(open.get(dataset) ?? []), { urn: incident.urn, dataset, key }]);
  return list.map((n) => {
    const keys = new Set(n.transition.kind === 'cause' ? [n.transition.key] : n.transition.causes);
    return { ...n, incidents: n.datasets.flatMap((d) => open.get(d) ?? []).filter((i) => keys.has(i.key)) };
  });
}
