/**
 * Who hears about an alert, and where: from DataHub's ownership alone. Pure: the facts come in read, the routes go
 * out as channels with the people to mention there (users by DataHub urn; their Slack ids are looked up later).
 *
 * The rules (docs/slack.md, "Routing"):
 * - a model with the custom property `slack_channel` goes to that channel, and only there;
 * - otherwise an entity goes to the Slack channel of every group that owns it (the group's `slack` field in
 *   DataHub, editable value first); an entity owned only by users goes to the channels of those users' groups;
 * - active user owners are mentioned wherever their entity goes; suspended users are never mentioned, and their
 *   groups do not route;
 * - the root cause's dataset's channels hear about every model it hurts; a model's channels about that model;
 * - what reaches no channel goes to the fallback channel (`FALLBACK`), with its owners mentioned.
 */

/** Where an entity's owners said its alerts go, as DataHub holds it. */
export const CHANNEL_PROPERTY = 'slack_channel';

/** Stands for `slack.fallbackChannel` in routes; the planner puts the configured channel in (or logs only). */
export const FALLBACK = '';

export interface GroupFacts {
  urn: string;
  name: string;
  /** The group's Slack channel (a channel id or a name, `#` or not). */
  channel?: string;
}

export type OwnerFacts =
  | ({ kind: 'group' } & GroupFacts)
  | {
      kind: 'user';
      urn: string;
      name: string;
      /** False when DataHub says the user is suspended (or not active): never mentioned. */
      active: boolean;
      email?: string;
      /** The Slack member id DataHub holds for the user (`corpUserEditableInfo.slack`). */
      slack?: string;
      groups: GroupFacts[];
    };

/** What routing knows of an entity: its name, a channel it names, its owners (detectors' EntityFacts are another thing). */
export interface RoutedEntity {
  urn: string;
  name: string;
  /** A channel named on the entity itself (the `slack_channel` custom property of a model). */
  channel?: string;
  owners: OwnerFacts[];
}

/** Where one entity's alerts go, and which users (DataHub urns) to mention there. */
export interface EntityRoute {
  channels: string[];
  users: string[];
}

/** One channel of an alert: the models it lists there and the users it mentions. */
export interface ChannelRoute {
  models: string[];
  users: string[];
}

/** `#risk-ml` and `risk-ml` are one channel; ids (C…, G…) stay as they are. */
export const channelKey = (channel: string): string => channel.trim().replace(/^#/, '');

const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];

export function routeEntity(e: RoutedEntity): EntityRoute {
  const users = uniq(e.owners.filter((o) => o.kind === 'user' && o.active).map((o) => o.urn));
  if (e.channel) return { channels: [channelKey(e.channel)], users };
  const groupChannels = e.owners.flatMap((o) => (o.kind === 'group' && o.channel ? [channelKey(o.channel)] : []));
  const channels = groupChannels.length
    ? groupChannels
    : e.owners.flatMap((o) =>
        o.kind === 'user' && o.active ? o.groups.flatMap((g) => (g.channel ? [channelKey(g.channel)] : [])) : [],
      );
  return { channels: uniq(channels.filter(Boolean)), users };
}

/**
 * An alert's channels: each model's channels list that model, the root-cause entity's channels list every model.
 * A model or root cause that reaches no channel goes to FALLBACK. Channels come out in a stable order (by name).
 */
export function routeAlert(
  cause: EntityRoute | undefined,
  models: { urn: string; route: EntityRoute }[],
): Record<string, ChannelRoute> {
  const out = new Map<string, { models: Set<string>; users: Set<string> }>();
  const add = (channel: string, modelUrns: string[], users: string[]) => {
    let c = out.get(channel);
    if (!c) out.set(channel, (c = { models: new Set(), users: new Set() }));
    for (const m of modelUrns) c.models.add(m);
    for (const u of users) c.users.add(u);
  };
  const all = models.map((m) => m.urn);
  if (cause)
    for (const ch of cause.channels.length ? cause.channels : models.length ? [] : [FALLBACK])
      add(ch, all, cause.users);
  const causeReaches = !!cause?.channels.length;
  for (const m of models) {
    if (m.route.channels.length) for (const ch of m.route.channels) add(ch, [m.urn], m.route.users);
    else if (!causeReaches) add(FALLBACK, [m.urn], m.route.users);
  }
  // the cause's own owners are mentioned in the fallback message too when nothing else reaches anyone
  if (cause && !causeReaches && out.has(FALLBACK)) add(FALLBACK, [], cause.users);
  const order = all.length ? new Map(all.map((u, i) => [u, i])) : new Map<string, number>();
  return Object.fromEntries(
    [...out.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([ch, c]) => [
        ch,
        { models: [...c.models].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)), users: [...c.users].sort() },
      ]),
  );
}
