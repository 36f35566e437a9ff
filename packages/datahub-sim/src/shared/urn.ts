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

/** A newline, tab or other control character (code point below 32, or DEL). */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** How deep urns may nest inside tuples (`urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:x,…),…)`). */
export const URN_MAX_DEPTH = 8;

/**
 * What is wrong with a urn by DataHub's grammar (`urn:li:<entityType>:<key>`, a key either plain or a tuple
 * `(part,part,…)` whose parts may be urns and tuples themselves), or undefined when it parses. Checked before
 * DataHub is asked: a typo is the user's mistake, not an outage.
 */
export function urnProblem(urn: string, depth = 0): string | undefined {
  if (depth > URN_MAX_DEPTH) return `urns nest deeper than ${URN_MAX_DEPTH}`;
  if (hasControl(urn)) return 'it holds a control character (a newline or tab?)';
  const m = /^urn:([^:]*):([^:(),]*):([\s\S]*)$/.exec(urn);
  if (!m) return 'a urn is urn:li:<entityType>:<key>';
  if (m[1] !== 'li') return `its namespace is "${m[1]}", not "li"`;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(m[2]!)) return `"${m[2]}" is not an entity type`;
  const key = m[3]!;
  if (!key) return 'its key is empty';
  if (!key.startsWith('(')) {
    if (/[()]/.test(key)) return `its key "${key}" has a parenthesis outside a tuple`;
    return undefined;
  }
  return tupleProblem(key, depth);
}

function tupleProblem(key: string, depth: number): string | undefined {
  let open = 0;
  for (let i = 0; i < key.length; i++) {
    if (key[i] === '(') open++;
    else if (key[i] === ')' && --open < 0) return `a ")" at character ${i + 1} of "${key}" closes nothing`;
    if (open === 0 && i < key.length - 1) return `"${key.slice(i + 1)}" follows the tuple's closing ")"`;
  }
  if (open > 0) return `the tuple "${key}" is not closed (${open} "(" without ")")`;
  const parts = splitTuple(key.slice(1, -1));
  const empty = parts.findIndex((p) => !p.trim());
  if (empty >= 0) return `part ${empty + 1} of the tuple "${key}" is empty`;
  for (const part of parts) {
    if (part.startsWith('urn:')) {
      const inner = urnProblem(part, depth + 1);
      if (inner) return `in "${part}": ${inner}`;
    } else if (part.startsWith('(')) {
      const inner = tupleProblem(part, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * What is wrong with a model named on a command line, in Slack or over MCP (after trimming), or undefined: a
 * model urn must be `urn:li:mlModel:(urn:li:dataPlatform:<platform>,<name>,<FABRIC>)`; a name must not be empty.
 */
export function modelRefProblem(ref: string): string | undefined {
  if (!ref) return 'the model is empty: give its name in DataHub or its urn';
  if (!ref.startsWith('urn:')) {
    if (hasControl(ref)) return `the model name "${printable(ref)}" holds a control character`;
    return undefined;
  }
  const problem = urnProblem(ref);
  if (problem) return `"${printable(ref)}" is not a valid urn: ${problem}`;
  const p = parseUrn(ref)!;
  if (p.entityType !== 'mlModel') return `"${ref}" is a ${p.entityType} urn, not an ML model's (urn:li:mlModel:…)`;
  if (p.parts.length !== 3 || !p.key.startsWith('('))
    return `"${ref}" is not a model urn: expected urn:li:mlModel:(urn:li:dataPlatform:<platform>,<name>,<FABRIC>)`;
  if (!/^urn:li:dataPlatform:[^,()]+$/.test(p.parts[0]!))
    return `"${ref}": the first part of a model urn is its platform, urn:li:dataPlatform:<platform>; got "${p.parts[0]}"`;
  if (!/^[A-Z][A-Z_]*$/.test(p.parts[2]!))
    return `"${ref}": the last part of a model urn is its fabric (PROD, DEV, …); got "${p.parts[2]}"`;
  return undefined;
}

/** A ref as it can be printed on one line: control characters shown escaped, long ones cut. */
function printable(ref: string): string {
  const shown = JSON.stringify(ref).slice(1, -1);
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}
