import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { routeAlert, routeEntity, type RoutedEntity, type OwnerFacts } from '../core/alerts/routing.js';
import type { Band } from '../core/score.js';
import type { Transition } from '../core/transitions.js';
import type { ModelRef } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import { readAlertRouting } from '../datahub/read-alert-routing.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { hurtsOnlyItsModel } from '../core/detectors/registered.js';
import { entityUrl, reportUrlFor } from '../core/links.js';
import { alertOpenedBy } from '../slack/alerts/alert-ids.js';
import { planCycle, type PlannedRoute, type StagedAlert } from '../slack/alerts/plan-cycle.js';
import { causeStory, modelStory } from '../slack/alerts/story.js';
import type { Plan } from '../slack/alerts/types.js';
import type { AlertStore } from './alert-store.js';
import type { AlertMetrics } from './alert-metrics.js';
import { JOB } from './names.js';
import { jobIdOf, notificationData, type NotificationData } from '../queues/payloads.js';
import { processor } from './processor.js';
import type { SlackClient } from './slack-client.js';
import { slackIds } from './slack-people.js';
import { dropUnwatched, watchRoutes } from './watch-routes.js';
import type { WatchStore } from './watch-store.js';

export interface AlertDeps {
  client: DataHubClient;
  history?: VerdictHistory;
  store: AlertStore;
  slack: SlackClient;
  delivery: Queue;
  metrics: AlertMetrics;
  logger: Logger;
  fallbackChannel?: string;
  digestAbove: number;
  userCacheTtlMs: number;
  reportBaseUrl?: string;
  datahubUiUrl?: string;
  /** `/janus watch`: the watchers of a transition's entities get it as a direct message. */
  watches?: WatchStore;
  now?: () => number;
}

/** How long one planner may hold the lock (renewed by finishing well within it). */
const PLAN_LOCK_MS = 30_000;

/**
 * The `notifications` queue's consumer when Slack alerts are on. Each transition is read for (its models and root
 * cause's owners in DataHub, their Slack ids, Argos's story from the verdict history) and staged with its cycle; the job
 * that stages a cycle's last transition plans the whole cycle at once (one alert per root cause per channel, or a
 * digest) and queues the messages on the Slack delivery queue. A Slack outage never reaches this far: only delivery
 * talks to Slack's chat methods, and a failed lookup falls back to DataHub's Slack id.
 */
export async function stageAlert(
  n: NotificationData,
  queuedAt: number,
  deps: AlertDeps,
): Promise<{ staged: string; planned?: number }> {
  const cycle = n.cycle ?? { id: `transition:${n.transition.id}`, index: 0, size: 1 };
  if (await deps.store.planned(cycle.id)) return { staged: n.transition.id };
  const staged = await stageTransition(n, queuedAt, deps);
  const count = await deps.store.stage(cycle.id, cycle.index, staged, (deps.now ?? Date.now)());
  if (count < cycle.size) return { staged: n.transition.id };
  const planned = await planStaged(cycle.id, deps);
  return { staged: n.transition.id, planned };
}

/** The `transition` job when Slack alerts are on. */
export const transitionProcessor = (deps: AlertDeps, stage = stageAlert) =>
  processor('notification', notificationData, (n, job) => stage(n, job.timestamp, deps));

