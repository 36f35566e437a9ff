/** Small readers for raw aspect JSON (the store keeps DataHub's shape; `null` means absent). */

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const asObject = (v: unknown): Json | undefined => (isObject(v) ? v : undefined);

export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const asNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

export const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

/** `path` like `a.b.c` through nested objects. */
export function at(v: unknown, path: string): unknown {
  let cur: unknown = v;
  for (const key of path.split('.')) {
    if (!isObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** The entity type segment of an urn (`urn:li:<type>:...`), without parsing the key. */
export function urnTypeOf(urn: string): string | undefined {
  if (!urn.startsWith('urn:li:')) return undefined;
  const end = urn.indexOf(':', 7);
  return end > 7 ? urn.slice(7, end) : undefined;
}
