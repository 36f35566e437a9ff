import { describe, expect, it } from 'vitest';
import { anyCommon, bits, BitsPool, countCommon, forEachBit, orInto, popcount, setBit } from '../../src/core/bitset.js';

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

  it('a pool hands out empty sets and copies, reusing the sets given back', () => {
    const pool = new BitsPool(100);
    const a = pool.take();
    setBit(a, 5);
    setBit(a, 99);
    pool.give(a);
    const b = pool.take();
    expect(b).toBe(a);
    expect(list(b)).toEqual([]);
    pool.give(b);
    const c = pool.copy(of(100, [1, 64]));
    expect(c).toBe(a);
    expect(list(c)).toEqual([1, 64]);
    expect(list(pool.copy(undefined))).toEqual([]);
    // a set of another size is not kept
    pool.give(bits(10));
    expect(pool.take().length).toBe(4);
  });
});
