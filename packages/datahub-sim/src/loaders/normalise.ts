import { isJsonObject, type JsonObject } from './types.js';

const PEGASUS_PREFIX = 'com.linkedin.pegasus2avro.';
const LINKEDIN_PREFIX = 'com.linkedin.';

const isNumber = (v: unknown): boolean => typeof v === 'number';

/**
 * Avro-style wrappers of primitive union members (`{"string": "x"}`), with the value type each one holds.
 * A one-key object is only unwrapped when its value has that type, so a real map such as
 * `{"long": {...}}` is left alone.
 */
const PRIMITIVE_WRAPPERS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  bytes: (v) => typeof v === 'string',
  long: isNumber,
  int: isNumber,
  double: isNumber,
  float: isNumber,
  boolean: (v) => typeof v === 'boolean',
  array: Array.isArray,
  map: isJsonObject,
};

/**
 * Brings an aspect value (from an MCE, an MCP or a patch operation) to the store's contract: union keys
 * `com.linkedin.pegasus2avro.X` become `com.linkedin.X` (a key rewrite on one-key objects, as DataHub's
 * `post_json_transform` does), primitive union wrappers are removed, and `null` fields are dropped
 * (older files write explicit nulls for absent optional fields). Returns a fresh copy.
 */
export function normaliseValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseValue);
  if (!isJsonObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const key = keys[0]!;
    const inner = value[key];
    if (PRIMITIVE_WRAPPERS[key]?.(inner)) return normaliseValue(inner);
    if (key.startsWith(PEGASUS_PREFIX)) {
      return { [LINKEDIN_PREFIX + key.slice(PEGASUS_PREFIX.length)]: normaliseValue(inner) };
    }
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = normaliseValue(v);
  return out;
}

/** `normaliseValue` for a value known to be an object (an aspect). */
export const normaliseAspect = (aspect: JsonObject): JsonObject => normaliseValue(aspect) as JsonObject;
