// What every write resolver does the way GMS does it: urn arguments, existence, audit stamps, aspect copies, string maps.
import type { SimContext } from '../../schema/context.js';
import { SimError } from '../../schema/errors.js';
import type { Aspect, Store } from '../../store/store.js';
import { parseUrn, type ParsedUrn } from '../../urn.js';
import { isBootstrapped } from '../read/bootstrap.js';

/** `{time, actor}`: the AuditStamp DataHub puts on every write, from the token's actor and GMS's clock. */
export interface AuditStamp {
  time: number;
  actor: string;
}

export const auditStamp = (ctx: SimContext): AuditStamp => ({ time: ctx.now(), actor: ctx.actor });

/**
 * Parses a urn argument the way `UrnUtils.getUrn` does: a malformed one fails the whole call with a
 * server error (DataHub wraps the URISyntaxException in a RuntimeException).
 */
export function requireUrn(raw: string): ParsedUrn {
  const parsed = parseUrn(raw);
  if (!parsed) throw new SimError('SERVER_ERROR', `Failed to retrieve entity with urn ${raw}, invalid urn`);
  return parsed;
}

/**
 * `EntityService.exists`: true when the entity has any aspect, or is one GMS creates from its bootstrap
 * MCPs (system ownership types, data types, entity types, the root user; shared with the read side).
 */
export const existsInDataHub = (store: Store, urn: string): boolean => store.exists(urn) || isBootstrapped(urn);

/** A deep copy of a stored aspect, so a resolver can edit it without touching the stored value. */
export const copyAspect = <T = Aspect>(value: unknown): T => structuredClone(value) as T;

/** Reads an aspect for editing: a copy of the stored one, or `fallback` when there is none. */
export const editableAspect = <T = Aspect>(store: Store, urn: string, name: string, fallback: T): T => {
  const stored = store.aspect(urn, name);
  return stored ? copyAspect<T>(stored) : fallback;
};

/** Key/value pairs from `[StringMapEntryInput!]`. A null value is rejected like Pegasus' StringMap does. */
export function stringMap(entries: { key: string; value?: string | null }[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of entries) {
    if (value === null || value === undefined) {
      throw new SimError('SERVER_ERROR', `Cannot put null value into a string map (key ${key})`);
    }
    map[key] = value;
  }
  return map;
}

/** `new Url(s)` in DataHub is a java.net.URI: characters that URIs forbid make it fail. */
export const isUri = (s: string): boolean => s.length > 0 && !/[\s<>"{}|\\^`]/.test(s);

/** Drops `undefined` and `null` members so a written aspect holds only what DataHub would set. */
export function compact<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = v;
  return out as { [K in keyof T]: Exclude<T[K], null> };
}

/**
 * Upserts a timeseries event. DataHub keys timeseries documents by urn, timestamp, partition and
 * messageId, so a second event with the same key replaces the first instead of adding a row.
 */
export function upsertTimeseries(store: Store, urn: string, aspectName: string, event: Aspect): void {
  const list = store.get(urn)?.timeseries.get(aspectName);
  if (list) {
    const key = timeseriesKey(event);
    const at = list.findIndex((e) => timeseriesKey(e) === key);
    if (at !== -1) list.splice(at, 1);
  }
  store.append(urn, aspectName, event);
}

function timeseriesKey(event: Aspect): string {
  const partition = (event.partitionSpec as { partition?: string } | undefined)?.partition ?? 'FULL_TABLE_SNAPSHOT';
  return JSON.stringify([event.timestampMillis, partition, event.messageId ?? null]);
}
