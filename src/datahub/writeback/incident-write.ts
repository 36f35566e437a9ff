import { RAISED_STATUS } from '../../core/incident-status.js';
import type { PlannedWrite } from '../../core/writeback/plan.js';
import type { DataHubClient } from '../client.js';
import type { Proposal } from '../ingest.js';
import { heldEntities, meOp } from '../queries/incident.js';

type Raise = Extract<PlannedWrite, { kind: 'raiseIncident' }>;

/** IncidentUtils.mapIncidentPriority: DataHub stores the priority as an int, CRITICAL the most urgent. */
const PRIORITY: Record<string, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/**
 * How Janus raises an incident: the `incidentInfo` aspect at the plan's deterministic urn, through ingestion, shaped
 * as DataHub's RaiseIncidentResolver shapes it (IncidentInfo.pdl: `type`, `entities`, `status` with `lastUpdated`, and
 * `created` are required; the source is MANUAL). GraphQL's `raiseIncident` cannot be used: it picks a random urn on
 * every call, so a scan that does not yet see an incident in a dataset's (index-backed) list would raise it again.
 * An upsert at a fixed urn is one incident however often it lands; `updateIncidentStatus` moves it like any other.
 */
export function incidentProposal(w: Raise, actor: string, now: number): Proposal {
  const stamp = { time: now, actor };
  return {
    entityType: 'incident',
    entityUrn: w.urn,
    aspectName: 'incidentInfo',
    aspect: {
      type: w.type,
      ...(w.customType ? { customType: w.customType } : {}),
      title: w.title,
      description: w.description,
      entities: [w.dataset],
      priority: PRIORITY[w.priority] ?? PRIORITY.MEDIUM,
      status: { ...RAISED_STATUS, lastUpdated: stamp },
      source: { type: 'MANUAL' },
      created: stamp,
    },
  };
}

/**
 * Which of these incidents DataHub already holds, read by urn from its database: no index lag hides one written a
 * moment ago (by this scan's retry, a crashed scan or a racing one). Read right before writing, under the lock.
 */
export async function incidentsPresent(client: DataHubClient, ws: Raise[]): Promise<boolean[]> {
  const held = await heldEntities(
    client,
    ws.map((w) => w.urn),
  );
  return ws.map((w) => held.has(w.urn));
}

/** Writes these incidents in one ingestion request (each an upsert at its own urn), created by the token's user. */
export async function writeIncidents(client: DataHubClient, ws: Raise[], now = Date.now()): Promise<void> {
  if (!ws.length) return;
  const actor = (await client.request(meOp, {})).me?.corpUser.urn ?? UNKNOWN_ACTOR;
  await client.ingest(
    'JanusIngestIncidents',
    ws.map((w) => incidentProposal(w, actor, now)),
  );
}

/** DataHub's own system actor, for a token whose user DataHub does not name. */
const UNKNOWN_ACTOR = 'urn:li:corpuser:__datahub_system';
