import { freshnessSla, type FreshnessDefaults } from './conventions/freshness-sla.js';
import type { UpstreamGraph } from './graph.js';

/**
 * When each dataset with a known last update and SLA goes stale (`lastUpdated + SLA`: stale once the clock is past
 * it). A deadline is a timer: a table turns stale at a known instant without anything being read. Pure.
 */
export function freshnessDeadlines(g: UpstreamGraph, defaults: FreshnessDefaults): Map<string, number> {
  const deadlines = new Map<string, number>();
  for (const node of Object.values(g.nodes)) {
    if (node.kind !== 'dataset' || node.lastUpdated === undefined) continue;
    const sla = freshnessSla(g, node, defaults);
    if (sla) deadlines.set(node.urn, node.lastUpdated + sla.ms);
  }
  return deadlines;
}

/** The datasets whose deadline fell in (from, to]: stale at `to`, not at `from`. */
export function deadlinesPassed(deadlines: Map<string, number>, from: number, to: number): string[] {
  const passed: string[] = [];
  if (to <= from) return passed;
  for (const [urn, at] of deadlines) if (at >= from && at < to) passed.push(urn);
  return passed;
}
