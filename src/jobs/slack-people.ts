import type { OwnerFacts } from '../core/alerts/routing.js';
import type { Logger } from '../log.js';
import type { AlertStore } from './alert-store.js';
import type { SlackClient } from './slack-client.js';

/** A Slack member id, as `<@…>` takes it. */
const MEMBER_ID = /^[UW][A-Z0-9]{2,}$/;

export interface PeopleDeps {
  slack: SlackClient;
  store: AlertStore;
  ttlMs: number;
  logger: Logger;
}

type User = Extract<OwnerFacts, { kind: 'user' }>;

/**
 * The Slack ids of DataHub users: `users.lookupByEmail` with their DataHub email (kept in Redis for `ttlMs`, a
 * "no such user" too), else the Slack id DataHub holds for them. A lookup that fails (Slack down, rate limited)
 * falls back without caching, so it is asked again next time. Suspended users are never looked up.
 */
export async function slackIds(users: User[], deps: PeopleDeps): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Map(users.filter((u) => u.active).map((u) => [u.urn, u])).values()];
  await Promise.all(
    unique.map(async (u) => {
      const id = (u.email ? await byEmail(u.email, deps) : undefined) ?? u.slack;
      if (id && MEMBER_ID.test(id)) out.set(u.urn, id);
    }),
  );
  return out;
}

async function byEmail(email: string, deps: PeopleDeps): Promise<string | undefined> {
  const cached = await deps.store.cachedUser(email).catch(() => undefined);
  if (cached !== undefined) return cached ?? undefined;
  try {
    const r = (await deps.slack.users.lookupByEmail({ email })) as { user?: { id?: string } };
    const id = r.user?.id;
    await deps.store.cacheUser(email, id ?? null, deps.ttlMs);
    return id;
  } catch (err) {
    const code = (err as { data?: { error?: string } }).data?.error;
    if (code === 'users_not_found') {
      await deps.store.cacheUser(email, null, deps.ttlMs);
      return undefined;
    }
    deps.logger.debug({ err: (err as Error).message }, 'users.lookupByEmail failed; using the Slack id DataHub holds');
    return undefined;
  }
}
