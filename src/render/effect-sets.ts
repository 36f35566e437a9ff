import type { Effect } from '../core/effects.js';

/** A node of the trie of effect keys: the lists that pass through it, and the id of the one that ends here. */
interface Node {
  next?: Map<string, Node>;
  ids?: { list: Effect[]; id: string }[];
}

/**
 * The distinct lists of folded findings (a root cause's `downstreamEffects`) a JSON document's verdicts name, each
 * listed once under an id (`e0`, `e1`, ...), as `ModelSets` does for blast radii. On a catalog where every table is
 * late a model has a thousand root causes, each listing up to 20 effects, and the models of a catalog share them:
 * 1,114,000 lists in a scan of the stale 1,000-model benchmark catalog, 1,016 of them distinct. Each list is worked
 * out per model, so lists are told apart by their keys (a trie: no string of keys is built for a list), then by content.
 */
export class EffectSets {
  readonly sets: Record<string, Effect[]> = {};
  private readonly root: Node = {};
  private count = 0;

  idOf(list: Effect[]): string {
    let node = this.root;
    for (const e of list) {
      node.next ??= new Map();
      let below = node.next.get(e.key);
      if (!below) node.next.set(e.key, (below = {}));
      node = below;
    }
    node.ids ??= [];
    const same = node.ids.find((x) => sameEffects(x.list, list));
    if (same) return same.id;
    const id = `e${this.count++}`;
    node.ids.push({ list, id });
    this.sets[id] = list;
    return id;
  }
}

const sameEffects = (a: Effect[], b: Effect[]) =>
  a === b || a.every((e, i) => e.entity === b[i]!.entity && e.message === b[i]!.message);
