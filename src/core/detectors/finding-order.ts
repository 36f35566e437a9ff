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
export function sortFindings(session: JudgmentSession, g: UpstreamGraph, findings: Finding[]): Finding[] {
  const rankOf = session.derived(g, 'key-rank', () => keyRanks(session, g));
  const n = findings.length;
  const rank = new Float64Array(n);
  const unranked: number[] = [];
  const weights = new Set<number>();
  for (let i = 0; i < n; i++) {
    const f = findings[i]!;
    const r = rankOf.get(f.key);
    rank[i] = r ?? -1;
    if (r === undefined) unranked.push(i);
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
  const packed = new Float64Array(n - unranked.length);
  for (let i = 0, k = 0; i < n; i++)
    if (rank[i]! >= 0) packed[k++] = (heavier.get(findings[i]!.weight)! * ranks + rank[i]!) * n + i;
  packed.sort();
  const order = Array.from(packed, (x) => x % n);
  if (!unranked.length) return order.map((i) => findings[i]!);
  const sorted: Finding[] = [];
  let at = 0;
  for (const u of unranked.sort(before)) {
    let lo = at;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(order[mid]!, u) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (; at < lo; at++) sorted.push(findings[order[at]!]!);
    sorted.push(findings[u]!);
  }
  for (; at < order.length; at++) sorted.push(findings[order[at]!]!);
  return sorted;
}

/** Each own-finding key of the graph's entities → its place in `localeCompare` order (keys that collate equal share one). */
function keyRanks(session: JudgmentSession, g: UpstreamGraph): Map<string, number> {
  const facts = entityFacts(session, g);
  const keys = new Set<string>();
  for (let id = 0; id < session.indexes(g).entities.urns.length; id++)
    for (const f of facts.findings(id)) keys.add(f.key);
  const sorted = [...keys].sort((a, b) => a.localeCompare(b));
  const ranks = new Map<string, number>();
  let rank = 0;
  sorted.forEach((key, i) => {
    if (i > 0 && sorted[i - 1]!.localeCompare(key) !== 0) rank++;
    ranks.set(key, rank);
  });
  return ranks;
}
