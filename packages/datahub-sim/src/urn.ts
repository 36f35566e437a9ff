import { parseUrn } from './shared/urn.js';

export { parseUrn, schemaFieldUrn, splitTuple, type ParsedUrn } from './shared/urn.js';

// The simulator asks every urn it serves for its type, often several times per entity: these two answer as
// `parseUrn` would (`^urn:li:([A-Za-z]+):(.+)$`) without splitting the key.

const URN_PREFIX = 'urn:li:';
const SCHEMA_FIELD_PREFIX = 'urn:li:schemaField:';
/** What `.` in the urn pattern does not match. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** `parseUrn(urn)?.entityType`. */
export function entityTypeOf(urn: string): string | undefined {
  if (!urn.startsWith(URN_PREFIX)) return undefined;
  const end = urn.indexOf(':', URN_PREFIX.length);
  if (end <= URN_PREFIX.length || end === urn.length - 1) return undefined;
  for (let i = URN_PREFIX.length; i < end; i++) {
    const lower = urn.charCodeAt(i) | 0x20; // ASCII letters only: `| 0x20` folds A-Z onto a-z and nothing else onto it
    if (lower < 0x61 || lower > 0x7a) return undefined;
  }
  return LINE_TERMINATOR.test(urn) ? undefined : urn.slice(URN_PREFIX.length, end);
}

/**
 * `urn:li:schemaField:(<parent>,<fieldPath>)` → parent and field path, as the shared parser splits them: the
 * parent is the key up to its first top-level comma, the field path all after it (the other parts rejoined).
 */
export function parseSchemaFieldUrn(urn: string): { parent: string; fieldPath: string } | undefined {
  if (!urn.startsWith(SCHEMA_FIELD_PREFIX)) return undefined;
  const open = SCHEMA_FIELD_PREFIX.length;
  const close = urn.length - 1;
  if (close <= open || urn.charCodeAt(open) !== 0x28 || urn.charCodeAt(close) !== 0x29 || LINE_TERMINATOR.test(urn))
    return undefined;
  let depth = 0;
  for (let i = open + 1; i < close; i++) {
    const c = urn.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29) depth--;
    else if (c === 0x2c && depth === 0) return { parent: urn.slice(open + 1, i), fieldPath: urn.slice(i + 1, close) };
  }
  return undefined;
}

/** The display name DataHub derives from an entity's key when no properties name it. */
export function nameFromUrn(urn: string): string {
  const p = parseUrn(urn);
  if (!p) return urn;
  switch (p.entityType) {
    case 'dataset':
    case 'mlModel':
    case 'mlModelGroup':
    case 'mlFeatureTable':
      return p.parts[1] ?? p.key;
    case 'mlFeature':
    case 'mlPrimaryKey':
    case 'dataJob':
      return p.parts[1] ?? p.key;
    case 'dataFlow':
      return p.parts[1] ?? p.key;
    case 'schemaField':
      return parseSchemaFieldUrn(urn)?.fieldPath ?? p.key;
    case 'dataPlatform':
      return p.key;
    default:
      return p.key;
  }
}

/** The platform urn in an entity's key (datasets, models, feature tables, flows, jobs). */
export function platformOf(urn: string): string | undefined {
  const p = parseUrn(urn);
  if (!p) return undefined;
  if (['dataset', 'mlModel', 'mlModelGroup', 'mlFeatureTable'].includes(p.entityType)) return p.parts[0];
  if (p.entityType === 'dataFlow') return `urn:li:dataPlatform:${p.parts[0]}`;
  if (p.entityType === 'dataJob') return platformOf(p.parts[0] ?? '');
  return undefined;
}
