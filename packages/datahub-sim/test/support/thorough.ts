import { seededRng } from '../../src/generate/index.js';

/**
 * The simulator's copy of Janus's test/support/thorough.ts (the package's tests import nothing outside it):
 * JANUS_THOROUGH=1 runs the exhaustive loops in full; by default they run a seeded sample (CONTRIBUTING.md).
 */
export const THOROUGH = process.env.JANUS_THOROUGH === '1';

/** The sample's seed: JANUS_TEST_SEED, else 1, so a failure repeats until the seed is changed on purpose. */
export const TEST_SEED = Number(process.env.JANUS_TEST_SEED ?? 1);

/** `full` under JANUS_THOROUGH=1, else `quick`: how many rounds, or how large, a loop runs. */
export const rounds = (full: number, quick: number): number => (THOROUGH ? full : quick);

/**
 * Every item under JANUS_THOROUGH=1. Otherwise the first and the last (the edges, where bugs sit) and `size - 2`
 * others drawn with `seed`, in their original order.
 */
export function sampleOf<T>(items: readonly T[], size: number, seed = TEST_SEED): T[] {
  if (THOROUGH || items.length <= size) return [...items];
  const inner = seededRng(seed).sample(
    items.slice(1, -1).map((_, i) => i + 1),
    size - 2,
  );
  return [0, ...inner.sort((a, b) => a - b), items.length - 1].map((i) => items[i]!);
}
