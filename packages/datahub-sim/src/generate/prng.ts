/** A small seeded PRNG (mulberry32) and the draws the generator needs. Same seed, same sequence. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `n` distinct items (all of them when there are fewer), in draw order. */
  sample<T>(items: readonly T[], n: number): T[];
}

export function seededRng(seed: number): Rng {
  // Fold any integer (negative or beyond 32 bits) into a 32-bit state.
  let state = (Math.trunc(seed) ^ Math.trunc(seed / 2 ** 32) ^ 0x9e3779b9) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample: (items, n) => {
      if (n >= items.length) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < n) chosen.add(Math.floor(next() * items.length));
      return [...chosen].map((i) => items[i]!);
    },
  };
}
