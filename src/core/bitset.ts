/** Fixed-size bit sets over small integer ids: catalog-wide reachability without a Set per entity. */
export type Bits = Uint32Array;

export const bits = (size: number): Bits => new Uint32Array(Math.ceil(size / 32));
export const setBit = (b: Bits, i: number): void => {
  b[i >>> 5]! |= 1 << (i & 31);
};
export const hasBit = (b: Bits, i: number): boolean => (b[i >>> 5]! & (1 << (i & 31))) !== 0;

/** `into |= from`. */
export function orInto(into: Bits, from: Bits): void {
  for (let w = 0; w < from.length; w++) into[w]! |= from[w]!;
}

/** Calls `each` for every id set in both, in increasing order. */
export function forEachCommon(a: Bits, b: Bits, each: (i: number) => void): void {
  for (let w = 0; w < a.length; w++) {
    let word = a[w]! & b[w]!;
    while (word) {
      const low = word & -word;
      each(w * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}