/** What one transition needs read before it can be planned. */
export async function stageTransition(n: NotificationData, queuedAt: number, deps: AlertDeps): Promise<StagedAlert> {
  const t = n.transition as Transition;
  const base = { transition: t, queuedAt };
  if (t.kind === 'cause' && t.state !== 'raised')
    return { ...base, models: await latestOfAlert(t.key, deps), routes: {}, story: [], links: {} };
  let models: (ModelRef & { band?: Band; score?: number })[];
  if (t.kind === 'cause') {
    models = t.models;
    // a transition names 50 models at most: a root cause hurting more is read whole, so every owner hears
    if (t.modelCount > t.models.length)
      models = (await readDownstreamModels(deps.client, [t.dataset]))[t.dataset] ?? models;
  } else models = [t.model];
  const subject = t.kind === 'cause' ? t.dataset : t.model.urn;
  const facts = await readAlertRouting(deps.client, [subject, ...models.map((m) => m.urn)]);
  const none = (urn: string): RoutedEntity => ({ urn, name: urn, owners: [] });
  // a model's own trouble (a leak in its features) is its owners' to fix: the table its chain passes through is not
  const causeOwned = t.kind === 'cause' && !hurtsOnlyItsModel(t.detector);
  const routed = routeAlert(
    causeOwned ? routeEntity(facts.get(t.dataset) ?? none(t.dataset)) : undefined,
    models.map((m) => ({ urn: m.urn, route: routeEntity(facts.get(m.urn) ?? none(m.urn)) })),
  );
  const users = [...facts.values()].flatMap((e) =>
    e.owners.filter((o): o is Extract<OwnerFacts, { kind: 'user' }> => o.kind === 'user'),
  );
  const ids = await slackIds(users, {
    slack: deps.slack,
    store: deps.store,
    ttlMs: deps.userCacheTtlMs,
    logger: deps.logger,
  });
  const routes: Record<string, PlannedRoute> = {};
  for (const [channel, r] of Object.entries(routed))
    routes[channel] = {
      models: r.models,
      mentions: [...new Set(r.users.map((u) => ids.get(u)).filter((x): x is string => !!x))],
    };
  if (deps.watches) {
    const watchDeps = { ...deps, watches: deps.watches, ttlMs: deps.userCacheTtlMs };
    const dms = await watchRoutes(
      watchDeps,
      t.kind === 'cause' ? t.dataset : undefined,
      models.map((m) => m.urn),
    );
    Object.assign(routes, dms);
  }

  // models a transition names without their band move (a root cause hurting more than 50): their latest band
  if (t.kind === 'cause' && deps.history?.latestOf) {
    const moved = new Set(t.moved.map((m) => m.model.urn));
    const rest = models.filter((m) => !moved.has(m.urn)).map((m) => m.urn);
    if (rest.length) {
      const latest = new Map((await deps.history.latestOf(rest).catch(() => [])).map((s) => [s.urn, s]));
      models = models.map((m) => {
        const s = latest.get(m.urn);
        return s ? { ...m, band: s.band, score: s.score } : m;
      });
    }
  }
  const keyOf = t.kind === 'cause' ? t.key : undefined;
  const incident = n.incidents.find((i) => !keyOf || i.key === keyOf)?.urn;
  const first = t.kind === 'cause' ? (t.moved[0]?.model ?? models[0]) : t.model;
  const verdict =
    first && deps.history ? await deps.history.latestVerdict(first.urn).catch(() => undefined) : undefined;
  const story = t.kind === 'cause' ? causeStory(t.key, verdict, t.message) : modelStory(verdict);
  const datahub = entityUrl(deps.datahubUiUrl, subject);
  const links = {
    ...(first && deps.reportBaseUrl ? { report: reportUrlFor(deps.reportBaseUrl, first.urn) } : {}),
    ...(deps.reportBaseUrl ? { reportBase: deps.reportBaseUrl } : {}),
    ...(datahub ? { datahub } : {}),
    ...(incident && datahub && t.kind === 'cause' ? { incident: `${datahub}/Incidents` } : {}),
  };
  return { ...base, models, routes, story, ...(incident ? { incident } : {}), links };
}

/**
 * The latest band and score of every model a root cause's open alert lists, for its resolved parent to show them as
 * they are now (a model the cause no longer moves may have changed since the alert last said).
 */
