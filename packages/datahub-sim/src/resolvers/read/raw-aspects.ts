import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { Resolver } from '../../schema/build.js';
import { parseUrn } from '../../urn.js';
import { bool, obj, strs } from './raw.js';

/**
 * WeaklyTypedAspectsResolver (`aspects(input: AspectParams)`): the entity's versioned aspects as JSON
 * payloads, in the entity registry's aspect order, the key aspect included (GMS always returns it).
 * `aspectNames` narrows the list; `autoRenderOnly` keeps aspects with a render spec, which none of the
 * aspects served here have. Timeseries aspects are not returned (batchGetV2 reads versioned aspects).
 */
export function rawAspectsField(keyAspect: { name: string; fields: string[] }, registryOrder: string[]): Resolver {
  return (s: EntityRef, args: { input?: unknown }, ctx: SimContext) => {
    const input = obj(args.input);
    if (bool(input?.autoRenderOnly)) return [];
    const wanted = new Set(strs(input?.aspectNames));
    const stored = ctx.store.get(s.urn)?.aspects ?? new Map<string, unknown>();
    const parts = parseUrn(s.urn)?.parts ?? [];
    const aspects = new Map<string, unknown>([
      [keyAspect.name, Object.fromEntries(keyAspect.fields.map((f, i) => [f, parts[i]]))],
    ]);
    for (const name of registryOrder) if (stored.has(name)) aspects.set(name, stored.get(name));
    for (const [name, value] of stored) if (!aspects.has(name)) aspects.set(name, value);
    return [...aspects]
      .filter(([name]) => wanted.size === 0 || wanted.has(name))
      .map(([aspectName, value]) => ({ aspectName, payload: JSON.stringify(value) }));
  };
}
