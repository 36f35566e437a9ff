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
 * its lists' lengths (1,114 lists of 1,000 models a verdict on a stale medium catalog), when `bits` is shared by the
 * verdicts rendered together.
 */
export function otherModels(
  v: Pick<Verdict, 'model' | 'blastRadius'>,
  listed: number,
  bits: ModelListBits = new ModelListBits(),
): OtherModels {
  const lists = [...new Set(v.blastRadius.map((b) => b.models))].filter((l) => l.length);
  if (!lists.length) return { count: 0, listed: [] };
  const sets = lists.map((l) => bits.of(l));
  const words = Math.max(...sets.map((s) => s.length));
  const union = new Uint32Array(words);
  for (const s of sets) for (let i = 0; i < s.length; i++) union[i]! |= s[i]!;
  const self = bits.known(v.model.urn);
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

/**
 * Model lists as bit sets, for counting their union: made once per distinct list (by identity: the readers hand out
 * equal lists as one array) and shared by the verdicts of one document or run, whose lists are the catalog's. Model
 * urns are numbered as they are first seen. The caller keeps one as long as it renders verdicts of one catalog.
 */
export class ModelListBits {
  readonly #ids = new Map<string, number>();
  readonly #bits = new WeakMap<ModelRef[], Uint32Array>();

  /** A model urn's bit (numbered on first sight). */
  idOf(urn: string): number {
    let id = this.#ids.get(urn);
    if (id === undefined) this.#ids.set(urn, (id = this.#ids.size));
    return id;
  }

  /** A model's bit, when this has seen it. */
  known(urn: string): number | undefined {
    return this.#ids.get(urn);
  }

  of(list: ModelRef[]): Uint32Array {
    let set = this.#bits.get(list);
    if (set) return set;
    const members = list.map((m) => this.idOf(m.urn));
    set = new Uint32Array((Math.max(...members) >>> 5) + 1);
    for (const id of members) set[id >>> 5]! |= 1 << (id & 31);
    this.#bits.set(list, set);
    return set;
  }
}