async function latestOfAlert(key: string, deps: AlertDeps): Promise<StagedAlert['models']> {
  if (!deps.history?.latestOf) return [];
  const id = (await deps.store.live([key]))[key];
  const alert = id ? (await deps.store.states([id]))[id] : undefined;
  if (!alert) return [];
  const latest = await deps.history.latestOf(Object.keys(alert.models)).catch(() => []);
  return latest.map((s) => ({ urn: s.urn, name: alert.models[s.urn]?.name ?? s.urn, band: s.band, score: s.score }));
}

/** Plans a staged cycle (once, whichever process gets there) and queues its messages. */
export async function planStaged(cycle: string, deps: AlertDeps): Promise<number> {
  return withPlanLock(deps, async () => {
    if (await deps.store.planned(cycle)) return 0;
    const staged = await deps.store.staged(cycle);
    const keys = staged.flatMap(({ transition: t }) =>
      t.kind === 'cause' ? [t.key] : [...t.causes, `model:${t.model.urn}`],
    );
    const live = await deps.store.live(keys);
    const byModel = await deps.store.byModel(
      staged.flatMap(({ transition: t }) => (t.kind === 'cause' ? t.moved.map((m) => m.model.urn) : [t.model.urn])),
    );
    const candidates = staged.flatMap(({ transition: t }) => alertOpenedBy(t) ?? []);
    const states = await deps.store.states([...Object.values(live), ...Object.values(byModel).flat(), ...candidates]);
    if (deps.watches) await dropUnwatched(states, deps.watches);
    const snoozes = await deps.store.snoozes();
    const now = (deps.now ?? Date.now)();
    const plan = planCycle(staged, {
      now,
      cycle,
      states,
      live,
      byModel,
      snoozed: (urn) => (snoozes[urn]?.until ?? 0) > now,
      ...(deps.fallbackChannel ? { fallback: deps.fallbackChannel } : {}),
      digestAbove: deps.digestAbove,
    });
    await queueDeliveries(plan, deps);
    await deps.store.commit(plan.states, plan.live, cycle);
    return plan.deliveries.length;
  });
}

/** The plan's messages on the delivery queue: job ids from the delivery's identity, so a plan queued twice posts once. */
export async function queueDeliveries(
  plan: Pick<Plan, 'deliveries' | 'unroutable'>,
  deps: Pick<AlertDeps, 'delivery' | 'logger' | 'metrics'>,
): Promise<void> {
  for (const u of plan.unroutable) {
    deps.metrics.unroutable();
    deps.logger.warn(
      { alert: u.alert, models: u.models.length },
      'alert reaches no Slack channel and slack.fallbackChannel is not set: logged only',
    );
  }
  if (!plan.deliveries.length) return;
  await deps.delivery.addBulk(
    plan.deliveries.map((d) => ({
      name: JOB.deliver,
      data: d,
      opts: {
        jobId: jobIdOf('slack', d.id),
        attempts: 100_000,
        backoff: { type: 'custom' },
        removeOnComplete: { age: 7 * 86_400, count: 10_000 },
        // kept, with the reason: permanently failing messages are there to read (and counted in /metrics)
        removeOnFail: { count: 10_000 },
      },
    })),
  );
  const byWhat = plan.deliveries.reduce<Record<string, number>>(
    (m, d) => ({ ...m, [d.what]: (m[d.what] ?? 0) + 1 }),
    {},
  );
  deps.logger.info({ messages: plan.deliveries.length, ...byWhat }, 'Slack alerts queued');
}

/** Runs `work` holding the planner's lock (one planner at a time across processes), waiting a while for it. */
export async function withPlanLock<T>(deps: Pick<AlertDeps, 'store'>, work: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + PLAN_LOCK_MS;
  while (!(await deps.store.lock(token, PLAN_LOCK_MS))) {
    if (Date.now() > deadline) throw new Error('the alert planner is busy elsewhere; retried');
    await new Promise((r) => setTimeout(r, 50));
  }
  try {
    return await work();
  } finally {
    await deps.store.unlock(token).catch(() => undefined);
  }
}
