import { BitsPool } from './bitset.js';
import { indexComponents, passUpstream, type IndexComponents } from './index-components.js';
import { lineageIndex, type LineageIndex } from './lineage-index.js';

/**
 * Every model downstream of an entity of a catalog, for every entity at once: one pass over the components,
 * downstream first, carrying a bit set of the models below each (dropped once passed on), so a catalog's thousands
 * of offending datasets cost no walk each. Entities with the same models below share one list. Pure; the pass runs
 * on first use. The lists returned are shared: read only.
 */
export function modelsBelowIndex(
  index: LineageIndex,
  models: string[],
  components: () => IndexComponents = () => indexComponents(index),
): (urn: string) => string[] {
  let below: ModelsBelow | undefined;
  // a distinct set's list is made when first asked for: most entities' sets never are
  const lists = new Map<number, string[]>();
  return (urn) => {
    const id = index.id.get(urn);
    if (id === undefined) return [];
    below ??= modelsBelowEach(index, components(), models);
    const k = below.setOf[id]!;
    if (k < 0) return [];
    let list = lists.get(k);
    if (!list) lists.set(k, (list = listOf(below.sets[k]!, models)));
    return list;
  };
}

/** The models of a set, in bit order (the order `models` gives). */
function listOf(set: Uint32Array, models: string[]): string[] {
  const list: string[] = [];
  for (let w = 0; w < set.length; w++) {
    let word = set[w]!;
    while (word) {
      const low = word & -word;
      word ^= low;
      list.push(models[w * 32 + 31 - Math.clz32(low)]!);
    }
  }
  return list;
}

interface ModelsBelow {
  /** Entity id → its set in `sets`, or -1 when no model is below it. */
  setOf: Int32Array;
  /** The distinct sets of models below, a model's bit its place in `models`. */
  sets: Uint32Array[];
}

function modelsBelowEach(index: LineageIndex, comps: IndexComponents, models: string[]): ModelsBelow {
  const words = Math.ceil(models.length / 32);
  // a model's bit is its place in `models`: a set read in bit order is a list in the order given
  const slotOf = new Int32Array(index.urns.length).fill(-1);
  models.forEach((m, k) => {
    const id = index.id.get(m);
    if (id !== undefined && slotOf[id] === -1) slotOf[id] = k;
  });
  const setOf = new Int32Array(index.urns.length).fill(-1);
  // equal sets found by a hash of their words, compared word by word: no key string per entity
  const known = new Map<number, number[]>();
  const sets: Uint32Array[] = [];
  const setFor = (set: Uint32Array): number => {
    let hash = 0x811c9dc5;
    for (let w = 0; w < words; w++) hash = Math.imul(hash ^ set[w]!, 0x01000193);
    const same = known.get(hash);
    const found = same?.find((k) => sets[k]!.every((x, w) => x === set[w]));
    if (found !== undefined) return found;
    const k = sets.push(set.slice()) - 1;
    if (same) same.push(k);
    else known.set(hash, [k]);
    return k;
  };
  const open: (Uint32Array | undefined)[] = new Array(comps.count);
  // sets dropped in the pass are handed out again (setFor keeps copies)
  const pool = new BitsPool(models.length);
  const empty = () => pool.take();
  const { start, members } = comps;
  for (let c = comps.count - 1; c >= 0; c--) {
    const under = open[c];
    open[c] = undefined;
    const first = start[c]!;
    const end = start[c + 1]!;
    let here: number[] | undefined;
    for (let k = first; k < end; k++) if (slotOf[members[k]!]! >= 0) (here ??= []).push(slotOf[members[k]!]!);
    // below a member: what is below the component, and the other models of its cycle
    for (let k = first; k < end; k++) {
      const e = members[k]!;
      const own = slotOf[e]!;
      const others = here ? here.filter((s) => s !== own) : [];
      if (!others.length) {
        if (under) setOf[e] = setFor(under);
        continue;
      }
      const set = pool.copy(under);
      for (const s of others) set[s >>> 5]! |= 1 << (s & 31);
      setOf[e] = setFor(set);
      pool.give(set);
    }
    let passed = under;
    if (here) {
      passed = pool.copy(under);
      for (const s of here) passed[s >>> 5]! |= 1 << (s & 31);
    }
    if (passed) passUpstream(index, comps, c, passed, open, empty);
    if (passed !== under) pool.give(passed);
    pool.give(under);
  }
  return { setOf, sets };
}

/**
 * The models below each of `datasets`, from entities' one-hop downstream edges: the same lists as
 * `modelsBelowIndex` over a catalog's upstream edges, for a walk that read only what lies below the datasets. Every
 * entity reachable from them must have its list (`downstream`). Lists in `models` order, equal ones shared. Pure.
 */
export function modelsBelowByEdges(
  datasets: readonly string[],
  downstream: (urn: string) => readonly string[],
  models: string[],
): (urn: string) => string[] {
  const upstreams: Record<string, string[]> = {};
  const seen = new Set(datasets);
  const queue = [...seen];
  for (let i = 0; i < queue.length; i++) {
    const x = queue[i]!;
    upstreams[x] ??= [];
    for (const y of downstream(x)) {
      (upstreams[y] ??= []).push(x);
      if (!seen.has(y)) {
        seen.add(y);
        queue.push(y);
      }
    }
  }
  return modelsBelowIndex(lineageIndex(upstreams), models);
}
