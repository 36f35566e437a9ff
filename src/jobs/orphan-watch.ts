import type { Queue } from 'bullmq';
import type { UnownedFindings } from '../app/cycle/judge-cycle.js';
import type { JudgedCycle } from '../app/incremental-judge.js';
import type { EntityNode } from '../core/graph.js';
import { findOrphans, orphanChanges, ownedModels } from '../core/orphans.js';
import type { Logger } from '../log.js';
import type { OrphanStore } from '../slack/orphan-store.js';
import { JOB } from './names.js';
import { jobIdOf } from '../queues/payloads.js';

export interface OrphanWatchDeps {
  store: OrphanStore;
  /** The slack-delivery queue: the `orphans` job reads routing and plans the pings there, apart from the cycle. */
  queue: Queue;
  /** Queue the pings (`slack.orphanPings`); off, the orphans are still recorded (App Home lists them). */
  ping: boolean;
  logger: Logger;
  now?: () => number;
}

/**
 * Once a cycle, from the catalog the cycle holds (no DataHub read): the orphans now, against those recorded. New ones
 * begin an episode and are queued to be pinged (once: a later cycle finds them recorded); those someone now owns are
 * forgotten, their pings updated. Also keeps the owner → models index App Home reads. A catalog the last call saw
 * already (nothing moved) is skipped.
 */
export function orphanWatch(
  deps: OrphanWatchDeps,
): (cycle: JudgedCycle, cycleId: string, unowned?: UnownedFindings) => Promise<void> {
  let seen: JudgedCycle['catalog'] | undefined;
  return async (cycle, cycleId, unowned) => {
    const catalog = cycle.catalog;
    if (catalog === seen) return;
    const entities: EntityNode[] = [];
    for (const urn of cycle.cache.keys()) {
      const n = catalog.entity(urn);
      if (n) entities.push(n);
    }
    const orphans = findOrphans(entities, (u) => catalog.modelsReading(u));
    await deps.store.setOwned(ownedModels(entities));
    const changes = orphanChanges(orphans, await deps.store.urns());
    await deps.store.refresh(changes.kept);
    const gone = (await Promise.all(changes.gone.map((u) => deps.store.get(u)))).filter((r) => !!r);
    await deps.store.forget(changes.gone);
    const added = await deps.store.begin(changes.added, (deps.now ?? Date.now)(), unowned);
    const owned = gone.filter((r) => r.channels.length);
    if (deps.ping && (added.length || owned.length)) {
      await deps.queue.add(
        JOB.orphans,
        { cycle: cycleId, added: added.map((r) => r.urn), owned },
        {
          jobId: jobIdOf('orphans', cycleId),
          attempts: 10,
          backoff: { type: 'custom' },
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 1000 },
        },
      );
      deps.logger.info({ cycle: cycleId, added: added.length, owned: owned.length }, 'orphans changed');
    }
    seen = catalog;
  };
}
