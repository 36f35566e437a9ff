import type { ModelRef } from '../core/verdict.js';

/**
 * Equal lists of models as one array, each model as one object: a catalog's datasets mostly feed the same models
 * (on the 5,000-model benchmark catalog all 490 offending tables feed every model: 20 MB of lists as copies), and
 * the JSON output names each distinct array once (src/render/model-sets.ts).
 */
export class ModelListPool {
  private readonly models = new Map<string, ModelRef>();
  private readonly lists = new Map<string, ModelRef[][]>();

  intern(list: ModelRef[]): ModelRef[] {
    if (!list.length) return list;
    const key = `${list.length}\n${list[0]!.urn}\n${list.at(-1)!.urn}`;
    const same = this.lists.get(key);
    const known = same?.find((l) =>
      l.every((m, i) => m === list[i] || (m.urn === list[i]!.urn && m.name === list[i]!.name)),
    );
    if (known) return known;
    const pooled = list.map((m) => this.model(m));
    if (same) same.push(pooled);
    else this.lists.set(key, [pooled]);
    return pooled;
  }

  private model(m: ModelRef): ModelRef {
    const known = this.models.get(m.urn);
    if (known?.name === m.name) return known;
    this.models.set(m.urn, m);
    return m;
  }
}
