import type { Acceptance, AcceptancePolicy } from './acceptance/acceptance.js';
import type { FreshnessDefaults } from './conventions/freshness-sla.js';
import type { Label } from './conventions/label.js';
import type { DetectContext } from './detectors/context.js';
import type { Policy } from './finding.js';
import type { UpstreamGraph } from './graph.js';
import { GraphIndexes } from './graph-indexes.js';
import type { BandPolicy } from './score.js';

export interface JudgePolicy {
  policy: Policy;
  bands: BandPolicy;
  freshness: FreshnessDefaults;
  /** Judge at this instant (ms) instead of the caller's `now` (`judge.asOf`); the verdict's `scannedAt` stays the caller's. */
  asOf?: number;
  /** Findings people accepted (DataHub's, the repository's `.janus/accepted.yml`): honoured at the judged instant. */
  acceptances?: readonly Acceptance[];
  /** How long acceptances may last (`judge.acceptance`); the defaults when unsaid. */
  acceptance?: AcceptancePolicy;
}

/**
 * One judgment run: a policy, an instant, and the graphs of one catalog read (a whole-catalog scan, one service
 * cycle, or one model's walk). It holds what the engine derives once and shares across the run's models (each
 * entity's own findings, which trouble folds into which, where each model sits among the troubled entities, the
 * indexes over the records), so a run costs each model its findings, not its thousands of upstream entities.
 * Created by the caller and passed in; dropped with the run. Never reused across policies, clocks or catalog reads.
 */
export class JudgmentSession {
  readonly policy: JudgePolicy;
  /** What every rule reads besides the graph: the detectors' policy, the instant judged at, the SLA defaults. */
  readonly context: Readonly<DetectContext>;
  #indexes?: GraphIndexes;
  readonly #derived = new Map<string, unknown>();

  /**
   * `now`: the run's clock (`policy.asOf` overrides it for the rules). `indexes`: the catalog read's, when the caller
   * keeps them beyond the run (a catalog's blast radius reads them too); else built over the first graph judged.
   */
  constructor(policy: JudgePolicy, now: number, indexes?: GraphIndexes) {
    this.policy = policy;
    this.context = { policy: policy.policy, now: policy.asOf ?? now, freshness: policy.freshness };
    this.#indexes = indexes;
  }

  /** The indexes over the graph's records. A graph over other records than the run's is an error, not a slow path. */
  indexes(g: UpstreamGraph): GraphIndexes {
    const indexes = (this.#indexes ??= new GraphIndexes(g));
    if (!indexes.holds(g))
      throw new Error(
        `model ${g.model}: its graph is over other records than this judgment run's (one JudgmentSession judges the graphs of one catalog read)`,
      );
    return indexes;
  }

  /** A model rule's context: the run's, with the model's label and the indexes over its graph. */
  contextFor(g: UpstreamGraph, label: Label | undefined): DetectContext {
    return { ...this.context, indexes: this.indexes(g), ...(label ? { label } : {}) };
  }

  /** `build()`'s value, derived once per run: only for what holds whatever the model (the records and the policy). */
  derived<T>(g: UpstreamGraph, name: string, build: () => T): T {
    this.indexes(g);
    if (!this.#derived.has(name)) this.#derived.set(name, build());
    return this.#derived.get(name) as T;
  }
}
