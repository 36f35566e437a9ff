import type { DataHubClient } from '../../datahub/client.js';
import { readJanusIncidents } from '../../datahub/read-dataset-incidents.js';
import type { Logger } from '../../log.js';
import type { CommitData, NotificationData } from '../../queues/payloads.js';
import type { CycleMetrics, CycleQueue, CycleState } from './ports.js';

export interface CommitDeps {
  client: DataHubClient;
  queue: Pick<CycleQueue, 'notify'>;
  state: Pick<CycleState, 'commit'>;
  metrics: Pick<CycleMetrics, 'transition'>;
  logger: Logger;
  now?: () => number;
}

/**
 * Records a cycle whose writes all landed: its transitions, with the Janus incidents open on their datasets, go to
 * the notifications queue (queued once each however often this runs), then what was announced and the cycle's
 * completion, at once (`commitId`, the pending commit, is cleared with them).
 */
export async function commitCycle(
  data: CommitData,
  deps: CommitDeps,
  commitId?: string,
): Promise<{ transitions: number }> {
  const notifications = await withIncidents(data.notifications, deps.client);
  if (notifications.length) await deps.queue.notify(data.cycle, notifications);
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
  return { transitions: notifications.length };
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
