import type { EntityKind, EntityNode } from './graph.js';

/**
 * Orphans: a model, or an entity on a model's supply chain (a table, a feature, a feature table), that nobody who is
 * still here owns: no owner at all, or only departed (suspended) users. Pure: the catalog's entities come in, the
 * orphans go out with the models reading them. Jobs are left out: DataHub's Airflow plugin puts a pipeline's owners
 * on its flow, which Janus does not read, so every job would look orphaned.
 */

/** The kinds that can be orphans (the entities `missing_owner` looks at, and every table upstream). */
export const ORPHAN_KINDS: readonly EntityKind[] = ['mlModel', 'dataset', 'mlFeatureTable', 'mlFeature'];

/** Models an orphan names at most (the rest are counted): a raw table can feed thousands. */
export const ORPHAN_MODELS_KEPT = 200;

export interface Orphan {
  urn: string;
  name: string;
  kind: EntityKind;
  /** Departed users who still own it (their urns), empty when it has no owner at all. */
  departed: string[];
  /** The models reading it (itself first when it is one), at most ORPHAN_MODELS_KEPT. */
  models: string[];
  /** How many models read it in all. */
  modelCount: number;
}

/**
 * Every orphan among `entities`, most models first (then by name). An entity no model reads is not on a supply chain
 * and is left out; a removed (soft-deleted) one too.
 */
export function findOrphans(entities: Iterable<EntityNode>, modelsReading: (urn: string) => string[]): Orphan[] {
  const out: Orphan[] = [];
  // a sibling group (a dbt model and its table) is one entity, whichever of its members' reads named it
  const seen = new Set<string>();
  for (const n of entities) {
    if (n.removed || !ORPHAN_KINDS.includes(n.kind) || seen.has(n.urn)) continue;
    seen.add(n.urn);
    if (n.owners.some((o) => !o.departed)) continue;
    const models = modelsReading(n.urn);
    if (!models.length) continue;
    out.push({
      urn: n.urn,
      name: n.name,
      kind: n.kind,
      departed: n.owners.filter((o) => o.departed).map((o) => o.urn),
      models: models.slice(0, ORPHAN_MODELS_KEPT),
      modelCount: models.length,
    });
  }
  return out.sort((a, b) => b.modelCount - a.modelCount || a.name.localeCompare(b.name) || a.urn.localeCompare(b.urn));
}

/** What changed since the orphans recorded: the new ones (to post) and the urns no longer orphaned (to forget). */
export function orphanChanges(
  now: readonly Orphan[],
  recorded: Iterable<string>,
): { added: Orphan[]; gone: string[]; kept: Orphan[] } {
  const before = new Set(recorded);
  const current = new Set(now.map((o) => o.urn));
  return {
    added: now.filter((o) => !before.has(o.urn)),
    kept: now.filter((o) => before.has(o.urn)),
    gone: [...before].filter((u) => !current.has(u)),
  };
}

/**
 * Which messages one channel gets for the orphans new to it: one each, or one digest listing them all when there are
 * more than `digestAbove`.
 */
export function orphanMessagesFor<T>(items: T[], digestAbove: number): { digest: T[] } | { single: T[] } {
  return items.length > digestAbove ? { digest: items } : { single: items };
}

/** Owner urn → the models it owns (users and groups; departed users left out): what App Home reads. */
export function ownedModels(models: Iterable<EntityNode>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of models) {
    if (m.kind !== 'mlModel' || m.removed) continue;
    for (const o of m.owners) {
      if (o.departed) continue;
      const list = out.get(o.urn);
      if (list) {
        if (!list.includes(m.urn)) list.push(m.urn);
      } else out.set(o.urn, [m.urn]);
    }
  }
  return out;
}
