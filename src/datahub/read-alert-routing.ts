import { CHANNEL_PROPERTY, type RoutedEntity, type GroupFacts, type OwnerFacts } from '../core/alerts/routing.js';
import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import { alertRoutingOp, type RawAlertGroup, type RawAlertOwner } from './queries/alert-routing.js';
import { toRecord } from './queries/response-pieces.js';

/** Entities one routing read asks for. */
const BATCH = 100;

/** The routing facts of entities (models, datasets) by urn: their owners and, for a model, its own channel. */
export async function readAlertRouting(client: DataHubClient, urns: string[]): Promise<Map<string, RoutedEntity>> {
  const unique = [...new Set(urns)];
  const out = new Map<string, RoutedEntity>();
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += BATCH) chunks.push(unique.slice(i, i + BATCH));
  await Promise.all(
    chunks.map(async (chunk) => {
      const data = await client.request(alertRoutingOp, { urns: chunk });
      for (const e of data.entities ?? []) {
        if (!e) continue;
        const channel = toRecord(e.properties?.customProperties)[CHANNEL_PROPERTY]?.trim();
        out.set(e.urn, {
          urn: e.urn,
          name: e.name ?? shortName(e.urn),
          ...(channel ? { channel } : {}),
          owners: (e.ownership?.owners ?? []).map((o) => ownerFacts(o.owner)).filter((o): o is OwnerFacts => !!o),
        });
      }
    }),
  );
  return out;
}

/** A group's channel: the one set in DataHub's UI (editable) wins over the one ingested. */
function groupFacts(g: Partial<RawAlertGroup> & { urn?: string | undefined }): GroupFacts | undefined {
  if (!g.urn?.startsWith('urn:li:corpGroup:')) return undefined;
  const channel = (g.editableProperties?.slack || g.properties?.slack || '').trim();
  return { urn: g.urn, name: g.properties?.displayName ?? g.name ?? shortName(g.urn), ...(channel ? { channel } : {}) };
}

function ownerFacts(o: RawAlertOwner): OwnerFacts | undefined {
  if (o.urn.startsWith('urn:li:corpGroup:')) {
    const g = groupFacts(o);
    return g && { kind: 'group', ...g };
  }
  if (!o.urn.startsWith('urn:li:corpuser:')) return undefined;
  const email = (o.editableProperties?.email || o.properties?.email || '').trim();
  const slack = (o.editableProperties?.slack || o.properties?.slack || '').trim();
  // departed: suspended in DataHub (the Okta source's deprovisioning), or marked not active
  const active = o.status !== 'SUSPENDED' && o.properties?.active !== false;
  return {
    kind: 'user',
    urn: o.urn,
    name: o.editableProperties?.displayName ?? o.properties?.displayName ?? o.username ?? shortName(o.urn),
    active,
    ...(email ? { email } : {}),
    ...(slack ? { slack } : {}),
    groups: (o.groups?.relationships ?? [])
      .map((r) => (r.entity ? groupFacts(r.entity) : undefined))
      .filter((g): g is GroupFacts => !!g),
  };
}
