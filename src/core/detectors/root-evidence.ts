import type { Effect } from '../effects.js';

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
export class RootEvidence {
  #effectsOf?: () => Effect[];
  #countOf?: () => number;
  #effects?: Effect[];
  #count?: number;

  constructor(own: Record<string, unknown>, effectsOf: () => Effect[], countOf: () => number) {
    Object.assign(this, own);
    this.#effectsOf = effectsOf;
    this.#countOf = countOf;
  }

  get downstreamEffects(): Effect[] {
    if (this.#effectsOf) {
      this.#effects = this.#effectsOf();
      this.#effectsOf = undefined; // what it walked over is no longer held
    }
    return this.#effects!;
  }

  get downstreamDatasets(): number {
    if (this.#countOf) {
      this.#count = this.#countOf();
      this.#countOf = undefined;
    }
    return this.#count!;
  }

  toJSON(): Record<string, unknown> {
    return {
      ...(this as object),
      downstreamEffects: this.downstreamEffects,
      downstreamDatasets: this.downstreamDatasets,
    };
  }
}
