import type { DataHubClient } from './client.js';
import type { EntityCache } from './entity-cache.js';
import { siblingsNotReached } from './siblings-reached.js';
import { ENTITY_BATCH, entities, type RawEntity } from './queries/entities.js';
import type { LineagePage } from './queries/lineage-page.js';
import { readListRest } from './read-list-rest.js';
import { upstream, UPSTREAM_SLOTS, type UpstreamVars } from './queries/upstream.js';

/**
 * Reads a model's whole upstream in a constant number of requests whatever its depth: one multi-hop
 * lineage scroll (which reaches the training set through the model's training job, when it names one), then
 * batched `entities` reads that bring each entity's facts and one-hop upstream edges, sent as scroll pages
 * arrive. Training sets the lineage did not reach (DataHub's `mlModelTrainingData` is no lineage edge) are
 * scrolled and read in a second round. Gives the urns reached (the model first), each read into `cache`; core's
 * `buildGraph` makes the model's graph of them.
 */
export async function readUpstream(
  client: DataHubClient,
  model: string,
  cache: EntityCache,
  /** More roots to walk from (datasets a proposed lineage change mentions). */
  extraRoots: string[] = [],
): Promise<string[]> {
  const reached = new Set<string>();
  await readReached(client, [model], reached, cache);
  const training = (cache.get(model)?.trainingData ?? []).map((t) => t.dataset);
  const more = [...new Set([...training, ...extraRoots])].filter((d) => !reached.has(d));
  if (more.length) await readReached(client, more, reached, cache);
  // then each sibling the scroll did not reach (a dbt model's warehouse table lies downstream of it), the nearest
  // first: its scroll reaches the tables of the dbt models above it, so those cost nothing more
  for (let next = siblingsNotReached(cache, reached); next.length; next = siblingsNotReached(cache, reached))
    await readReached(client, [next[0]!], reached, cache);
  return [...reached];
}

/** Scrolls everything upstream of the roots and reads it (roots included), a full batch as soon as the scroll has one. */
async function readReached(
  client: DataHubClient,
  roots: string[],
  reached: Set<string>,
  cache: EntityCache,
): Promise<void> {
  const pending: string[] = [];
  const reads: Promise<void>[] = [];
  const reach = (urns: string[], last: boolean) => {
    for (const urn of urns) {
      if (reached.has(urn)) continue;
      reached.add(urn);
      if (!cache.has(urn)) pending.push(urn);
    }
    while (pending.length >= ENTITY_BATCH || (last && pending.length))
      reads.push(readEntities(client, pending.splice(0, ENTITY_BATCH), cache));
  };
  reach(roots, false);
  await scrollUpstream(client, roots, (urns) => reach(urns, false));
  reach([], true);
  await Promise.all(reads);
}

/** Every entity upstream of the roots, any depth, a page at a time to `onPage`. */
async function scrollUpstream(client: DataHubClient, roots: string[], onPage: (urns: string[]) => void): Promise<void> {
  const groups: string[][] = [];
  for (let i = 0; i < roots.length; i += UPSTREAM_SLOTS) groups.push(roots.slice(i, i + UPSTREAM_SLOTS));
  await Promise.all(
    groups.map(async (slot) => {
      const vars: UpstreamVars = { u0: slot[0]! };
      slot.slice(1).forEach((urn, j) => Object.assign(vars, { [`u${j + 1}`]: urn, [`has${j + 1}`]: true }));
      const data = await client.request(upstream, vars);
      const first = [data.s0, data.s1, data.s2, data.s3] as const;
      first.forEach((page) => onPage(urnsOf(page)));
      // each root's further pages follow its own scroll id, one after another; the roots side by side
      await Promise.all(
        first.map(async (page, k) => {
          let next = page?.nextScrollId;
          while (next) {
            const more = await client.request(upstream, { u0: slot[k]!, scrollId: next });
            onPage(urnsOf(more.s0));
            next = more.s0.nextScrollId;
          }
        }),
      );
    }),
  );
}

const urnsOf = (page: LineagePage | null | undefined): string[] => (page?.searchResults ?? []).map((r) => r.entity.urn);

/**
 * Reads the entities not yet in the cache, in batches of at most `batch`, split evenly; the batches go out
 * together (the client keeps at most `datahub.concurrency` in flight).
 */
export async function readEntities(
  client: DataHubClient,
  urns: string[],
  cache: EntityCache,
  batch = ENTITY_BATCH,
  /** What to keep of each entity read (a whole-catalog read trims each batch as it lands, holding no level whole). */
  keep: (raw: RawEntity) => RawEntity = (raw) => raw,
): Promise<void> {
  const missing = [...new Set(urns)].filter((u) => !cache.has(u));
  if (!missing.length) return;
  const size = Math.ceil(missing.length / Math.ceil(missing.length / batch));
  const batches: string[][] = [];
  for (let i = 0; i < missing.length; i += size) batches.push(missing.slice(i, i + size));
  await Promise.all(
    batches.map(async (b) => {
      const data = await client.request(entities, { urns: b });
      const read = (data.entities ?? []).filter((e): e is RawEntity => !!e);
      await readListRest(client, read);
      for (const urn of b) if (!cache.has(urn)) cache.set(urn, null);
      for (const e of read) {
        const kept = keep(e);
        cache.set(kept.urn, kept);
      }
    }),
  );
}
