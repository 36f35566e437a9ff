/**
 * `JSON.stringify(value, null, 2)` of an object, in pieces: one per element of its top-level arrays. A whole-catalog
 * scan's JSON (1,000 verdicts of a few MB each) passes V8's longest string, so it is written piece by piece.
 */
export function* prettyJsonPieces(value: Record<string, unknown>): Generator<string> {
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  if (!keys.length) return yield '{}';
  yield '{\n';
  for (const [i, key] of keys.entries()) {
    const v = value[key];
    const end = i < keys.length - 1 ? ',\n' : '\n';
    if (Array.isArray(v) && v.length) {
      yield `  ${JSON.stringify(key)}: [\n`;
      for (const [j, item] of v.entries()) yield `    ${nested(item, '    ')}${j < v.length - 1 ? ',' : ''}\n`;
      yield `  ]${end}`;
    } else yield `  ${JSON.stringify(key)}: ${nested(v, '  ')}${end}`;
  }
  yield '}';
}

/** Raw newlines only separate JSON's own lines (strings escape theirs), so indenting them nests the text. */
const nested = (v: unknown, indent: string) => (JSON.stringify(v, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);
