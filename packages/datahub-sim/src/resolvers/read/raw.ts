/**
 * Narrowing helpers for raw DataHub aspects: the store holds aspects as untyped JSON, so readers
 * check each field's shape before mapping it (a malformed value reads as absent, never as a crash).
 */
export type Raw = Record<string, unknown>;

export const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Raw | undefined => (isRaw(v) ? v : undefined);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** A JSON number, or a numeric string (Long values may arrive as strings). */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export const arr = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);
export const raws = (v: unknown): Raw[] => (arr(v) ?? []).filter(isRaw);
export const strs = (v: unknown): string[] => (arr(v) ?? []).filter((x): x is string => typeof x === 'string');

/** `value ?? null`: GraphQL answers null, never undefined, for an absent value. */
export const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Reads a dotted path (`result.type`) from a raw object. */
export function at(v: unknown, path: string): unknown {
  let cur: unknown = v;
  for (const key of path.split('.')) {
    const o = obj(cur);
    if (!o) return undefined;
    cur = o[key];
  }
  return cur;
}
