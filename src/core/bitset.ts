/** Fixed-size bit sets over small integer ids: catalog-wide reachability without a Set per entity. */
export type Bits = Uint32Array;

export const bits = (size: number): Bits => new Uint32Array(Math.ceil(size / 32));
export const setBit = (b: Bits, i: number): void => {
  b[i >>> 5]! |= 1 << (i & 31);
};

/** `into |= from`. */
export function orInto(into: Bits, from: Bits): void {
  for (let w = 0; w < from.length; w++) into[w]! |= from[w]!;
}

/** Calls `each` for every id set, in increasing order. */
export function forEachBit(b: Bits, each: (i: number) => void): void {
  for (let w = 0; w < b.length; w++) {
    let word = b[w]!;
    while (word) {
      const low = word & -word;
      each(w * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}

export function popcount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many ids are set in both. */
export function countCommon(a: Bits, b: Bits): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) if (a[w]! & b[w]!) n += popcount(a[w]! & b[w]!);
  return n;
}

/** Whether any id is set in both; `from`: the first word of `a` that may hold one (`firstWord`). */
export function anyCommon(a: Bits, b: Bits, from = 0): boolean {
  for (let w = from; w < a.length; w++) if (a[w]! & b[w]!) return true;
  return false;
}

/** The index of the first word with an id set (the length when none is). */
export function firstWord(b: Bits): number {
  let w = 0;
  while (w < b.length && !b[w]) w++;
  return w;
}

/**
 * Bit sets of one size, given back once dropped and handed out again: a pass over a large catalog's components makes
 * and drops tens of thousands of them, and their freed backing stores held the process's peak memory up (the large
 * catalog's stale scan: about 190 MB of sets made for three passes, most of them garbage at once).
 */
export class BitsPool {
  private readonly free: Bits[] = [];
  private readonly words: number;

  constructor(size: number) {
    this.words = Math.ceil(size / 32);
  }

  /** An empty set. */
  take(): Bits {
    const b = this.free.pop();
    if (!b) return new Uint32Array(this.words);
    b.fill(0);
    return b;
  }

  /** A copy of `from` (an empty set when there is none). */
  copy(from: Bits | undefined): Bits {
    if (!from) return this.take();
    const b = this.free.pop();
    if (!b) return from.slice();
    b.set(from);
    return b;
  }

  /** Gives a set back (once): nothing may read it after. */
  give(b: Bits | undefined): void {
    if (b && b.length === this.words) this.free.push(b);
  }
}
