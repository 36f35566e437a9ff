import type { Actor } from '../core/incident-authorization.js';
import type { DataHubClient } from '../datahub/client.js';
import { findUserByEmail } from '../datahub/incident-facts.js';

/** What Slack says of a member (`users.info`): the email needs the `users:read.email` scope. */
export interface SlackProfile {
  email?: string;
  name?: string;
}

/** Who a Slack user is in DataHub, or why Argos cannot tell. */
export type Identity =
  | { kind: 'known'; actor: Actor }
  /** Slack gave no email (a bot, or the app lacks `users:read.email`). */
  | { kind: 'no-email' }
  /** No DataHub user has that email. */
  | { kind: 'no-account'; email: string }
  /** The DataHub user is suspended or inactive. */
  | { kind: 'inactive'; email: string; name: string };

export interface IdentityOptions {
  /** `users.info`. */
  profile: (slackId: string) => Promise<SlackProfile>;
  client: DataHubClient;
  /** How long a known identity is kept (`slack.identityTtlMs`); an unknown one is asked again every time. */
  ttlMs: number;
  now?: () => number;
  /** Identities kept at most (least recently resolved first out). */
  max?: number;
}

/**
 * Slack user → email (`users.info`) → DataHub user (search by email) and their groups, cached: a click costs a Slack
 * call and a DataHub search once per person per TTL. Only a found person is cached, so someone given a DataHub
 * account is recognised at their next click.
 */
export function createIdentity(o: IdentityOptions): (slackId: string) => Promise<Identity> {
  const now = o.now ?? Date.now;
  const max = o.max ?? 10_000;
  const known = new Map<string, { at: number; actor: Actor }>();
  const inFlight = new Map<string, Promise<Identity>>();
  const resolve = async (slackId: string): Promise<Identity> => {
    const profile = await o.profile(slackId);
    const email = profile.email?.trim();
    if (!email) return { kind: 'no-email' };
    const user = await findUserByEmail(o.client, email);
    if (!user) return { kind: 'no-account', email };
    if (!user.active) return { kind: 'inactive', email, name: user.name };
    // DataHub's spelling of the email: it names the person in the incident
    const actor: Actor = { slackId, email: user.email, urn: user.urn, name: user.name, groups: user.groups };
    known.delete(slackId);
    known.set(slackId, { at: now(), actor });
    if (known.size > max) known.delete(known.keys().next().value!);
    return { kind: 'known', actor };
  };
  return (slackId) => {
    const hit = known.get(slackId);
    if (hit && now() - hit.at < o.ttlMs) return Promise.resolve({ kind: 'known', actor: hit.actor });
    // ten clicks at once by one person: one lookup
    let pending = inFlight.get(slackId);
    if (!pending) {
      pending = resolve(slackId).finally(() => inFlight.delete(slackId));
      inFlight.set(slackId, pending);
    }
    return pending;
  };
}
