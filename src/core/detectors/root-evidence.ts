import type { Effect } from '../effects.js';

/** What lies below a model's roots: worked out for one root's spread (`reach`) when its evidence is read. */
export interface EffectsBelow<Reach> {
  effects(reach: Reach): Effect[];
  count(reach: Reach): number;
}

/**
 * A root cause's evidence: its finding's own fields, then what it explains below it (`downstreamEffects`, the first
 * folded findings; `downstreamDatasets`, how many in all), worked out when first read. Each is a walk over the
 * troubled entities of the catalog, for each of a model's roots: on a stale catalog, where every table is late, a
 * model has a thousand roots and the walks grew with the catalog's size times its models times their roots. A
 * catalog scan's text and its write-back plan read a model's score, band and finding keys, not this; JSON, reports,
 * Slack and `trust` read it, and get the same values.
 *
 * Reads as plain data: the finding's own fields are its own properties, the two worked out are getters on the class,
 * and `toJSON` gives every field in the evidence's order (JSON output, the verdict history). A spread or `Object.keys`
 * sees only the own fields: read these two through `effectsOf` (src/core/effects.ts) or by name.
 */
export class RootEvidence<Reach = unknown> {
  // one per model, shared by its roots, and the root's spread: no closure per root (a stale model has thousands)
  #below?: EffectsBelow<Reach>;
  #reach?: Reach;
  #effects?: Effect[];
  #count?: number;

  constructor(own: Record<string, unknown>, below: EffectsBelow<Reach>, reach: Reach) {
    Object.assign(this, own);
    this.#below = below;
    this.#reach = reach;
  }

  get downstreamEffects(): Effect[] {
    this.#effects ??= this.#below!.effects(this.#reach!);
    this.#release();
    return this.#effects;
  }

  get downstreamDatasets(): number {
    this.#count ??= this.#below!.count(this.#reach!);
    this.#release();
    return this.#count;
  }

  /** Once both are worked out, what they were worked out over is no longer held. */
  #release(): void {
    if (this.#effects !== undefined && this.#count !== undefined) {
      this.#below = undefined;
      this.#reach = undefined;
    }
  }

  toJSON(): Record<string, unknown> {
    return {
      ...(this as object),
      downstreamEffects: this.downstreamEffects,
      downstreamDatasets: this.downstreamDatasets,
    };
  }
}
