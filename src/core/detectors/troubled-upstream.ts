import type { UpstreamGraph } from '../graph.js';
import { forEachMarkedAbove, modelReach, type ModelReach } from '../model-reach.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';

/** What is upstream of a model: how much, and which of it is in trouble. */
export interface TroubledUpstream {
  upstreamCount: number;
  /** Calls `each` with the id (in the run's entity index) of every upstream entity with findings of its own or a troubled producer, ascending. */
  forEachTroubled(each: (id: number) => void): void;
}

const NOTHING: TroubledUpstream = { upstreamCount: 0, forEachTroubled: () => {} };

/** The model's troubled upstream: derived for every model of the run's catalog in one pass, on first use. */
export function troubledUpstream(session: JudgmentSession, g: UpstreamGraph): TroubledUpstream {
  const reach = troubledReachOf(session, g);
  const slot = reach.slot.get(session.indexes(g).entities.id.get(g.model) ?? -1);
  if (slot === undefined) return NOTHING;
  // read from the model's row as it is walked: a stale model has thousands, and a list of them a model was garbage
  return {
    upstreamCount: reach.upstreamCount[slot]!,
    forEachTroubled: (each) => forEachMarkedAbove(reach, slot, each),
  };
}

/** Which troubled entities are upstream of which model: one row of bits a model, derived once per judgment run. */
export const troubledReachOf = (session: JudgmentSession, g: UpstreamGraph): ModelReach =>
  session.derived(g, 'troubled-reach', () => troubledReach(session, g));

function troubledReach(session: JudgmentSession, g: UpstreamGraph): ModelReach {
  const facts = entityFacts(session, g);
  const indexes = session.indexes(g);
  const { urns } = indexes.entities;
  const isModel = (id: number) => g.nodes[urns[id]!]?.kind === 'mlModel';
  const isTroubled = (id: number) => facts.findings(id).length > 0 || facts.hasTroubledProducer(id);
  return modelReach(indexes.entities, indexes.components, isModel, isTroubled);
}
