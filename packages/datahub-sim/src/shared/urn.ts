/** DataHub URN helpers: `urn:li:<entityType>:<key>`, where a multi-part key is a tuple `(a,b,...)`. */

export interface ParsedUrn {
  entityType: string;
  /** The key as written after the entity type. */
  key: string;
  /** Tuple parts (nested tuples are kept whole), or the key alone. */
  parts: string[];
}

export function parseUrn(urn: string): ParsedUrn | undefined {
  const m = /^urn:li:([A-Za-z]+):(.+)$/.exec(urn);
  if (!m) return undefined;
  const entityType = m[1]!;
  const key = m[2]!;
  return { entityType, key, parts: key.startsWith('(') && key.endsWith(')') ? splitTuple(key.slice(1, -1)) : [key] };
}

/** Splits `a,(b,c),d` on top-level commas. */
export function splitTuple(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

export const entityTypeOf = (urn: string): string | undefined => parseUrn(urn)?.entityType;

/** Built by `join`, a flat string: a template literal makes a rope that keeps its parts (the dataset urn) alive. */
export const schemaFieldUrn = (datasetUrn: string, fieldPath: string): string =>
  ['urn:li:schemaField:(', datasetUrn, ',', fieldPath, ')'].join('');

/** `urn:li:schemaField:(<parent>,<fieldPath>)` → parent and field path. */
export function parseSchemaFieldUrn(urn: string): { parent: string; fieldPath: string } | undefined {
  const p = parseUrn(urn);
  if (p?.entityType !== 'schemaField' || p.parts.length < 2) return undefined;
  return { parent: p.parts[0]!, fieldPath: p.parts.slice(1).join(',') };
}
