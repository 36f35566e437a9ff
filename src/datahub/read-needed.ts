import type { DataHubClient } from './client.js';
import type { RawEntity } from './queries/entities.js';
import { lineageUpstreams, readEntities, trimRead, type EntityCache } from './read-upstream.js';
import { urnPool } from './urn-pool.js';

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
  batch?: number,
  /** Sees each entity as read, before it is settled (the service keeps what moves of it, read-changes.ts). */
  observe?: (raw: RawEntity) => void,
): Promise<{ levels: number }> {
  const pool = urnPool();
  let level = [...new Set(models.map(pool))];
  let levels = 0;
  while (level.length) {
    levels++;
    await readEntities(client, level, cache, batch, (raw) => {
      observe?.(raw);
      return trimRead(raw, pool);
    });
    const next = new Set<string>();
    for (const urn of level) {
      const raw = cache.get(urn);
      for (const up of raw ? inputsOf(raw) : []) if (!cache.has(up)) next.add(pool(up));
    }
    level = [...next];
  }
  return { levels };
}

/**
 * What an entity's judgment reads one hop upstream of it: DataHub's lineage edges (at most 1,000 a read),
 * a model's training sets (not lineage in DataHub, an input for Janus), and a feature's sources.
 */
export function inputsOf(raw: RawEntity): string[] {
  const inputs = [...lineageUpstreams(raw)];
  if (raw.type === 'MLMODEL') inputs.push(...(raw.trainingData ?? []).map((t) => t.dataset));
  if (raw.type === 'MLFEATURE') inputs.push(...(raw.properties?.sources ?? []).flatMap((s) => (s?.urn ? [s.urn] : [])));
  return inputs;
}
