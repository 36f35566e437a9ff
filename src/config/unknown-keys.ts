import type { z } from 'zod';
import { closestName } from '../core/closest-names.js';

/** The zod internals this walk reads: each wrapper's inner schema, an object's shape, a record's keys and values. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object or record schema at `path`, through defaults, optionals and pipes. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let at: z.ZodType | undefined = unwrap(schema);
  for (const key of path) {
    if (!at) return undefined;
    const def = defOf(at);
    at = unwrap(def.type === 'object' ? def.shape?.[String(key)] : def.type === 'record' ? def.valueType : undefined);
  }
  return at;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let at = schema;
  for (let def = at && defOf(at); def && (def.innerType || def.type === 'pipe'); def = at && defOf(at))
    at = def.type === 'pipe' ? def.in : def.innerType;
  return at;
}

/** The keys the schema knows at `path`: an object's settings, or a record's names (the detectors). */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const at = schemaAt(schema, path);
  const def = at && defOf(at);
  if (def?.type === 'object') return Object.keys(def.shape ?? {});
  const keys = def?.type === 'record' && def.keyType ? defOf(def.keyType) : undefined;
  return keys?.type === 'enum' ? Object.values(keys.entries ?? {}) : [];
}

/** `unknown setting`, with the closest known key when one is near enough to be a typo of it. */
export function unknownKeyHint(key: string, known: readonly string[]): string {
  const near = closestName(key, known);
  return `unknown setting${near ? `; did you mean \`${near}\`?` : ''}`;
}
