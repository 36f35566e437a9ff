/**
 * `JSON.stringify(value, null, 2)` of an object, in pieces: one per element of its top-level arrays. A whole-catalog
 * scan's JSON (1,000 verdicts of a few MB each) passes V8's longest string, so it is written piece by piece.
 */
export function* prettyJsonPieces(value: Record<string, unknown>): Generator<string> {
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  if (!keys.length) return yield '{}';
  yield '{\n';
  yield* members(value, keys);
  yield '}';
}

/**
 * The same text for `{ [key]: items, ...rest }` when the items arrive one at a time (a scan's verdicts, as each is
 * judged) and the rest only after the last: no item is held once its piece is written.
 */
export function prettyJsonStream(key: string) {
  let count = 0;
  const open = `{\n  ${JSON.stringify(key)}: [`;
  return {
    item: (v: unknown): string => `${count++ ? ',' : open}\n    ${nested(v, '    ')}`,
    *end(rest: Record<string, unknown>): Generator<string> {
      const keys = Object.keys(rest).filter((k) => rest[k] !== undefined && k !== key);
      yield `${count ? '\n  ]' : `${open}]`}${keys.length ? ',' : ''}\n`;
      yield* members(rest, keys);
      yield '}';
    },
  };
}

function* members(value: Record<string, unknown>, keys: string[]): Generator<string> {
  for (const [i, key] of keys.entries()) {
    const v = value[key];
    const end = i < keys.length - 1 ? ',\n' : '\n';
    if (Array.isArray(v) && v.length) {
      yield `  ${JSON.stringify(key)}: [\n`;
      for (const [j, item] of v.entries()) yield `    ${nested(item, '    ')}${j < v.length - 1 ? ',' : ''}\n`;
      yield `  ]${end}`;
    } else yield `  ${JSON.stringify(key)}: ${nested(v, '  ')}${end}`;
  }
}

/** Raw newlines only separate JSON's own lines (strings escape theirs), so indenting them nests the text. */
const nested = (v: unknown, indent: string) => (JSON.stringify(v, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);
