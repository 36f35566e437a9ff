import { FALLBACK, routeAlert, routeEntity, type RoutedEntity } from '../core/alerts/routing.js';
import { readAlertRouting } from '../datahub/read-alert-routing.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { noticeDeliveries, snoozeNotice, unsnoozeNotice } from '../slack/alerts/snooze-notices.js';
import type { Delivery } from '../slack/alerts/types.js';
import type { AlertDeps } from './alert-consumer.js';
import type { SnoozeEnded, SnoozeEntry, SnoozeTold } from './alert-payloads.js';
import { watchRoutes } from './watch-routes.js';

export type SnoozeNoticeDeps = Pick<
  AlertDeps,
  'client' | 'slack' | 'logger' | 'fallbackChannel' | 'watches' | 'userCacheTtlMs' | 'now'
>;

/**
 * Every place an alert about the entity would reach: its owners' channels (for a dataset, also those of every model
 * it feeds, as its root causes' alerts go there), the fallback channel when none is reachable, and its watchers' DMs
 * (a dataset's watchers, and those of the models it feeds). The alert consumer's routing, for one entity.
 */
export async function snoozeRoutes(deps: SnoozeNoticeDeps, urn: string): Promise<string[]> {
  const dataset = urn.startsWith('urn:li:dataset:') ? urn : undefined;
  const models = dataset
    ? ((await readDownstreamModels(deps.client, [dataset]))[dataset] ?? []).map((m) => m.urn)
    : [urn];
  const facts = await readAlertRouting(deps.client, [urn, ...models]);
  const none = (u: string): RoutedEntity => ({ urn: u, name: u, owners: [] });
  const routed = routeAlert(
    dataset ? routeEntity(facts.get(dataset) ?? none(dataset)) : undefined,
    models.map((m) => ({ urn: m, route: routeEntity(facts.get(m) ?? none(m)) })),
  );
  const fallback = deps.fallbackChannel?.replace(/^#/, '');
  const channels = Object.keys(routed).flatMap((c) => (c !== FALLBACK ? [c] : fallback ? [fallback] : []));
  const dms = deps.watches
    ? Object.keys(await watchRoutes({ ...deps, watches: deps.watches, ttlMs: deps.userCacheTtlMs }, dataset, models))
    : [];
  return [...new Set([...channels, ...dms])];
}

/** What the timers say of snoozes this run, and what they then record. */
export interface SnoozeNotices {
  deliveries: Delivery[];
  /** Snoozes now announced: where. */
  told: Record<string, SnoozeTold>;
  /** Early ends announced (or with nowhere to announce). */
  endedDone: string[];
}

/**
 * The snoozes' announcements: a snooze not announced yet (or snoozed again, to another time) wherever its alerts would
 * go; a snooze someone ended early wherever it was announced (else wherever its alerts would go). A place that cannot
 * be read just now (DataHub, Slack) is left for the timers' next run.
 */
export async function snoozeNotices(
  deps: SnoozeNoticeDeps,
  s: {
    active: Record<string, SnoozeEntry>;
    ended: Record<string, SnoozeEnded>;
    told: Record<string, SnoozeTold>;
    now: number;
  },
): Promise<SnoozeNotices> {
  const out: SnoozeNotices = { deliveries: [], told: {}, endedDone: [] };
  const routesOf = (urn: string) =>
    snoozeRoutes(deps, urn).catch((err: unknown) => {
      deps.logger.warn(
        { urn, err: (err as Error).message },
        'could not read where a snooze is to be announced: next run',
      );
      return undefined;
    });
  for (const [urn, e] of Object.entries(s.active)) {
    if (e.until <= s.now || s.told[urn]?.until === e.until) continue;
    const channels = await routesOf(urn);
    if (!channels) continue;
    out.deliveries.push(...noticeDeliveries(channels, `${urn}|${e.until}`, 'snooze', snoozeNotice(e), s.now));
    out.told[urn] = { until: e.until, channels };
  }
  for (const [urn, e] of Object.entries(s.ended)) {
    const told = s.told[urn]?.until === e.until ? s.told[urn].channels : await routesOf(urn);
    if (!told) continue;
    out.deliveries.push(...noticeDeliveries(told, `${urn}|${e.until}`, 'unsnooze', unsnoozeNotice(e), s.now));
    out.endedDone.push(urn);
  }
  return out;
}
