// The read side's counterparts of DataHub's shared GraphQL mappers (AuditStamp, CustomProperties, Status, Deprecation, enums).
import { obj, bool, num, str, orNull, type Raw } from './raw.js';

/** DataHub's default stamp for an aspect that never recorded one (PDL `= {time:0, actor:unknown}`). */
export const UNKNOWN_STAMP = { time: 0, actor: 'urn:li:corpuser:unknown' };

export interface AuditStampOut {
  time: number;
  actor: string | null;
}

/** AuditStampMapper: `{time, actor}` from a raw AuditStamp, or null when absent. */
export function auditStamp(v: unknown): AuditStampOut | null {
  const o = obj(v);
  if (!o) return null;
  return { time: num(o.time) ?? 0, actor: orNull(str(o.actor)) };
}

/** An AuditStamp field with a PDL default: the default when the raw stamp is absent. */
export const auditStampOr = (v: unknown, fallback: AuditStampOut): AuditStampOut => auditStamp(v) ?? fallback;

export interface CustomPropertyOut {
  key: string;
  value: string | null;
  associatedUrn: string;
}

/** CustomPropertiesMapper: a string map as `[{key, value, associatedUrn}]` (empty map → empty list). */
export function customProperties(v: unknown, associatedUrn: string): CustomPropertyOut[] {
  const map = obj(v) ?? {};
  return Object.entries(map).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : value == null ? null : String(value),
    associatedUrn,
  }));
}

/** StatusMapper (PDL default `removed = false`). */
export const statusOut = (raw: Raw | undefined) => (raw ? { removed: bool(raw.removed) ?? false } : null);

/** DeprecationMapper / DatasetDeprecationMapper. */
export function deprecationOut(raw: Raw | undefined) {
  if (!raw) return null;
  return {
    deprecated: bool(raw.deprecated) ?? false,
    decommissionTime: orNull(num(raw.decommissionTime)),
    note: orNull(str(raw.note)),
    actor: orNull(str(raw.actor)),
  };
}

/** The GraphQL enum value for a raw enum string when it is one of `allowed`, else null. */
export const enumOut = (v: unknown, allowed: readonly string[]): string | null => {
  const s = str(v);
  return s !== undefined && allowed.includes(s) ? s : null;
};
