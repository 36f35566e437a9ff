import { PatchError } from './patch-ops.js';
import { isJsonObject, type JsonObject } from './types.js';

/**
 * DataHub's identity-keyed arrays (`ArrayMergingTemplate`): before a patch, an array field becomes a map
 * nested by its key fields (`upstreams` → `{<dataset urn>: upstream}`, `owners` → `{<owner>: {<type>: owner}}`),
 * so patch paths can name elements by identity; afterwards the map is flattened back into an array.
 * With no key fields the array holds strings and is keyed by the value itself.
 */

/** Separates the parts of a nested key field, e.g. `attribution␟source`. */
export const NESTED_KEY_SEPARATOR = '\u241f';

/** A key value as Jackson's `asText()` gives it: scalars as text, anything else (or missing) as "". */
function keyText(element: unknown, keyField: string): string {
  let v: unknown = element;
  for (const part of keyField.split(NESTED_KEY_SEPARATOR)) v = isJsonObject(v) ? v[part] : undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

function child(map: JsonObject, key: string): JsonObject {
  if (key === '__proto__') throw new PatchError('unsupported key __proto__');
  const existing = map[key];
  if (isJsonObject(existing)) return existing;
  const created: JsonObject = {};
  map[key] = created;
  return created;
}

/** Replaces `aspect[field]` (an array, or absent) by its keyed map. */
export function arrayFieldToMap(aspect: JsonObject, field: string, keyFields: string[]): void {
  const map: JsonObject = {};
  const array = aspect[field];
  if (Array.isArray(array)) {
    for (const element of array) {
      if (keyFields.length === 0) {
        const key = typeof element === 'string' ? element : '';
        if (key === '__proto__') throw new PatchError('unsupported key __proto__');
        map[key] = element;
        continue;
      }
      let level = map;
      for (const keyField of keyFields) level = child(level, keyText(element, keyField));
      if (isJsonObject(element)) Object.assign(level, structuredClone(element));
    }
  }
  aspect[field] = map;
}

/** True when an object is an array element rather than a level of the key map: it carries a key field. */
function isElement(node: JsonObject, keyFields: string[]): boolean {
  return keyFields.some((k) => !k.includes(NESTED_KEY_SEPARATOR) && typeof node[k] === 'string');
}

/**
 * Below the last key level, a map of maps keyed by urns or "" is one more key level a newer patch
 * builder wrote (e.g. `/owners/<owner>/<type>/<typeUrn>/<source>`), not an element.
 */
function isExtraKeyLevel(node: JsonObject): boolean {
  const entries = Object.entries(node);
  return entries.length > 0 && entries.every(([k, v]) => (k === '' || k.startsWith('urn:')) && isJsonObject(v));
}

function collect(node: unknown, keyFields: string[], depth: number): unknown[] {
  if (Array.isArray(node)) return node.flatMap((n) => collect(n, keyFields, depth));
  if (!isJsonObject(node)) return [node];
  if (depth >= keyFields.length) {
    return isExtraKeyLevel(node) ? Object.values(node).flatMap((n) => collect(n, keyFields, depth + 1)) : [node];
  }
  // A patch may put a whole element at a shallower level than the key fields go (an older builder's path).
  if (isElement(node, keyFields)) return [node];
  const keyField = keyFields[depth]!;
  return Object.entries(node).flatMap(([key, value]) => {
    const elements = collect(value, keyFields, depth + 1);
    // A key that only lived in the patch path is put back into the element (DataHub's `reinjectKey`).
    if (key !== '' && !keyField.includes(NESTED_KEY_SEPARATOR)) {
      for (const e of elements) if (isJsonObject(e) && e[keyField] === undefined) e[keyField] = key;
    }
    return elements;
  });
}

/** Turns the keyed map at `aspect[field]` back into an array. An array there (a whole-field `add`) is kept. */
export function mapToArrayField(aspect: JsonObject, field: string, keyFields: string[]): void {
  const node = aspect[field];
  if (Array.isArray(node)) return;
  if (node === undefined || node === null) {
    aspect[field] = [];
    return;
  }
  if (!isJsonObject(node)) throw new PatchError(`${field} is neither a list nor a keyed map after patching`);
  aspect[field] = keyFields.length === 0 ? Object.values(node) : collect(node, keyFields, 0);
}
