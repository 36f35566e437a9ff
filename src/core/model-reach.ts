import { BitsPool, forEachBit, type Bits } from './bitset.js';
import { passUpstream, type IndexComponents } from './index-components.js';
import type { LineageIndex } from './lineage-index.js';

/**
 * Which models each entity of a catalog is upstream of, found in one pass instead of one closure walk per model:
 * what judging a whole catalog needs to cost each model its findings, not its thousands of upstream entities.
 */
export interface ModelReach {
  /** Model → its slot in the bit sets (undefined: not a model of the index). */
  slot: Map<number, number>;
  /** Per slot: how many entities are strictly upstream of the model. */
  upstreamCount: Int32Array;
  /** The marked entities' ids, ascending. */
  marked: Int32Array;
  /**
   * Per slot: the marked entities (their places in `marked`) strictly upstream of the model. One row a model, so a
   * model's troubled entities are a scan of its own row (a column over every marked entity's set was 18 million
   * scattered reads a stale medium scan).
   */
  above: Bits[];
}

/**
 * One pass over the components, downstream first, carrying the bit set of models below each one upstream; a
 * component's set is given back to the pass's pool once it is passed on. Linear in edges × models / 32.
 */
export function modelReach(
  index: LineageIndex,
  comps: IndexComponents,
  isModel: (id: number) => boolean,
  isMarked: (id: number) => boolean,
): ModelReach {
  const n = index.urns.length;
  const slot = new Map<number, number>();
  for (let i = 0; i < n; i++) if (isModel(i)) slot.set(i, slot.size);
  const upstreamCount = new Int32Array(slot.size);
  const marked: number[] = [];
  const modelsBelow: Bits[] = [];
  const pool = new BitsPool(slot.size);
  const empty = () => pool.take();
  const open: (Bits | undefined)[] = new Array(comps.count);
  const { start, members } = comps;
  for (let c = comps.count - 1; c >= 0; c--) {
    const below = open[c];
    open[c] = undefined;
    const first = start[c]!;
    const end = start[c + 1]!;
    const size = end - first;
    if (below) forEachBit(below, (m) => (upstreamCount[m]! += size));
    let passed = below;
    for (let k = first; k < end; k++) {
      const s = slot.get(members[k]!);
      if (s === undefined) continue;
      upstreamCount[s]! += size - 1; // the rest of its cycle is upstream of it
      if (passed === below) passed = pool.copy(below);
      passed![s >>> 5]! |= 1 << (s & 31);
    }
    for (let k = first; k < end; k++) {
      const e = members[k]!;
      if (!isMarked(e)) continue;
      const mine = below ? below.slice() : new Uint32Array(Math.ceil(slot.size / 32));
      for (let j = first; j < end; j++) {
        const s = j === k ? undefined : slot.get(members[j]!);
        if (s !== undefined) mine[s >>> 5]! |= 1 << (s & 31);
      }
      marked.push(e);
      modelsBelow.push(mine);
    }
    if (passed) passUpstream(index, comps, c, passed, open, empty);
    if (passed !== below) pool.give(passed);
    pool.give(below);
  }
  // into rows in entity order: consecutive marked entities set the same word of each row
  const byId = marked.map((_, i) => i).sort((a, b) => marked[a]! - marked[b]!);
  const above = Array.from({ length: slot.size }, () => new Uint32Array(Math.ceil(byId.length / 32)));
  byId.forEach((i, k) => {
    forEachBit(modelsBelow[i]!, (s) => (above[s]![k >>> 5]! |= 1 << (k & 31)));
    modelsBelow[i] = EMPTY;
  });
  return { slot, upstreamCount, marked: Int32Array.from(byId, (i) => marked[i]!), above };
}

const EMPTY = new Uint32Array(0);
