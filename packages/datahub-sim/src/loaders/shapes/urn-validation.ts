import { parseSchemaFieldUrn, parseUrn } from '../../urn.js';
import { FABRIC_TYPES, keyPartsOf, registeredEntity, type KeyPart } from './entity-keys.js';

/**
 * What GMS refuses in a urn, in its order: the urn must parse (`Urn.createFromString`: `urn:li:<type>:<key>`, a
 * tuple's parentheses balanced), name an entity of the registry, and have that entity's key parts; then
 * `UrnValidationUtil.validateUrn`: no leading or trailing whitespace, at most 512 bytes URL-encoded (schema fields
 * excepted), no `␟`. `syntax` marks what `Urn.createFromString` refuses: over Rest.li a urn parameter that does not
 * parse fails the action's parameter validation (400), the rest is a validation error (422).
 */
export type UrnProblem = { syntax: boolean; message: string };

/** `UrnValidationUtil.URN_NUM_BYTES_LIMIT`. */
export const URN_NUM_BYTES_LIMIT = 512;
const UNIT_SEPARATOR = '␟';

/** The length of `java.net.URLEncoder.encode(s)`: unreserved characters and space (as `+`) are one, else 3 a byte. */
export function urlEncodedLength(s: string): number {
  let length = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isUnreserved(c)) length += 1;
    else if (c < 0x80) length += 3;
    else if (c < 0x800) length += 6;
    else if (c >= 0xd800 && c <= 0xdbff) {
      length += 12; // a surrogate pair: one 4-byte character
      i++;
    } else length += 9;
  }
  return length;
}

/** `URLEncoder`'s unreserved ASCII: letters, digits, `.-*_`, and space (written `+`). */
const isUnreserved = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2e ||
  c === 0x2d ||
  c === 0x2a ||
  c === 0x5f ||
  c === 0x20;

function parensBalanced(key: string): boolean {
  let depth = 0;
  for (const c of key) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * Urns known to pass: a catalog names the same platforms, users and datasets over and over. Bounded: cleared when
 * full, so a stream of distinct urns costs a check each and no more memory.
 */
const VALID = new Set<string>();
const VALID_MAX = 200_000;

export function urnProblem(urn: string): UrnProblem | undefined {
  if (VALID.has(urn)) return undefined;
  const problem = checkUrn(urn);
  if (!problem) {
    if (VALID.size >= VALID_MAX) VALID.clear();
    VALID.add(urn);
  }
  return problem;
}

function checkUrn(urn: string): UrnProblem | undefined {
  const parsed = parseUrn(urn);
  if (!parsed || !parensBalanced(parsed.key)) {
    return { syntax: true, message: `"${shown(urn)}" is not a valid Urn (urn:li:<entityType>:<key>)` };
  }
  // GMS's Urn parser takes a NUL, but a store that cannot hold it (Postgres text, Elasticsearch ids) fails the
  // write later; the simulator refuses it here rather than keep what a real DataHub could not store.
  if (urn.includes('\0')) return { syntax: false, message: `Error: URN cannot contain a NUL character` };
  // `ValidationApiUtils.validateEntity`'s own message; where the registry throws instead, GMS passes the registry's on
  if (!registeredEntity(parsed.entityType)) return { syntax: false, message: `Unknown entity: ${parsed.entityType}` };
  const keyProblem = keyPartsProblem(urn, parsed.entityType);
  if (keyProblem) return { syntax: false, message: `Invalid urn: ${shown(urn)}\n Cause: ${keyProblem}` };
  if (urn.trim() !== urn) {
    return { syntax: false, message: 'Error: cannot provide an URN with leading or trailing whitespace' };
  }
  if (parsed.entityType !== 'schemaField' && urlEncodedLength(urn) > URN_NUM_BYTES_LIMIT) {
    return {
      syntax: false,
      message: `Error: cannot provide an URN longer than ${URN_NUM_BYTES_LIMIT} bytes (when URL encoded)`,
    };
  }
  if (urn.includes(UNIT_SEPARATOR)) {
    return { syntax: false, message: `Error: URN cannot contain ${UNIT_SEPARATOR} character` };
  }
  return undefined;
}

function keyPartsProblem(urn: string, entityType: string): string | undefined {
  const expected = keyPartsOf(entityType)!;
  const parsed = parseUrn(urn)!;
  const parts =
    registeredEntity(entityType) === 'schemaField'
      ? (() => {
          const field = parseSchemaFieldUrn(urn);
          return field ? [field.parent, field.fieldPath] : [parsed.key];
        })()
      : expected.length === 1
        ? [parsed.key]
        : parsed.key.startsWith('(')
          ? parsed.parts
          : [parsed.key];
  if (parts.length !== expected.length) {
    return `the key of ${registeredEntity(entityType)} has ${expected.length} part${expected.length === 1 ? '' : 's'}, this urn ${parts.length}`;
  }
  for (const [i, part] of parts.entries()) {
    const problem = partProblem(part, expected[i]!);
    if (problem) return `key part ${i + 1} ("${shown(part)}"): ${problem}`;
  }
  return undefined;
}

function partProblem(part: string, kind: KeyPart): string | undefined {
  if (!part) return 'it is empty';
  if (kind === 'string') return undefined;
  if (kind === 'fabric') return FABRIC_TYPES.has(part) ? undefined : `${part} is not an enum symbol of FabricType`;
  const inner = urnProblem(part);
  if (inner) return inner.message;
  const type = parseUrn(part)!.entityType;
  if (kind.urnOf !== '*' && registeredEntity(type) !== kind.urnOf)
    return `it is a ${type} urn, not a ${kind.urnOf} urn`;
  return undefined;
}

/** A urn as it can be quoted in an error: control characters escaped, long ones cut. */
export function shown(s: string): string {
  const escaped = JSON.stringify(s.length > 300 ? s.slice(0, 300) : s).slice(1, -1);
  return s.length > 300 ? `${escaped}… (${s.length} characters)` : escaped;
}
