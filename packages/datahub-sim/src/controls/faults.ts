/**
 * The ways a faulted /api/graphql request fails: an HTTP 500, no answer at all, a 200 whose body is not JSON, or
 * GMS's rate limit (429 with Retry-After, before anything runs).
 */
export const FAULT_KINDS = ['500', 'timeout', 'malformed', '429'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const isFaultKind = (value: string): value is FaultKind => (FAULT_KINDS as readonly string[]).includes(value);

/** mulberry32: a small seeded PRNG, so a run with the same seed fails the same requests in the same ways. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultOptions {
  /** Share of requests that fail, 0..1 (default 0). */
  failRate?: number;
  /** The kinds to choose from (default: all). */
  kinds?: readonly string[];
  seed?: number;
}

/**
 * Decides, request by request in arrival order, whether a request fails and how. The sequence depends only on
 * the seed, the rate and the kinds.
 */
export function faultPicker({ failRate = 0, kinds = FAULT_KINDS, seed = 1 }: FaultOptions): () => FaultKind | null {
  if (!(failRate >= 0 && failRate <= 1)) throw new RangeError(`failRate must be between 0 and 1, got ${failRate}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const unknown = kinds.filter((k) => !isFaultKind(k));
  if (unknown.length)
    throw new RangeError(`unknown fault kind ${unknown.join(', ')} (expected ${FAULT_KINDS.join(', ')})`);
  if (!kinds.length) throw new RangeError('faults must name at least one kind');
  const choices = [...new Set(kinds)] as FaultKind[];
  const random = mulberry32(seed);
  return () => {
    if (failRate === 0 || random() >= failRate) return null;
    return choices[Math.floor(random() * choices.length)] ?? null;
  };
}
