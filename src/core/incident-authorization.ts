/** Who may act on a Janus incident or accept a risk, from Slack or the CLI. Pure: the facts are read elsewhere. */

export interface ActingPolicy {
  /** `owners` (default): the owners of the incident's dataset or of the models it affects, and the admins. `anyone`: every workspace member with a DataHub account. */
  who: 'owners' | 'anyone';
  /** Who may always act (`slack.admins`): each a DataHub user urn, a Slack member id (`U…`, `W…`) or an email. */
  admins: string[];
  /** Whether on-call responders are configured (`slack.responders`): a refusal then names them too. */
  responders?: boolean;
}

/**
 * The person acting: their DataHub user and groups, and their Slack id and email where known (Slack gives both; the
 * CLI has what the token's DataHub user says of itself, else empty strings).
 */
export interface Actor {
  slackId: string;
  email: string;
  /** DataHub user urn. */
  urn: string;
  name: string;
  /** DataHub groups the user is a member of (urns). */
  groups: string[];
}

/** An owner of the dataset or of an affected model: a user or a group. */
export interface OwnerRef {
  urn: string;
  name: string;
}

export type Authorization =
  | { allowed: true; as: 'admin' | 'responder' | 'anyone' | 'owner' | 'group member'; via?: string }
  | {
      allowed: false;
      /** Who may act instead, for the refusal: owners' names, and whether admins (and on-call responders) exist. */
      owners: string[];
      admins: boolean;
      responders?: boolean;
    };

const same = (a: string, b: string) => !!b.trim() && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether the actor is one of `slack.admins`: by DataHub user urn (exactly: DataHub tells `carol` and `Carol` apart),
 * by Slack member id or by email (case aside).
 */
export const isAdmin = (policy: ActingPolicy, actor: Pick<Actor, 'slackId' | 'email' | 'urn'>): boolean =>
  policy.admins.some((a) => a.trim() === actor.urn || same(a, actor.slackId) || same(a, actor.email));

/**
 * Whether the actor may act: an admin or an on-call responder (`slack.responders`, whose membership the caller read)
 * always; under `anyone`, everyone; else an owner (of the dataset or an affected model), directly or through a
 * group. `owners` may be the dataset's alone: the caller reads the models' owners only when those refuse, and asks
 * again with all of them.
 */
export function authorize(
  policy: ActingPolicy,
  actor: Actor,
  owners: OwnerRef[],
  facts: { responder?: boolean } = {},
): Authorization {
  if (isAdmin(policy, actor)) return { allowed: true, as: 'admin' };
  if (facts.responder) return { allowed: true, as: 'responder' };
  if (policy.who === 'anyone') return { allowed: true, as: 'anyone' };
  const direct = owners.find((o) => o.urn === actor.urn);
  if (direct) return { allowed: true, as: 'owner' };
  const groups = new Set(actor.groups);
  const group = owners.find((o) => groups.has(o.urn));
  if (group) return { allowed: true, as: 'group member', via: group.name };
  const names = [...new Set(owners.map((o) => o.name))];
  return {
    allowed: false,
    owners: names,
    admins: policy.admins.length > 0,
    ...(policy.responders ? { responders: true } : {}),
  };
}
