import type { Finding } from '../finding.js';
import { indexOf, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { freshnessLagOf } from './freshness-lag.js';
import { deprecatedOf, removedOf } from './lifecycle.js';
import { memoized } from './memo.js';
import { PROPAGATING } from './propagating.js';
import { failedAssertionsOf, failedProducers } from './upstream-failure.js';

/** What holds for an entity whatever model reaches it, by id in `indexOf(g)`. */
export interface EntityFacts {
  /** Its own findings: freshness, failed assertions, deprecated, removed. */
  findings(id: number): Finding[];
  /** Those of its own findings whose trouble travels downstream (freshness, failures). */
  propagating(id: number): Finding[];
  /** The rest of its own findings (deprecated, removed). */
  standing(id: number): Finding[];
  /** The jobs producing it whose latest run failed. */
  failedProducers(id: number): string[];
}

const NONE: never[] = [];

/** Each entity's own facts, derived once per catalog read (or per graph) and context. */
export function entityFacts(g: UpstreamGraph, ctx: DetectContext): EntityFacts {
  return memoized(g, ctx, 'entity-facts', () => {
    const { urns } = indexOf(g);
    const findings: (Finding[] | undefined)[] = [];
    const failed: (string[] | undefined)[] = [];
    const split: ([Finding[], Finding[]] | undefined)[] = [];
    const parts = (id: number) => {
      let found = split[id];
      if (!found) {
        const all = facts.findings(id);
        const travels = all.filter((f) => PROPAGATING.has(f.detector));
        split[id] = found = [
          travels.length ? travels : NONE,
          travels.length === all.length ? NONE : all.filter((f) => !PROPAGATING.has(f.detector)),
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
          const all = [
            ...failedAssertionsOf(n, ctx),
            ...freshnessLagOf(g, n, ctx),
            ...deprecatedOf(n, ctx),
            ...removedOf(n, ctx),
          ];
          findings[id] = found = all.length ? all : NONE;
        }
        return found;
      },
      failedProducers(id) {
        let found = failed[id];
        if (!found) {
          const jobs = failedProducers(g, g.nodes[urns[id]!]);
          failed[id] = found = jobs.length ? jobs : NONE;
        }
        return found;
      },
    };
    return facts;
  });
}
