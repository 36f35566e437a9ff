import { bits, forEachBit, orInto, setBit, type Bits } from './bitset.js';
import { components } from './components.js';

/**
 * Every model downstream of any entity of a catalog, from its upstream edges: one pass over the lineage, downstream
 * first, with a bit set of models per strongly connected component. Pure; built once per catalog read.
 */
export function modelsBelowIndex(urns: string[], upstreams: Record<string, string[]>, isModel: (urn: string) => boolean): (urn: string) => string[] {
  const { of, members } = components(urns, upstreams);
  const models = urns.filter(isModel);
  const modelId = new Map(models.map((m, i) => [m, i]));
  const below: Bits[] = members.map(() => bits(models.length));
  const within: Bits[] = members.map(() => bits(models.length));
  // components come upstream first: walking them backwards, every component downstream of one is done before it
  for (let c = members.length - 1; c >= 0; c--) {
    for (const m of members[c]!) {
      const id = modelId.get(m);
      if (id !== undefined) setBit(within[c]!, id);
    }
    for (const m of members[c]!) {
      for (const up of upstreams[m] ?? []) {
        const uc = of.get(up)!;
        if (uc === c) continue;
        orInto(below[uc]!, below[c]!);
        orInto(below[uc]!, within[c]!);
      }
    }
  }
  return (urn) => {
    const c = of.get(urn);
    if (c === undefined) return [];
    const found: string[] = [];
    const reach = bits(models.length);
    orInto(reach, below[c]!);
    orInto(reach, within[c]!);
    forEachBit(reach, (i) => {
      if (models[i] !== urn) found.push(models[i]!);
    });
    return found;
  };
}
