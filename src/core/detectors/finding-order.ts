import type { Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';

/** How a verdict lists its findings: heaviest first, then by key (`localeCompare`). */
export const byWeightThenKey = (a: Finding, b: Finding): number => b.weight - a.weight || a.key.localeCompare(b.key);

/**
 * Sorts findings as `byWeightThenKey` would (same order, ties kept in place), without a `localeCompare` per
 * comparison for the keys of entities' own findings: those are ranked once per judgment run, and a verdict's ranked
 * findings are sorted as numbers (weight, rank, place). The few without a rank (leaks, owners, job variants) are
 * sorted by `byWeightThenKey` and placed among them by binary search. A stale medium catalog's verdicts hold a
 * thousand findings each.
 */
export function sortFindings(
  session: JudgmentSession,
  g: UpstreamGraph,
  findings: Finding[],
  /** Each finding's key rank (`keyRanks`), when the caller knows it (-1: none): else looked up by key. */
  known?: ArrayLike<number>,
): Finding[] {
  return sortedOrder(session, g, findings, known).map((i) => findings[i]!);
}

/** `sortFindings`' order, as the findings' places in `findings`. */
export function sortedOrder(
  session: JudgmentSession,
  g: UpstreamGraph,
  findings: Finding[],
  known?: ArrayLike<number>,
): number[] {
  const rankOf = keyRanks(session, g).of;
  const n = findings.length;
  // two lists of n numbers a verdict, in the run's scratch: a stale catalog's verdicts sort thousands of findings each
  const scratch = sortScratch(session, g, 2 * n);
  const rank = scratch.subarray(0, n);
  const unranked: number[] = [];
  const weights = new Set<number>();
  for (let i = 0; i < n; i++) {
    const f = findings[i]!;
    const r = known ? known[i]! : (rankOf.get(f.key) ?? -1);
    rank[i] = r;
    if (r < 0) unranked.push(i);
    weights.add(f.weight);
  }
  // heaviest first, as a small number that sorts ascending
  const heavier = new Map([...weights].sort((a, b) => b - a).map((w, k) => [w, k]));
  const before = (i: number, j: number): number => {
    const a = findings[i]!;
    const b = findings[j]!;
    if (a.weight !== b.weight) return b.weight - a.weight;
    const ra = rank[i]!;
    const rb = rank[j]!;
    return (ra >= 0 && rb >= 0 ? ra - rb : a.key.localeCompare(b.key)) || i - j;
  };
  const ranks = rankOf.size + 1;
  const packed = scratch.subarray(n, 2 * n - unranked.length);
  for (let i = 0, k = 0; i < n; i++)
    if (rank[i]! >= 0) packed[k++] = (heavier.get(findings[i]!.weight)! * ranks + rank[i]!) * n + i;
  packed.sort();
  const order = new Array<number>(packed.length);
  for (let k = 0; k < packed.length; k++) order[k] = packed[k]! % n;
  if (!unranked.length) return order;
  const sorted: number[] = [];
  let at = 0;
  for (const u of unranked.sort(before)) {
    let lo = at;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(order[mid]!, u) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (; at < lo; at++) sorted.push(order[at]!);
    sorted.push(u);
  }
  for (; at < order.length; at++) sorted.push(order[at]!);
  return sorted;
}

/** A run's scratch numbers for sorting one verdict, grown as verdicts need. */
function sortScratch(session: JudgmentSession, g: UpstreamGraph, size: number): Float64Array {
  const held = session.derived(g, 'sort-scratch', () => ({ numbers: new Float64Array(4096) }));
  if (held.numbers.length < size) held.numbers = new Float64Array(Math.max(size, 2 * held.numbers.length));
  return held.numbers;
}

/** Own-finding keys' places in `localeCompare` order (keys that collate equal share one), derived once per run. */
export interface KeyRanks {
  /** Each own-finding key of the graph's entities → its rank. */
  of: Map<string, number>;
  /** The ranks of an entity's own propagating findings (`EntityFacts.propagating`), in their order. */
  propagating(id: number): readonly number[];
  /** The ranks of an entity's standing findings (`EntityFacts.standing`), in their order. */
  standing(id: number): readonly number[];
}

export function keyRanks(session: JudgmentSession, g: UpstreamGraph): KeyRanks {
  return session.derived(g, 'key-rank', () => {
    const facts = entityFacts(session, g);
    const keys = new Set<string>();
    const count = session.indexes(g).entities.urns.length;
    for (let id = 0; id < count; id++) for (const f of facts.findings(id)) keys.add(f.key);
    const sorted = [...keys].sort((a, b) => a.localeCompare(b));
    const of = new Map<string, number>();
    let rank = 0;
    sorted.forEach((key, i) => {
      if (i > 0 && sorted[i - 1]!.localeCompare(key) !== 0) rank++;
      of.set(key, rank);
    });
    // by entity, so a verdict's thousand findings need no lookup by key each
    const ranksOf = (list: Finding[]) => list.map((f) => of.get(f.key)!);
    const propagating = new Array<number[] | undefined>(count).fill(undefined);
    const standing = new Array<number[] | undefined>(count).fill(undefined);
    return {
      of,
      propagating: (id) => (propagating[id] ??= ranksOf(facts.propagating(id))),
      standing: (id) => (standing[id] ??= ranksOf(facts.standing(id))),
    };
  });
}
