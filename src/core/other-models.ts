import { popcount } from './bitset.js';
import { byModelName, type ModelRef, type Verdict } from './verdict.js';

/** The other models a verdict's trouble reaches: how many in all, and the first few by name. */
export interface OtherModels {
  count: number;
  listed: ModelRef[];
}

/**
 * The models below a verdict's offending datasets, the model itself left out. A catalog's verdicts name the same
 * few lists of models (datasets share them), each of up to every model: the union is counted over one bit set per
 * distinct list, made once, so a verdict costs its distinct lists times the catalog's models / 32, not the sum of
 * its lists' lengths (1,114 lists of 1,000 models a verdict on a stale medium catalog). Pure but for the memo.
 */
export function otherModels(v: Pick<Verdict, 'model' | 'blastRadius'>, listed: number): OtherModels {
  const lists = [...new Set(v.blastRadius.map((b) => b.models))].filter((l) => l.length);
  if (!lists.length) return { count: 0, listed: [] };
  const sets = lists.map(bitsOf);
  const words = Math.max(...sets.map((s) => s.length));
  const union = new Uint32Array(words);
  for (const s of sets) for (let i = 0; i < s.length; i++) union[i]! |= s[i]!;
  const self = ids.get(v.model.urn);
  if (self !== undefined && self < words * 32) union[self >>> 5]! &= ~(1 << (self & 31));
  let count = 0;
  for (const w of union) count += popcount(w);
  return { count, listed: firstByName(lists, v.model.urn, listed) };
}

/** The first `n` models by name over sorted lists: each list's first n + 1 (one may be the model itself) suffice. */
function firstByName(lists: ModelRef[][], self: string, n: number): ModelRef[] {
  const seen = new Set<string>([self]);
  const out: ModelRef[] = [];
  for (const m of lists.flatMap((l) => l.slice(0, n + 1)).sort(byModelName)) {
    if (seen.has(m.urn)) continue;
    seen.add(m.urn);
    out.push(m);
    if (out.length === n) break;
  }
  return out;
}

/** Model urns as small integers, for the bit sets: bounded by the models a process has seen. */
const ids = new Map<string, number>();
const idOf = (urn: string) => {
  let id = ids.get(urn);
  if (id === undefined) ids.set(urn, (id = ids.size));
  return id;
};

const bits = new WeakMap<ModelRef[], Uint32Array>();
function bitsOf(list: ModelRef[]): Uint32Array {
  let set = bits.get(list);
  if (set) return set;
  const members = list.map((m) => idOf(m.urn));
  set = new Uint32Array((Math.max(...members) >>> 5) + 1);
  for (const id of members) set[id >>> 5]! |= 1 << (id & 31);
  bits.set(list, set);
  return set;
}
