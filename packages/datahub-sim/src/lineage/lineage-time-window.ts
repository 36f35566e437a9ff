import type { GraphEdge } from './edges.js';

/** An edge time window (lineageFlags start/endTimeMillis). */
export interface TimeWindow {
  startTimeMillis: number;
  endTimeMillis: number;
}

/** The window applies only when both ends are set. */
export const timeWindowOf = (opts: { startTimeMillis?: number; endTimeMillis?: number }): TimeWindow | undefined =>
  opts.startTimeMillis !== undefined && opts.endTimeMillis !== undefined
    ? { startTimeMillis: opts.startTimeMillis, endTimeMillis: opts.endTimeMillis }
    : undefined;

/** GraphFilterUtils.getEdgeTimeFilterQuery: overlap, no timestamps at all, or manual lineage. */
export function inTimeWindow(edge: GraphEdge, window: TimeWindow | undefined): boolean {
  if (!window) return true;
  const { startTimeMillis: start, endTimeMillis: end } = window;
  if (edge.isManual) return true;
  const created = edge.createdOn || undefined;
  const updated = edge.updatedOn || undefined;
  if (created === undefined && updated === undefined) return true;
  const within = (t: number | undefined) => t !== undefined && t >= start && t <= end;
  return (
    within(created) ||
    within(updated) ||
    (created !== undefined && updated !== undefined && created <= start && updated >= end)
  );
}
