/**
 * Reports judged in the last few seconds, by the model reference asked for: a burst of requests (a page
 * reloaded, a link shared in a channel) judges the model once. Concurrent requests share one judgment;
 * failures are not kept.
 */
export interface ReportCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export function createReportCache<T>(ttlMs: number, now: () => number = Date.now, maxEntries = 256): ReportCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      if (ttlMs <= 0) return load();
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
