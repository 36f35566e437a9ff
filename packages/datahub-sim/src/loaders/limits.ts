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
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > MAX_STRING_LENGTH) return stringTooLong(v.length);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (d >= maxDepth) return tooDeep(maxDepth);
    for (const [key, child] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
      if (typeof key === 'string' && key.length > MAX_STRING_LENGTH) return stringTooLong(key.length);
      stack.push([child, d + 1]);
    }
  }
  return undefined;
}

/** Jackson's `StreamConstraintsException` message for a string past the limit. */
export const stringTooLong = (length: number): string =>
  `String value length (${length}) exceeds the maximum allowed (${MAX_STRING_LENGTH}, from \`StreamReadConstraints.getMaxStringLength()\`)`;
