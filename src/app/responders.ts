import type { Logger } from '../log.js';

/** Whether a Slack member is one of the on-call responders (`slack.responders`). */
export type Responders = (slackId: string) => Promise<boolean>;

export interface RespondersOptions {
  /** `slack.responders`: user group ids (`S…`) and member ids (`U…`, `W…`). */
  ids: string[];
  /** A user group's members (`usergroups.users.list`). */
  members: (group: string) => Promise<string[]>;
  /** How long a group's members are kept before Slack is asked again: on-call rotates, so briefly. */
  ttlMs?: number;
  logger?: Logger;
  now?: () => number;
}

/** A minute: a rotation shows within it, and a burst of clicks asks Slack once. */
const MEMBERS_TTL_MS = 60_000;

/**
 * The responders check: a member named in `slack.responders`, or a member of a group named there (read from Slack,
 * cached briefly). A group Slack cannot be asked about just now counts as nobody (it grants nothing) and is not cached.
 */
export function createResponders(o: RespondersOptions): Responders {
  const now = o.now ?? Date.now;
  const ttl = o.ttlMs ?? MEMBERS_TTL_MS;
  const users = new Set(o.ids.filter((id) => !id.startsWith('S')));
  const groups = o.ids.filter((id) => id.startsWith('S'));
  const cache = new Map<string, { at: number; members: Promise<Set<string>> }>();
  const membersOf = (group: string): Promise<Set<string>> => {
    const hit = cache.get(group);
    if (hit && now() - hit.at < ttl) return hit.members;
    const members = o.members(group).then(
      (ids) => new Set(ids),
      (err: unknown) => {
        cache.delete(group);
        o.logger?.warn(
          { group, err: (err as Error).message },
          'could not read a responders group: it grants nothing now',
        );
        return new Set<string>();
      },
    );
    cache.set(group, { at: now(), members });
    return members;
  };
  return async (slackId) => {
    if (users.has(slackId)) return true;
    for (const g of groups) if ((await membersOf(g)).has(slackId)) return true;
    return false;
  };
}
