import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { DataHubClient } from '../datahub/client.js';
import { incidentsStatusOp } from '../datahub/queries/incident-action.js';
import type { Logger } from '../log.js';
import { planTimers } from '../slack/alerts/plan-timers.js';
import { planStaged, queueDeliveries, withPlanLock, type AlertDeps } from './alert-consumer.js';
import { ALERT_TIMERS_SCHEDULER_ID, JOB, QUEUES } from './names.js';
import { processor } from './processor.js';
import { snoozeNotices } from './snooze-notices.js';

export interface TimerDeps extends AlertDeps {
  escalateAfterMs: number;
  escalationChannel?: string;
}

/** A cycle whose transitions have not all been staged this long after the first is planned with what came. */
const STALE_CYCLE_MS = 60_000;
/** A resolved alert is forgotten this long after it cleared. */
const KEEP_RESOLVED_MS = 7 * 86_400_000;

/**
 * How often the alert timers run: a quarter of the escalation delay, or two cycles, whichever is sooner (a snooze
 * ends within about that), between a second and a minute.
 */
export const timersEvery = (escalateAfterMs: number, intervalMs: number) =>
  Math.min(60_000, Math.max(1000, Math.floor(Math.min(escalateAfterMs / 4, 2 * intervalMs))));

/** The timers' schedule (one BullMQ job scheduler under a fixed id, on the slack queue). */
export async function registerAlertTimers(queue: Queue, everyMs: number): Promise<void> {
  await queue.upsertJobScheduler(
    ALERT_TIMERS_SCHEDULER_ID,
    { every: everyMs },
    { name: JOB.alertTimers, opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } } },
  );
}

/**
 * The timers asked to run now (a snooze begun or ended: `/janus snooze`), on a connection the caller owns: a BullMQ
 * Queue on a shared ioredis connection, nothing more to close.
 */
export function alertTimersNow(redis: Redis, prefix: string): () => Promise<void> {
  let queue: Queue | undefined;
  return async () => {
    queue ??= new Queue(QUEUES.slack, { connection: redis, prefix });
    await queue.add(JOB.alertTimers, {}, { removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } });
  };
}

/**
 * What time alone brings to the alerts: snoozes announced and ended (an alert still open is posted once), escalation of
 * alerts nobody acknowledged (DataHub's incident still in triage), cycles left half staged, resolved alerts forgotten.
 */
export async function runAlertTimers(deps: TimerDeps): Promise<{ messages: number }> {
  const now = (deps.now ?? Date.now)();
  for (const cycle of await deps.store.staleCycles(now - STALE_CYCLE_MS)) {
    deps.logger.warn({ cycle }, 'a cycle’s transitions did not all arrive: planning its alerts with what came');
    await planStaged(cycle, deps);
  }
  return withPlanLock(deps, async () => {
    const snoozes = await deps.store.snoozes();
    const ended = Object.entries(snoozes).filter(([, s]) => s.until <= now);
    const endedEarly = await deps.store.endedSnoozes();
    const told = await deps.store.snoozesTold();
    const notices = await snoozeNotices(deps, { active: snoozes, ended: endedEarly, told, now });
    const all = await deps.store.allStates();
    const open = all.filter((a) => a.status === 'open');
    const { acknowledged, known } = await acknowledgedIncidents(
      deps.client,
      open.filter((a) => a.incident && !a.acknowledged).map((a) => a.incident!),
      deps.logger,
    );
    const plan = planTimers({
      now,
      states: open,
      snoozed: (urn) => (snoozes[urn]?.until ?? 0) > now,
      ended: { ...Object.fromEntries(ended), ...endedEarly },
      // not knowing is not acknowledging, nor a reason to escalate: escalation waits for the next look
      escalateAfterMs: known ? deps.escalateAfterMs : Infinity,
      ...(deps.escalationChannel ? { escalationChannel: deps.escalationChannel } : {}),
      acknowledged,
      accepted: all.filter((a) => a.status === 'resolved' && a.accepted && !a.expiryTold),
    });
    // the snooze's news first: in a channel, its end is said before what it held back
    await queueDeliveries(
      { deliveries: [...notices.deliveries, ...plan.deliveries], unroutable: plan.unroutable },
      deps,
    );
    // an accepted one is kept until its acceptance ends: its end is announced in its thread
    const forget = all
      .filter((a) => a.status === 'resolved' && now - Date.parse(a.resolvedAt ?? '') > KEEP_RESOLVED_MS)
      .filter((a) => !a.accepted || now >= Date.parse(a.accepted.until))
      .map((a) => a.id);
    await deps.store.commit(plan.states, plan.live, undefined, forget);
    await deps.store.dropSnoozes(ended.map(([urn]) => urn));
    for (const [urn, t] of Object.entries(notices.told)) await deps.store.setTold(urn, t);
    await deps.store.dropEnded(notices.endedDone);
    // where a snooze was announced is kept while it runs, and until its early end is said
    const pending = (urn: string) => !!endedEarly[urn] && !notices.endedDone.includes(urn);
    const running = (urn: string) => (snoozes[urn]?.until ?? 0) > now;
    await deps.store.dropTold(Object.keys(told).filter((urn) => !notices.told[urn] && !running(urn) && !pending(urn)));
    if (ended.length) deps.logger.info({ ended: ended.map(([, s]) => s.name) }, 'snoozes ended');
    return { messages: notices.deliveries.length + plan.deliveries.length };
  });
}

/** The `alert-timers` job (scheduled): it carries no payload, whatever its data. */
export const alertTimersProcessor = (deps: TimerDeps, run = runAlertTimers) =>
  processor('alert timers', z.unknown(), () => run(deps));

/** Incidents someone took up: resolved, or moved past TRIAGE (DataHub's UI and the Acknowledge button do). */
async function acknowledgedIncidents(
  client: DataHubClient,
  urns: string[],
  logger: Logger,
): Promise<{ acknowledged: Set<string>; known: boolean }> {
  const acknowledged = new Set<string>();
  try {
    for (let i = 0; i < urns.length; i += 100) {
      const data = await client.request(incidentsStatusOp, { urns: urns.slice(i, i + 100) });
      for (const e of data.entities ?? []) {
        const s = e?.incidentStatus;
        if (e && s && (s.state !== 'ACTIVE' || (s.stage && s.stage !== 'TRIAGE'))) acknowledged.add(e.urn);
      }
    }
    return { acknowledged, known: true };
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'could not read the alerts’ incidents; escalation waits');
    return { acknowledged, known: false };
  }
}
