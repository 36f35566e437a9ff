import { matchesCriterion, toCriterion } from './facet.js';
import { arr, at, num, obj, type Raw } from './raw.js';

/** TimeseriesAspectService result limits (application.yaml `timeseriesAspectService.limit.results`). */
const API_DEFAULT_LIMIT = 5000;
const MAX_LIMIT = 10000;

/** ConfigUtils.applyLimit: no (or a negative) limit, or one over the max, becomes the API default. */
export function applyLimit(limit: unknown): number {
  const n = num(limit);
  if (n === undefined || n < 0 || n > MAX_LIMIT) return API_DEFAULT_LIMIT;
  return Math.floor(n);
}

export interface TimeseriesArgs {
  startTimeMillis?: unknown;
  endTimeMillis?: unknown;
  limit?: unknown;
  filter?: unknown;
}

function stringValues(v: unknown): string[] {
  const list = arr(v) ?? (v === undefined || v === null ? [] : [v]);
  return list.filter((x) => ['string', 'number', 'boolean'].includes(typeof x)).map(String);
}

/**
 * getTimeseriesAspectValues: events with `startTimeMillis <= timestampMillis <= endTimeMillis` that match
 * the filter, sorted newest first by `sortField` (timestampMillis unless the resolver asks otherwise), limited.
 */
export function timeseriesWindow(events: Raw[], args: TimeseriesArgs, sortField = 'timestampMillis'): Raw[] {
  const start = num(args.startTimeMillis);
  const end = num(args.endTimeMillis);
  const criteria = (arr(obj(args.filter)?.and) ?? []).map(toCriterion).filter((c) => c !== undefined);
  const kept = events.filter((e) => {
    const ts = num(e.timestampMillis) ?? 0;
    if (start !== undefined && ts < start) return false;
    if (end !== undefined && ts > end) return false;
    return criteria.every((c) => matchesCriterion(stringValues(at(e, c.field)), c));
  });
  const sorted = kept
    .map((e, i) => ({ e, i, key: num(at(e, sortField)) ?? 0 }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .map((x) => x.e);
  return sorted.slice(0, applyLimit(args.limit));
}
