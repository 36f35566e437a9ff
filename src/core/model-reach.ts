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
 * component's set is given back to the pass's pool once it is passed on, and each marked entity's models are set
 * straight into the models' rows (the marked entities are known before the pass). Linear in edges × models / 32.
 */
export function modelReach(
  index: LineageIndex,
  comps: IndexComponents,
  isModel: (id: number) => boolean,
  isMarked: (id: number) => boolean,
): ModelReach {
  const n = index.urns.length;
  const slot = new Map<number, number>();
  const marked: number[] = [];
  for (let i = 0; i < n; i++) {
    if (isModel(i)) slot.set(i, slot.size);
    if (isMarked(i)) marked.push(i);
  }
  const place = new Int32Array(n).fill(-1);
  marked.forEach((e, k) => (place[e] = k));
  const above = Array.from({ length: slot.size }, () => new Uint32Array(Math.ceil(marked.length / 32)));
  const upstreamCount = new Int32Array(slot.size);
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
      const at = place[members[k]!]!;
      if (at < 0) continue;
      const word = at >>> 5;
      const bit = 1 << (at & 31);
      // the models below the component, and the other models of its cycle
      if (below) forEachBit(below, (s) => (above[s]![word]! |= bit));
      for (let j = first; j < end; j++) {
        const s = j === k ? undefined : slot.get(members[j]!);
        if (s !== undefined) above[s]![word]! |= bit;
      }
    }
    if (passed) passUpstream(index, comps, c, passed, open, empty);
    if (passed !== below) pool.give(passed);
    pool.give(below);
  }
  return { slot, upstreamCount, marked: Int32Array.from(marked), above };
}
