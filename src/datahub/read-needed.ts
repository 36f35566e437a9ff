import type { DataHubClient } from './client.js';
import { inputsOf } from '../core/build-graph.js';
import type { EntityCache } from './entity-cache.js';
import type { RawEntity } from './queries/entities.js';
import { readEntities } from './read-upstream.js';
import { urnPool } from './urn-pool.js';

export interface ReadNeededOptions {
  /** Entities a batched read (default ENTITY_BATCH). */
  batch?: number;
  /** Sees each entity as read, before it is trimmed (the service keeps what moves of it, read-changes.ts). */
  observe?: (raw: RawEntity) => void;
  /**
   * Walk on through entities already in the cache (a read cut short, resumed: what it read stands, and what lies
   * upstream of it may not have been read yet); otherwise the walk stops at them (they were read with their upstream).
   */
  resume?: boolean;
  /** Entities read so far, of those known so far (each level adds the next one's), for progress displays. */
  onRead?: (read: number, known: number) => void;
}

/**
 * Reads what judging every listed model needs, level by level: the models, then every entity one hop upstream
 * of the last level, until nothing new is reached. Each entity's batched read brings its one-hop upstream
 * edges, so the walk costs Σ ⌈level / batch⌉ requests and reads no entity that no model needs. Feature tables
 * and their primary keys come inside their features' reads.
 */
export async function readNeeded(
  client: DataHubClient,
  models: string[],
  cache: EntityCache,
  options: ReadNeededOptions = {},
): Promise<{ levels: number }> {
  const { batch, observe, resume = false, onRead } = options;
  const pool = urnPool();
  let level = [...new Set(models.map(pool))];
  const walked = new Set(level);
  let levels = 0;
  let known = 0;
  let read = 0;
  while (level.length) {
    levels++;
    known += level.length;
    onRead?.(read, known);
    await readEntities(client, level, cache, batch, (raw) => {
      observe?.(raw);
      onRead?.(++read, known);
      return cache.trimRead(raw, pool);
    });
    // the level is settled: entities DataHub does not hold (or failed to answer for) count as read too
    if (read !== known) onRead?.((read = known), known);
    const next = new Set<string>();
    for (const urn of level) {
      const raw = cache.get(urn);
      for (const up of raw ? inputsOf(cache.partsOf(raw)) : [])
        if (resume ? !walked.has(up) : !cache.has(up)) next.add(pool(up));
    }
    for (const urn of next) walked.add(urn);
    level = [...next];
  }
  return { levels };
}
