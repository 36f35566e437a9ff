/**
 * A prototype read strategy, measured beside Janus's own (not used by Janus): read the catalog level by level
 * from the models, in Janus's batches. Each batch brings its entities' one-hop upstream edges, which give the
 * next level, so only entities some model needs are read and nothing is listed but the models:
 * ⌈models / page⌉ + Σ over levels ⌈level / batch⌉ requests, at most needed / batch + levels + 1.
 */
import type { DataHubClient } from '../src/datahub/client.js';
import type { RawEntity } from '../src/datahub/queries/entities.js';
import { listModels } from '../src/datahub/queries/search-models.js';
import { readEntities, type EntityCache } from '../src/datahub/read-upstream.js';

/** One-hop upstream as Janus's catalog read follows it: lineage edges, and a model's training sets. */
function upstreamOf(raw: RawEntity): string[] {
  const edges = (raw.upstream?.relationships ?? []).flatMap((r) => (r.entity?.urn ? [r.entity.urn] : []));
  return raw.type === 'MLMODEL' ? [...edges, ...(raw.trainingData ?? []).map((t) => t.dataset)] : edges;
}

export async function readFrontier(client: DataHubClient, cache: EntityCache = new Map()): Promise<{ entities: number; levels: number }> {
  let level = (await listModels(client)).map((m) => m.urn);
  let levels = 0;
  while (level.length) {
    levels++;
    await readEntities(client, level, cache);
    const next = new Set<string>();
    for (const urn of level) {
      const raw = cache.get(urn);
      for (const up of raw ? upstreamOf(raw) : []) if (!cache.has(up)) next.add(up);
    }
    level = [...next];
  }
  return { entities: cache.size, levels };
}
