import { routeEntity } from '../core/alerts/routing.js';
import type { DataHubClient } from '../datahub/client.js';
import { readAlertRouting } from '../datahub/read-alert-routing.js';
import { resolveModelOrDataset } from '../datahub/resolve-entity.js';
import type { VerdictHistory } from '../history/index.js';

/** Who owns an entity, where its alerts go, and what upstream nobody owns (`/janus owners`). */
export interface OwnersView {
  entity: { urn: string; name: string; kind: 'model' | 'dataset' };
  owners: { name: string; kind: 'user' | 'group'; active: boolean }[];
  /** Where an alert about it goes, and whom it mentions there (DataHub names). */
  channels: string[];
  mentioned: string[];
  /** The fallback channel the alert goes to when no owner's channel is set (undefined: not configured). */
  fallback?: string;
  /** Tables and jobs upstream with no active owner (from the model's latest verdict). */
  orphans: string[];
  /** Whether a verdict was there to read the orphans from. */
  judged: boolean;
}

export interface OwnersDeps {
  client: DataHubClient;
  history: VerdictHistory;
  /** `slack.fallbackChannel`: where an alert goes that reaches no owner's channel. */
  fallback?: string;
}

/**
 * `/janus owners <model|dataset>`: its owners as DataHub holds them (one routing read), where its alerts would go by
 * the alert routing rules, and, for a model, the tables and jobs upstream that nobody owns (its latest verdict's
 * `missing_owner` findings: no walk).
 */
export async function ownersOf(deps: OwnersDeps, ref: string): Promise<OwnersView> {
  const entity = await resolveModelOrDataset(deps.client, ref);
  const facts = (await readAlertRouting(deps.client, [entity.urn])).get(entity.urn) ?? {
    urn: entity.urn,
    name: entity.name,
    owners: [],
  };
  const route = routeEntity(facts);
  const mentioned = facts.owners.filter((o) => o.kind === 'user' && route.users.includes(o.urn)).map((o) => o.name);
  const verdict =
    entity.kind === 'model' ? await deps.history.latestVerdict(entity.urn).catch(() => undefined) : undefined;
  const orphans = [
    ...new Set(
      (verdict?.findings ?? [])
        .filter((f) => f.detector === 'missing_owner' && f.entity !== entity.urn)
        .map((f) => f.entity),
    ),
  ];
  return {
    entity: { urn: entity.urn, name: facts.name || entity.name, kind: entity.kind },
    owners: facts.owners.map((o) => ({ name: o.name, kind: o.kind, active: o.kind === 'group' || o.active })),
    channels: route.channels,
    mentioned,
    ...(deps.fallback ? { fallback: deps.fallback } : {}),
    orphans,
    judged: !!verdict,
  };
}
