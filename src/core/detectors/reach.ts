import { componentsOf, indexOf, type UpstreamGraph } from '../graph.js';
import { forEachMarkedAbove, modelReach, type ModelReach } from '../model-reach.js';
import type { DetectContext } from './context.js';
import { entityFacts } from './entity-facts.js';
import { memoized } from './memo.js';

/** Where the model sits among the catalog's models: how much is upstream of it, and which of that has findings. */
export interface ModelPlace {
  upstreamCount: number;
  /** Calls `each` with the id (in `indexOf(g)`) of every upstream entity with findings of its own or a failed producer, ascending. */
  forEachTroubled(each: (id: number) => void): void;
}

const NOWHERE: ModelPlace = { upstreamCount: 0, forEachTroubled: () => {} };

/** Derived for every model of the graph's catalog in one pass, once per catalog read and context. */
export function placeOf(g: UpstreamGraph, ctx: DetectContext): ModelPlace {
  const reach = memoized(g, ctx, 'reach', () => troubledReach(g, ctx));
  const slot = reach.slot.get(indexOf(g).id.get(g.model) ?? -1);
  if (slot === undefined) return NOWHERE;
  // read from the model's row as it is walked: a stale model has thousands, and a list of them a model was garbage
  return {
    upstreamCount: reach.upstreamCount[slot]!,
    forEachTroubled: (each) => forEachMarkedAbove(reach, slot, each),
  };
}

function troubledReach(g: UpstreamGraph, ctx: DetectContext): ModelReach {
  const facts = entityFacts(g, ctx);
  const { urns } = indexOf(g);
  const isModel = (id: number) => g.nodes[urns[id]!]?.kind === 'mlModel';
  const isTroubled = (id: number) => facts.findings(id).length > 0 || facts.failedProducers(id).length > 0;
  return modelReach(indexOf(g), componentsOf(g), isModel, isTroubled);
}
