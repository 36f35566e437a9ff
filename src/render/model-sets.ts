import { ModelListBits } from '../core/other-models.js';
import type { ModelRef } from '../core/verdict.js';

/**
 * The distinct lists of models a JSON document's verdicts name, each listed once under an id (`m0`, `m1`, ...): a
 * catalog's offending datasets share a few lists of up to every model, and a verdict names hundreds of datasets, so
 * listing them per dataset and per verdict would make a scan's JSON grow with models × datasets × verdicts. Lists
 * are told apart by identity: the readers hand out equal lists as one array (read-catalog, read-downstream).
 */
export class ModelSets {
  readonly sets: Record<string, ModelRef[]> = {};
  /** The same lists as bit sets, for Argos's count of the other models each verdict's trouble reaches. */
  readonly bits = new ModelListBits();
  private readonly ids = new Map<ModelRef[], string>();

  idOf(list: ModelRef[]): string {
    let id = this.ids.get(list);
    if (!id) {
      id = `m${this.ids.size}`;
      this.ids.set(list, id);
      this.sets[id] = list;
    }
    return id;
  }
}
