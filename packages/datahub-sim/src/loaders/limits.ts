/**
 * Size and depth bounds on what is loaded or ingested, checked without recursion before anything walks a value.
 *
 * - Depth: DataHub's deepest aspects nest about a dozen levels; the simulator refuses a record (or an aspect value)
 *   nested deeper than `MAX_RECORD_DEPTH`, which also keeps its recursive code (normalising, patching) off the stack
 *   limit. Rest.li's JSON codec (Jackson 2.15+ `StreamReadConstraints`) refuses a request body nested deeper than
 *   `MAX_BODY_DEPTH`.
 * - Strings: GMS sets Rest.li's Jackson codec to `maxStringLength` `INGESTION_MAX_SERIALIZED_STRING_LENGTH`, 16,000,000
 *   characters by default (`RAPServletFactory`, "effectively the max aspect size"): a longer string in a request
 *   body (an aspect's `value` is one) fails to parse. A file record holding one could not reach GMS either.
 */
export const MAX_RECORD_DEPTH = 100;
export const MAX_BODY_DEPTH = 1000;
export const MAX_STRING_LENGTH = 16_000_000;

/** The first bound a value breaks, as a message, or undefined. */
export function limitProblem(
  value: unknown,
  maxDepth: number,
  tooDeep: (max: number) => string = (max) => `nested deeper than ${max}`,
): string | undefined {
  const found = walk(value, 0, maxDepth);
  if (found === undefined) return undefined;
  return found === TOO_DEEP ? tooDeep(maxDepth) : stringTooLong(found);
}

const TOO_DEEP = -1;

/**
 * TOO_DEEP, the length of a string past the limit, or undefined. Recursive, but never deeper than `maxDepth` (at most
 * the body's 1,000): it stops there. Allocates nothing, as it runs on every record of a catalog.
 */
function walk(v: unknown, depth: number, maxDepth: number): number | undefined {
  if (typeof v === 'string') return v.length > MAX_STRING_LENGTH ? v.length : undefined;
  if (v === null || typeof v !== 'object') return undefined;
  if (depth >= maxDepth) return TOO_DEEP;
  if (Array.isArray(v)) {
    for (const child of v) {
      const found = walk(child, depth + 1, maxDepth);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key in v) {
    if (key.length > MAX_STRING_LENGTH) return key.length;
    const found = walk((v as Record<string, unknown>)[key], depth + 1, maxDepth);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Jackson's `StreamConstraintsException` message for a string past the limit. */
export const stringTooLong = (length: number): string =>
  `String value length (${length}) exceeds the maximum allowed (${MAX_STRING_LENGTH}, from \`StreamReadConstraints.getMaxStringLength()\`)`;
