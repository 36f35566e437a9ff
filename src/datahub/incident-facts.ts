import type { OwnerRef } from '../core/incident-authorization.js';
import { INCIDENT_STAGES, type IncidentStage, type IncidentStatus, type StatusInput } from '../core/incident-status.js';
import { isPriority, type IncidentPeople, type IncidentWrite } from '../core/incident-triage.js';
import { keyOf, modelsOf } from '../core/writeback/conventions.js';
import type { DataHubClient } from './client.js';
import {
  incidentForActionOp,
  incidentsStatusOp,
  modelsOwnershipOp,
  userByEmailOp,
  type RawIncidentPeople,
  type RawIncidentStatus,
  type RawOwnership,
} from './queries/incident-action.js';
import { updateIncidentOp, updateIncidentStatusOp } from './queries/write-ops.js';
import { namingPrivilege } from './privileges.js';

/** What a Slack button needs to read and write of DataHub: an incident, its owners, a user by email. */

export interface IncidentFacts {
  urn: string;
  title: string;
  /** The finding key Janus recorded (none: not one of Janus's incidents). */
  key?: string;
  /** The models a leak's incident names (`janus-models:`). */
  models: string[];
  status: IncidentStatus;
  /** Its priority and who it is assigned to. */
  people: IncidentPeople;
  /** The entity it is on (the dataset, for Janus's), with its owners. */
  entity?: { urn: string; name: string; owners: OwnerRef[] };
}

const STAGES = new Set<string>(INCIDENT_STAGES);

export function toStatus(raw: RawIncidentStatus | null | undefined): IncidentStatus {
  return {
    state: raw?.state === 'RESOLVED' ? 'RESOLVED' : 'ACTIVE',
    stage: raw?.stage && STAGES.has(raw.stage) ? (raw.stage as IncidentStage) : null,
    message: raw?.message ?? null,
    updatedAt: raw?.lastUpdated?.time ?? null,
    updatedBy: raw?.lastUpdated?.actor ?? null,
  };
}

type RawOwner = NonNullable<NonNullable<RawOwnership>['owners']>[number]['owner'];
const nameOf = (o: RawOwner) =>
  o.properties?.displayName ??
  o.editableProperties?.displayName ??
  o.properties?.fullName ??
  o.name ??
  o.username ??
  o.urn.replace(/^urn:li:\w+:/, '');

function ownersOf(ownership: RawOwnership): OwnerRef[] {
  return (ownership?.owners ?? []).map(({ owner }) => ({ urn: owner.urn, name: nameOf(owner) }));
}

export function toPeople(raw: RawIncidentPeople): IncidentPeople {
  return {
    priority: raw.priority && isPriority(raw.priority) ? raw.priority : null,
    assignees: (raw.assignees ?? []).map((a) => ({ urn: a.urn, name: nameOf(a) })),
  };
}

/** GMS fails the load of an incident urn that holds nothing ("Incident does not exist"). */
const isMissing = (err: unknown) =>
  (err as { status?: number }).status === 404 || /does not exist/i.test(String((err as Error).message));

/** The incident, or undefined when DataHub has none at that urn. */
export async function readIncidentFacts(client: DataHubClient, urn: string): Promise<IncidentFacts | undefined> {
  const data = await client.request(incidentForActionOp, { urn }).catch((err: unknown) => {
    if (isMissing(err)) return { entity: null };
    throw err;
  });
  const e = data.entity;
  if (!e || e.type !== 'INCIDENT' || !e.incidentStatus) return undefined;
  const key = keyOf(e.description);
  return {
    urn: e.urn,
    title: e.title ?? e.urn,
    ...(key ? { key } : {}),
    models: modelsOf(e.description),
    status: toStatus(e.incidentStatus),
    people: toPeople(e),
    ...(e.entity
      ? {
          entity: {
            urn: e.entity.urn,
            name: e.entity.name ?? e.entity.urn,
            owners: ownersOf(e.entity.ownership),
          },
        }
      : {}),
  };
}

