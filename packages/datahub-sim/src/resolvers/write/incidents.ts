import type { SimContext } from '../../schema/context.js';
import { authorize, canEditIncidents } from '../../auth/checks.js';
import { SimError, notFound } from '../../schema/errors.js';
import { parseUrn } from '../../urn.js';
import { auditStamp, compact, copyAspect, requireUrn, type AuditStamp } from './gms-rules.js';
import type { IncidentInfoAspect, IncidentStatusAspect } from './incident-info.js';
import { updateIncidentsSummaries } from './incidents-summary.js';

interface IncidentStatusInput {
  state: 'ACTIVE' | 'RESOLVED';
  stage?: string | null;
  message?: string | null;
}

interface RaiseIncidentInput {
  type: string;
  customType?: string | null;
  title?: string | null;
  description?: string | null;
  resourceUrn?: string | null;
  resourceUrns?: string[] | null;
  startedAt?: number | null;
  status?: IncidentStatusInput | null;
  priority?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' | null;
  assigneeUrns?: string[] | null;
}

/** IncidentUtils.mapIncidentPriority: the GraphQL enum is stored as an int, CRITICAL highest. */
const PRIORITY = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 } as const;

/** IncidentUtils.mapIncidentStatus: no status input means ACTIVE with no stage. */
function mapStatus(input: IncidentStatusInput | null | undefined, stamp: AuditStamp): IncidentStatusAspect {
  if (!input) return { state: 'ACTIVE', lastUpdated: stamp };
  return compact({ state: input.state, stage: input.stage, message: input.message, lastUpdated: stamp });
}

/**
 * The incident's entities: `resourceUrns` (unparseable ones dropped, duplicates removed, as
 * `IncidentUtils.stringsToUrns` does) and then `resourceUrn` when it is not already listed.
 */
function incidentEntities(input: RaiseIncidentInput): string[] {
  if (input.resourceUrn) requireUrn(input.resourceUrn);
  const entities = [...new Set((input.resourceUrns ?? []).filter((u) => parseUrn(u)))];
  if (input.resourceUrn && !entities.includes(input.resourceUrn)) entities.push(input.resourceUrn);
  return entities;
}

/**
 * RaiseIncidentResolver: every call creates a new incident with a random id. DataHub does not check
 * that the resources exist (a raise on an unknown dataset succeeds and, through the summary hook,
 * brings that dataset into existence), so neither does the simulator.
 */
export function raiseIncident(_: unknown, { input }: { input: RaiseIncidentInput }, ctx: SimContext): string {
  const entities = incidentEntities(input);
  if (entities.length === 0) {
    throw new SimError('SERVER_ERROR', 'At least 1 resource urn must be defined to raise an incident.');
  }
  // Every resource is checked, before the input is mapped (RaiseIncidentResolver).
  for (const urn of entities) authorize(ctx, canEditIncidents(ctx, urn));
  // DataHub throws IllegalArgumentException here but rethrows it as a bare RuntimeException: a 500.
  if (input.type === 'CUSTOM' && !input.customType?.trim()) {
    throw new SimError('SERVER_ERROR', 'Failed to raise incident: customType is required when type is CUSTOM');
  }
  const stamp = auditStamp(ctx);
  const info: IncidentInfoAspect = compact({
    type: input.type,
    customType: input.customType,
    title: input.title,
    description: input.description,
    entities,
    created: stamp,
    startedAt: input.startedAt,
    // The source is always MANUAL, whatever the input says.
    source: { type: 'MANUAL' },
    priority: input.priority ? PRIORITY[input.priority] : undefined,
    assignees: input.assigneeUrns?.map((actor) => ({ actor, assignedAt: stamp })),
    status: mapStatus(input.status, stamp),
  });
  const urn = `urn:li:incident:${ctx.newId()}`;
  ctx.store.write(urn, 'incidentInfo', info as unknown as Record<string, unknown>);
  updateIncidentsSummaries(ctx.store, urn, info);
  return urn;
}

/** UpdateIncidentStatusResolver: replaces the status (state, stage, message, lastUpdated) of an existing incident. */
export function updateIncidentStatus(
  _: unknown,
  { urn, input }: { urn: string; input: IncidentStatusInput },
  ctx: SimContext,
): boolean {
  requireUrn(urn);
  const stored = ctx.store.aspect<IncidentInfoAspect>(urn, 'incidentInfo');
  if (!stored) throw notFound('Failed to update incident. Incident does not exist.');
  // Only the incident's first entity is checked ("Currently only supporting a single entity").
  const first = stored.entities?.[0];
  if (!first) throw new SimError('SERVER_ERROR', 'Index 0 out of bounds for length 0');
  authorize(ctx, canEditIncidents(ctx, first));
  const info = copyAspect<IncidentInfoAspect>(stored);
  info.status = mapStatus(input, auditStamp(ctx));
  ctx.store.write(urn, 'incidentInfo', info as unknown as Record<string, unknown>);
  updateIncidentsSummaries(ctx.store, urn, info);
  return true;
}

interface UpdateIncidentInput {
  title?: string | null;
  description?: string | null;
  startedAt?: number | null;
  status?: IncidentStatusInput | null;
  priority?: keyof typeof PRIORITY | null;
  resourceUrns?: string[] | null;
  assigneeUrns?: string[] | null;
}

/**
 * UpdateIncidentResolver: every one of the incident's entities (and any new resource) must allow editing incidents.
 * Title, description, status and resources change only when given; priority and assignees are always set from the
 * input (`SetMode.REMOVE_IF_NULL`): an update that leaves them out removes them, whatever the schema's "omitted fields
 * are not updated" says. `startedAt` is accepted and ignored, as GMS does.
 */
export function updateIncident(
  _: unknown,
  { urn, input }: { urn: string; input: UpdateIncidentInput },
  ctx: SimContext,
): boolean {
  requireUrn(urn);
  const stored = ctx.store.aspect<IncidentInfoAspect>(urn, 'incidentInfo');
  if (!stored) throw notFound('Failed to update incident. Incident does not exist.');
  const existing = stored.entities ?? [];
  for (const entity of existing) authorize(ctx, canEditIncidents(ctx, entity));
  if (input.resourceUrns) {
    // an IllegalArgumentException inside the resolver's future: a bare server error
    if (!input.resourceUrns.length) throw new SimError('SERVER_ERROR', 'resourceUrns cannot be empty if provided');
    for (const entity of input.resourceUrns)
      if (parseUrn(entity) && !existing.includes(entity)) authorize(ctx, canEditIncidents(ctx, entity));
  }
  const stamp = auditStamp(ctx);
  const info = copyAspect<IncidentInfoAspect>(stored);
  if (input.title != null) info.title = input.title;
  if (input.description != null) info.description = input.description;
  if (input.status != null) info.status = mapStatus(input.status, stamp);
  if (input.resourceUrns?.length) info.entities = [...new Set(input.resourceUrns.filter((u) => parseUrn(u)))];
  if (input.priority) info.priority = PRIORITY[input.priority];
  else delete info.priority;
  if (input.assigneeUrns) info.assignees = input.assigneeUrns.map((actor) => ({ actor, assignedAt: stamp }));
  else delete info.assignees;
  ctx.store.write(urn, 'incidentInfo', info as unknown as Record<string, unknown>);
  updateIncidentsSummaries(ctx.store, urn, info);
  return true;
}
