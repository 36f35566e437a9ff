/** The `n` items whose names are closest to `ref` (Levenshtein, case-insensitive), closest first, then by name. */
export function closestByName<T>(ref: string, items: readonly T[], nameOf: (item: T) => string, n = 3): T[] {
  const wanted = ref.toLowerCase();
  return items
    .map((item) => ({ item, name: nameOf(item), d: distance(wanted, nameOf(item).toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, n)
    .map((x) => x.item);
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** The one name closest to `ref`, if it is within a typo's reach of it (about a third of its letters changed). */
export function closestName(ref: string, names: readonly string[]): string | undefined {
  const [best] = closestByName(ref, names, (n) => n, 1);
  if (best === undefined) return undefined;
  return distance(ref.toLowerCase(), best.toLowerCase()) <= Math.max(2, Math.ceil(ref.length / 3)) ? best : undefined;
}
