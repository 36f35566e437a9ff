import type { DataHubClient } from '../datahub/client.js';
import { findUserByEmail } from '../datahub/incident-facts.js';
import type { Logger } from '../log.js';
import type { PlannedRoute } from '../slack/alerts/plan-cycle.js';
import type { AlertState } from '../slack/alerts/types.js';
import type { SlackClient } from './slack-client.js';
import type { WatchStore } from './watch-store.js';

export interface WatchRouteDeps {
  watches: WatchStore;
  slack: SlackClient;
  client: DataHubClient;
  /** How long DataHub's word that a watcher is active holds before it is asked again (`slack.userCacheTtl`). */
  ttlMs: number;
  logger: Logger;
  now?: () => number;
}

/**
 * The direct-message routes of a transition's watchers: the watchers of the root cause's dataset see every model it
 * hurts, a model's watchers that model. Each watcher's DM channel is opened once (`conversations.open`) and kept; a
 * watcher DataHub now says is suspended has every watch lapse instead. A watcher Slack or DataHub cannot be asked
 * about just now is skipped this time (the alert still reaches its channels).
 */
export async function watchRoutes(
  deps: WatchRouteDeps,
  dataset: string | undefined,
  models: string[],
): Promise<Record<string, PlannedRoute>> {
  const watchers = await deps.watches.watchersOf([...(dataset ? [dataset] : []), ...models]);
  if (!watchers.size) return {};
  const seen = new Map<string, Set<string>>();
  const see = (user: string, urns: string[]) => {
    const set = seen.get(user) ?? new Set<string>();
    for (const u of urns) set.add(u);
    seen.set(user, set);
  };
  if (dataset) for (const user of watchers.get(dataset) ?? []) see(user, models);
  for (const m of models) for (const user of watchers.get(m) ?? []) see(user, [m]);
  const routes: Record<string, PlannedRoute> = {};
  for (const [user, urns] of seen) {
    const dm = await dmOf(user, deps).catch((err: unknown) => {
      deps.logger.warn({ user, err: (err as Error).message }, 'could not open the watcher’s DM: skipped this time');
      return undefined;
    });
    if (dm) routes[dm] = { models: models.filter((m) => urns.has(m)), mentions: [] };
  }
  return routes;
}

async function dmOf(user: string, deps: WatchRouteDeps): Promise<string | undefined> {
  const now = (deps.now ?? Date.now)();
  let w = (await deps.watches.watcher(user)) ?? { checkedAt: 0 };
  if (w.email && now - w.checkedAt > deps.ttlMs) {
    const person = await findUserByEmail(deps.client, w.email);
    if (person && !person.active) {
      const lapsed = await deps.watches.lapse(user);
      deps.logger.info(
        { user, datahub: person.urn, watches: lapsed.length },
        'watcher is suspended in DataHub: their watches lapse',
      );
      return undefined;
    }
    w = { ...w, checkedAt: now };
    if (w.dm) await deps.watches.setWatcher(user, w);
  }
  if (w.dm) return w.dm;
  const r = (await deps.slack.conversations.open({ users: user })) as { channel?: { id?: string } };
  const dm = r.channel?.id;
  if (!dm) return undefined;
  await deps.watches.setWatcher(user, { ...w, dm });
  return dm;
}

/**
 * Alerts stop reaching the DMs of people who no longer watch what they list: those channels leave the alerts' state
 * before planning, so follow-ups and recoveries are not sent there either.
 */
export async function dropUnwatched(states: Record<string, AlertState>, watches: WatchStore): Promise<void> {
  const dms = new Map<string, string | undefined>();
  const all = Object.values(states);
  for (const s of all)
    for (const ch of Object.keys(s.channels)) if (/^D/.test(ch) && !dms.has(ch)) dms.set(ch, undefined);
  if (!dms.size) return;
  for (const ch of dms.keys()) dms.set(ch, await watches.dmUser(ch));
  const subjects = [...new Set(all.flatMap((s) => [...(s.dataset ? [s.dataset] : []), ...Object.keys(s.models)]))];
  const watchers = await watches.watchersOf(subjects);
  for (const s of all)
    for (const ch of Object.keys(s.channels)) {
      const user = dms.get(ch);
      if (!user) continue;
      const about = [...(s.dataset ? [s.dataset] : []), ...Object.keys(s.models)];
      if (!about.some((u) => watchers.get(u)?.includes(user))) delete s.channels[ch];
    }
}
