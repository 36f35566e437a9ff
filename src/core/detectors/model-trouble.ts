import { bits, type Bits } from '../bitset.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';
import { PRODUCER_DETECTORS } from './registered.js';
import { troubledIds } from './root-causes.js';
import { troubledReachOf } from './troubled-upstream.js';

/**
 * The troubled entities upstream of one model, sorted by what the engine does with each: read from the model's row
 * of the run's reach a word at a time, against masks made once per run. A stale model has thousands of troubled
 * entities upstream, nearly all of them folded into a root above: those cost a bit each here, not a visit.
 */
export interface ModelTrouble {
  /** Entity ids (in the run's entity index) with standing findings (deprecated, removed), ascending. */
  standing: number[];
  /** Per producer rule (`PRODUCER_DETECTORS[k]`): entity ids with a troubled producer, ascending. */
  produced: number[][];
  /** Entity ids whose own travelling findings have no cause further up (root causes), ascending. */
  roots: number[];
  /** Troubled ids (root-causes.ts) of the entities whose own travelling findings are caused further up. */
  folded: Bits;
}

/** What each place of the run's reach (`ModelReach.marked`) is, one bit set per role. */
interface TroubleMasks {
  standing: Bits;
  produced: Bits[];
  roots: Bits;
  folded: Bits;
  /** Place → the entity's troubled id, or -1. */
  troubledId: Int32Array;
  /** How many troubled ids there are (the size of `folded`'s sets). */
  troubled: number;
}

/** The model's troubled upstream, by role. */
export function modelTrouble(session: JudgmentSession, g: UpstreamGraph): ModelTrouble {
  const reach = troubledReachOf(session, g);
  const slot = reach.slot.get(session.indexes(g).entities.id.get(g.model) ?? -1);
  const masks = session.derived(g, 'trouble-masks', () => troubleMasks(session, g));
  if (slot === undefined)
    return { standing: [], produced: masks.produced.map(() => []), roots: [], folded: bits(masks.troubled) };
  const row = reach.above[slot]!;
  const { marked } = reach;
  const standing: number[] = [];
  const produced = masks.produced.map((): number[] => []);
  const roots: number[] = [];
  const folded = bits(masks.troubled);
  for (let w = 0; w < row.length; w++) {
    const r = row[w]!;
    if (!r) continue;
    const base = w * 32;
    for (let x = r & masks.standing[w]!; x; x &= x - 1) standing.push(marked[base + 31 - Math.clz32(x & -x)]!);
    for (let k = 0; k < produced.length; k++)
      for (let x = r & masks.produced[k]![w]!; x; x &= x - 1)
        produced[k]!.push(marked[base + 31 - Math.clz32(x & -x)]!);
    for (let x = r & masks.roots[w]!; x; x &= x - 1) roots.push(marked[base + 31 - Math.clz32(x & -x)]!);
    for (let x = r & masks.folded[w]!; x; x &= x - 1) {
      const t = masks.troubledId[base + 31 - Math.clz32(x & -x)]!;
      folded[t >>> 5]! |= 1 << (t & 31);
    }
  }
  return { standing, produced, roots, folded };
}

function troubleMasks(session: JudgmentSession, g: UpstreamGraph): TroubleMasks {
  const facts = entityFacts(session, g);
  const { marked } = troubledReachOf(session, g);
  const ids = troubledIds(session, g);
  const n = marked.length;
  const masks: TroubleMasks = {
    standing: bits(n),
    produced: PRODUCER_DETECTORS.map(() => bits(n)),
    roots: bits(n),
    folded: bits(n),
    troubledId: new Int32Array(n).fill(-1),
    troubled: ids.count,
  };
  const set = (b: Bits, k: number) => (b[k >>> 5]! |= 1 << (k & 31));
  marked.forEach((e, k) => {
    if (facts.standing(e).length) set(masks.standing, k);
    masks.produced.forEach((b, rule) => facts.troubledProducers(e, rule).length && set(b, k));
    const t = ids.idOfEntity[e]!;
    masks.troubledId[k] = t;
    if (facts.propagating(e).length) set(ids.caused[t] ? masks.folded : masks.roots, k);
  });
  return masks;
}
