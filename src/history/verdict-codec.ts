import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { z } from 'zod';
import type { ModelRef, Verdict } from '../core/verdict.js';
import { verdictSchema } from './verdict-schema.js';

/**
 * A full verdict as the Redis history stores it: JSON, each distinct list of downstream models kept once, then
 * brotli. The blast radius dominates a verdict's size in a large catalog: when every model reads every shared
 * table, each of ~200 offending datasets lists the same 1,000 models (19 MB of JSON; about 40 kB stored).
 */
const storedSchema = z.object({
  format: z.literal(1),
  verdict: verdictSchema.omit({ blastRadius: true }),
  lists: z.array(z.array(z.object({ urn: z.string(), name: z.string() }))),
  /** Per offending dataset, in order: the dataset and the index of its list of models. */
  blastRadius: z.array(z.tuple([z.string(), z.number().int().min(0)])),
});

/** Quality 3: about 7 ms and 40 kB for the 1.4 MB a large-catalog verdict is once its lists are shared. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };

export function encodeVerdict(v: Verdict): Buffer {
  const lists: ModelRef[][] = [];
  const byShape = new Map<string, number[]>();
  const seen = new Map<ModelRef[], number>(); // a judged verdict shares one array between datasets
  const listIndex = (models: ModelRef[]): number => {
    const same = seen.get(models);
    if (same !== undefined) return same;
    const shape = `${models.length}\u0000${models[0]?.urn ?? ''}\u0000${models.at(-1)?.urn ?? ''}`;
    const candidates = byShape.get(shape) ?? [];
    let found = candidates.find((i) => sameModels(lists[i]!, models));
    if (found === undefined) {
      found = lists.length;
      byShape.set(shape, [...candidates, found]);
      lists.push(models.map((m) => ({ urn: m.urn, name: m.name })));
    }
    seen.set(models, found);
    return found;
  };
  const { blastRadius, ...rest } = v;
  const stored: z.infer<typeof storedSchema> = {
    format: 1,
    verdict: rest,
    lists,
    blastRadius: blastRadius.map((b) => [b.dataset, listIndex(b.models)]),
  };
  const json = JSON.stringify(stored);
  return brotliCompressSync(json, {
    ...BROTLI,
    params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
  }); // a hint: the UTF-16 length is near enough, and free
}

/** The verdict, or undefined for anything Janus did not write (or wrote in another format). */
export function decodeVerdict(stored: Buffer): Verdict | undefined {
  let parsed: z.infer<typeof storedSchema>;
  try {
    const r = storedSchema.safeParse(JSON.parse(brotliDecompressSync(stored).toString('utf8')));
    if (!r.success) return undefined;
    parsed = r.data;
  } catch {
    return undefined;
  }
  const blastRadius = parsed.blastRadius.map(([dataset, i]) => ({ dataset, models: parsed.lists[i] }));
  if (blastRadius.some((b) => !b.models)) return undefined;
  return { ...parsed.verdict, blastRadius: blastRadius as Verdict['blastRadius'] };
}

function sameModels(a: ModelRef[], b: ModelRef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.urn !== b[i]!.urn || a[i]!.name !== b[i]!.name) return false;
  return true;
}
