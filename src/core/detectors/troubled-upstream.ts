import type { UpstreamGraph } from '../graph.js';
import { modelReach, type ModelReach } from '../model-reach.js';
import type { JudgmentSession } from '../session.js';
import { entityFacts } from './entity-facts.js';

/** How many entities are upstream of a model: derived for every model of the run's catalog in one pass, on first use. */
export function upstreamCountOf(session: JudgmentSession, g: UpstreamGraph): number {
  const reach = troubledReachOf(session, g);
  const slot = reach.slot.get(session.indexes(g).entities.id.get(g.model) ?? -1);
  return slot === undefined ? 0 : reach.upstreamCount[slot]!;
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
