import { describe, expect, it } from 'vitest';
import { anyCommon, bits, countCommon, forEachBit, orInto, popcount, setBit } from '../../src/core/bitset.js';

const of = (size: number, ids: number[]) => {
  const b = bits(size);
  for (const i of ids) setBit(b, i);
  return b;
};
const list = (b: Uint32Array) => {
  const out: number[] = [];
  forEachBit(b, (i) => out.push(i));
  return out;
};

describe('bit sets', () => {
  it('lists the ids set, in order, across word boundaries and the sign bit', () => {
    expect(list(of(100, [99, 0, 31, 32, 63, 64]))).toEqual([0, 31, 32, 63, 64, 99]);
  });

  it('ors, meets and counts', () => {
    const a = of(70, [1, 31, 40, 69]);
    const b = of(70, [31, 69, 2]);
    expect(countCommon(a, b)).toBe(2);
    expect(anyCommon(a, of(70, [3]))).toBe(false);
    orInto(a, b);
    expect(list(a)).toEqual([1, 2, 31, 40, 69]);
  });

  it.each([
    [0, 0],
    [1, 1],
    [0xffffffff, 32],
    [0x80000001, 2],
    [0x0f0f0f0f, 16],
  ])('popcount(%i) = %i', (word, n) => {
    expect(popcount(word)).toBe(n);
  });
});
