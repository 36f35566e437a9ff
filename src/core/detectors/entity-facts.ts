import { finding, type Finding } from '../finding.js';
import type { UpstreamGraph } from '../graph.js';
import type { JudgmentSession } from '../session.js';
import { ENTITY_DETECTORS, PRODUCER_DETECTORS } from './registered.js';

/** What holds for an entity whatever model reaches it, by id in the run's entity index. */
export interface EntityFacts {
  /** Its own findings: every entity detector's rule on it, in registry order. */
  findings(id: number): Finding[];
  /** Those of its own findings whose trouble travels downstream (freshness, failures). */
  propagating(id: number): Finding[];
  /** The rest of its own findings (deprecated, removed). */
  standing(id: number): Finding[];
  /** The jobs producing it that the `k`-th producer rule (`PRODUCER_DETECTORS[k]`) finds in trouble. */
  troubledProducers(id: number, k: number): string[];
  /** Whether any producer rule finds a job producing it in trouble. */
  hasTroubledProducer(id: number): boolean;
}

const NONE: never[] = [];

/** Each entity's own facts, derived once per judgment run, on first use. */
export function entityFacts(session: JudgmentSession, g: UpstreamGraph): EntityFacts {
  return session.derived(g, 'entity-facts', () => {
    const ctx = session.context;
    const { urns } = session.indexes(g).entities;
    const findings: (Finding[] | undefined)[] = [];
    const producers = PRODUCER_DETECTORS.map((): (string[] | undefined)[] => []);
    const split: ([Finding[], Finding[]] | undefined)[] = [];
    const parts = (id: number) => {
      let found = split[id];
      if (!found) {
        const all = facts.findings(id);
        const travels = all.filter(travelling);
        split[id] = found = [
          travels.length ? travels : NONE,
          travels.length === all.length ? NONE : all.filter((f) => !travelling(f)),
        ];
      }
      return found;
    };
    const facts: EntityFacts = {
      propagating: (id) => parts(id)[0],
      standing: (id) => parts(id)[1],
      findings(id) {
        let found = findings[id];
        if (!found) {
          const n = g.nodes[urns[id]!];
          const all: Finding[] = [];
          if (n)
            for (const d of ENTITY_DETECTORS)
              for (const fields of d.findings(g, n, ctx)) all.push(finding(ctx.policy, d.name, fields));
          findings[id] = found = all.length ? all : NONE;
        }
        return found;
      },
      troubledProducers(id, k) {
        const known = producers[k]!;
        let found = known[id];
        if (!found) {
          const d = g.nodes[urns[id]!];
          const rule = PRODUCER_DETECTORS[k]!.producers;
          // a job's products are datasets
          const jobs = d?.kind === 'dataset' ? d.producers.filter((job) => rule.troubled(g.nodes[job])) : NONE;
          known[id] = found = jobs.length ? jobs : NONE;
        }
        return found;
      },
      hasTroubledProducer: (id) => PRODUCER_DETECTORS.some((_, k) => facts.troubledProducers(id, k).length > 0),
    };
    return facts;
  });
}

const TRAVELLING: Readonly<Record<string, boolean>> = Object.freeze(
  Object.fromEntries(ENTITY_DETECTORS.map((d) => [d.name, d.travels])),
);
const travelling = (f: Finding) => TRAVELLING[f.detector] === true;