/** The owners of some models, a hundred models a request (at most `limit` models read). */
export async function readModelOwners(client: DataHubClient, models: string[], limit = 500): Promise<OwnerRef[]> {
  const out = new Map<string, OwnerRef>();
  const list = [...new Set(models)].slice(0, limit);
  for (let i = 0; i < list.length; i += 100) {
    const data = await client.request(modelsOwnershipOp, { urns: list.slice(i, i + 100) });
    for (const m of data.entities ?? []) for (const o of ownersOf(m?.ownership)) out.set(o.urn, o);
  }
  return [...out.values()];
}

export interface DataHubPerson {
  urn: string;
  name: string;
  email: string;
  active: boolean;
  groups: string[];
}

/** The DataHub user with this email (as given, and lower-cased: how GMS matches case is not documented). */
export async function findUserByEmail(client: DataHubClient, email: string): Promise<DataHubPerson | undefined> {
  const emails = [...new Set([email, email.toLowerCase()])];
  const data = await client.request(userByEmailOp, { emails });
  const hit = data.searchAcrossEntities?.searchResults.find((r) => r.entity.type === 'CORP_USER')?.entity;
  if (!hit) return undefined;
  return {
    urn: hit.urn,
    name:
      hit.properties?.displayName ??
      hit.editableProperties?.displayName ??
      hit.properties?.fullName ??
      hit.username ??
      hit.urn.replace('urn:li:corpuser:', ''),
    email: hit.properties?.email ?? email,
    active: hit.status !== 'SUSPENDED' && hit.properties?.active !== false,
    groups: (hit.groups?.relationships ?? []).flatMap((r) => (r.entity?.urn ? [r.entity.urn] : [])),
  };
}

/**
 * The status of some incidents by urn (a hundred a request). An urn DataHub has no incident at is left out: a batch
 * DataHub fails (GMS fails a batch holding an incident that was deleted) is read again one incident at a time.
 */
export async function readIncidentStatuses(
  client: DataHubClient,
  urns: string[],
): Promise<Map<string, { title: string; status: IncidentStatus; people: IncidentPeople }>> {
  const out = new Map<string, { title: string; status: IncidentStatus; people: IncidentPeople }>();
  const read = async (batch: string[]) => {
    const data = await client.request(incidentsStatusOp, { urns: batch });
    for (const e of data.entities ?? [])
      if (e?.type === 'INCIDENT' && e.incidentStatus)
        out.set(e.urn, { title: e.title ?? e.urn, status: toStatus(e.incidentStatus), people: toPeople(e) });
  };
  for (let i = 0; i < urns.length; i += 100) {
    const batch = urns.slice(i, i + 100);
    await read(batch).catch(async (err: unknown) => {
      const alone = batch.length > 1 ? await Promise.allSettled(batch.map((urn) => read([urn]))) : [];
      // DataHub itself is failing, not one deleted incident: say so
      if (alone.every((r) => r.status === 'rejected') && !isMissing(err)) throw err;
    });
  }
  return out;
}

/** `updateIncidentStatus`, as DataHub's own UI sends it. Throws the DataHubError of a refusal. */
export async function writeIncidentStatus(client: DataHubClient, urn: string, input: StatusInput): Promise<void> {
  const [answer] = await client.requestEach(updateIncidentStatusOp, [{ urn, input: { ...input } }]);
  if (answer?.status === 'failed') throw namingPrivilege(answer.error, 'incidentAction');
  if (answer?.status !== 'landed') throw new Error(`DataHub did not run updateIncidentStatus on ${urn}`);
}

/**
 * A change made from Slack: the status alone through `updateIncidentStatus`; priority and assignees (with the status,
 * if any, in the same write) through `updateIncident`, both always sent (GMS removes the one left out).
 */
export async function writeIncident(client: DataHubClient, urn: string, write: IncidentWrite): Promise<void> {
  if (!write.people) {
    if (write.status) await writeIncidentStatus(client, urn, write.status);
    return;
  }
  const input = {
    ...(write.status ? { status: { ...write.status } } : {}),
    priority: write.people.priority,
    assigneeUrns: write.people.assigneeUrns,
  };
  const [answer] = await client.requestEach(updateIncidentOp, [{ urn, input }]);
  if (answer?.status === 'failed') throw namingPrivilege(answer.error, 'incidentAction');
  if (answer?.status !== 'landed') throw new Error(`DataHub did not run updateIncident on ${urn}`);
}
