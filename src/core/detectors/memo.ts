import { memoOf, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';

/** Contexts kept per memo: a scan judges at one clock; keep a second for a caller that alternates. */
const SLOTS = 2;

/**
 * `build()`'s value for this graph's records and this context (policy, SLA defaults, clock), derived once: shared
 * by every graph of one catalog read (`g.shared`), else kept per graph. Only for facts that hold whatever the model.
 */
export function memoized<T>(g: UpstreamGraph, ctx: DetectContext, name: string, build: () => T): T {
  const memo = memoOf(g);
  const key = [ctx.policy, ctx.freshness, ctx.now] as const;
  let slot = memo.slots.find((s) => s.key.every((k, i) => k === key[i]));
  if (!slot) {
    slot = { key, values: new Map() };
    memo.slots.unshift(slot);
    memo.slots.length = Math.min(memo.slots.length, SLOTS);
  }
  if (!slot.values.has(name)) slot.values.set(name, build());
  return slot.values.get(name) as T;
}
