import type { Limit } from '../core/limit.js';
import type { DataHubClient } from './client.js';
import type { PathError } from './batch-operation.js';
import { DataHubError, graphqlError } from './errors.js';
import type { EntityCache } from './entity-cache.js';
import { labelTables } from '../core/conventions/label.js';
import { siblingsNotReached } from './siblings-reached.js';
import { ENTITY_BATCH, entities, type RawEntity } from './queries/entities.js';
import type { LineagePage } from './queries/lineage-page.js';
import { readListRest } from './read-list-rest.js';
import type { RunScrolls } from './run-scrolls.js';
import { upstream, UPSTREAM_SLOTS, type UpstreamVars } from './queries/upstream.js';

/**
 * Reads a model's whole upstream in a constant number of requests whatever its depth: one multi-hop
 * lineage scroll (which reaches the training set through the model's training job, when it names one), then
 * batched `entities` reads that bring each entity's facts and one-hop upstream edges, sent as scroll pages
 * arrive; soft-deleted entities included (a removed hop is walked through). Training sets the lineage did not reach
 * (DataHub's `mlModelTrainingData` is no lineage edge) and a label's table (secondRoots) are scrolled and read in a
 * second round. Gives the urns reached (the model first), each read into `cache`; core's
 * `buildGraph` makes the model's graph of them.
 */
export async function readUpstream(
  client: DataHubClient,
  model: string,
  cache: EntityCache,
  /** More roots to walk from (datasets a proposed lineage change mentions). */
  extraRoots: string[] = [],
  /** At most this many entities reached: past it, no further request is sent and `limit.exceeded` is thrown. */
  limit?: Limit,
  /** The scrolls this run already made, and where to keep this read's (the gate's two judgments of a model). */
  scrolls?: RunScrolls,
  /** Entities read (in the cache: read now or before) of those reached so far, as pages and batches land. */
  onRead?: (read: number, found: number) => void,
): Promise<string[]> {
  const reached = new Set<string>();
  const tally = { read: 0, tell: () => onRead?.(tally.read, reached.size) };
  const read = (roots: string[]) => readReached(client, roots, reached, cache, tally, limit, scrolls);
  await read([model]);
  const more = [...new Set([...secondRoots(cache, model), ...extraRoots])].filter((d) => !reached.has(d));
  if (limit && reached.size + more.length > limit.max) throw limit.exceeded(reached.size + more.length);
  if (more.length) await read(more);
  // then each sibling the scroll did not reach (a dbt model's warehouse table lies downstream of it), the nearest
  // first: its scroll reaches the tables of the dbt models above it, so those cost nothing more
  for (let next = siblingsNotReached(cache, reached); next.length; next = siblingsNotReached(cache, reached))
    await read([next[0]!]);
  return [...reached];
}

/** Scroll requests in flight at once for one read: the client queues past `datahub.concurrency` (at most 32). */
const SCROLLS_AT_ONCE = 32;

/**
 * What a model's judgment reads that its lineage may not reach: its training sets (DataHub's `mlModelTrainingData` is
 * no lineage edge) and the table of a label named by urn, with the label's own upstream (its derivation), wherever
 * the label lies (core/conventions/label.ts).
 */
export function secondRoots(cache: EntityCache, model: string): string[] {
  const raw = cache.get(model);
  if (!raw) return [];
  const parts = cache.partsOf(raw);
  return [...parts.trainingData, ...labelTables(parts.node)];
}

/** Scrolls everything upstream of the roots and reads it (roots included), a full batch as soon as the scroll has one. */
async function readReached(
  client: DataHubClient,
  roots: string[],
  reached: Set<string>,
  cache: EntityCache,
  tally: { read: number; tell: () => void },
  limit?: Limit,
  scrolls?: RunScrolls,
): Promise<void> {
  const pending: string[] = [];
  const reads: Promise<void>[] = [];
  let over = 0;
  const reach = (urns: string[], last: boolean) => {
    for (const urn of urns) {
      if (over || reached.has(urn)) continue;
      if (limit && reached.size >= limit.max) over = reached.size + 1;
      else {
        reached.add(urn);
        if (!cache.has(urn)) pending.push(urn);
        else tally.read++;
      }
    }
    tally.tell();
    while (!over && (pending.length >= ENTITY_BATCH || (last && pending.length))) {
      const batch = pending.splice(0, ENTITY_BATCH);
      reads.push(
        readEntities(client, batch, cache).then(() => {
          tally.read += batch.length;
          tally.tell();
        }),
      );
    }
  };
  reach(roots, false);
  await scrollUpstream(
    client,
    roots,
    (urns) => reach(urns, false),
    () => over > 0,
    scrolls,
  );
  reach([], true);
  // the reads already sent land (or fail) before the limit is said: nothing is left running behind the error
  await Promise.all(reads);
  if (over) throw limit!.exceeded(over);
}

/** Every entity upstream of the roots, any depth, a page at a time to `onPage`, until `stop()` says enough. */
async function scrollUpstream(
  client: DataHubClient,
  roots: string[],
  onPage: (urns: string[]) => void,
  stop: () => boolean,
  scrolls?: RunScrolls,
): Promise<void> {
  const known = scrolls ? roots.filter((r) => scrolls.upstream.has(r)) : [];
  for (const root of known) onPage(scrolls!.upstream.get(root)!);
  const unknown = known.length ? roots.filter((r) => !scrolls!.upstream.has(r)) : roots;
  const groups: string[][] = [];
  for (let i = 0; i < unknown.length; i += UPSTREAM_SLOTS) groups.push(unknown.slice(i, i + UPSTREAM_SLOTS));
  const scrollGroup = async (slot: string[]) => {
    const vars: UpstreamVars = { u0: slot[0]! };
    slot.slice(1).forEach((urn, j) => Object.assign(vars, { [`u${j + 1}`]: urn, [`has${j + 1}`]: true }));
    const data = await client.request(upstream, vars);
    const first = [data.s0, data.s1, data.s2, data.s3] as const;
    first.forEach((page) => onPage(urnsOf(page)));
    // each root's further pages follow its own scroll id, one after another; the roots side by side
    await Promise.all(
      slot.map(async (root, k) => {
        const page = first[k];
        const seen = scrolls ? urnsOf(page) : [];
        let next = page?.nextScrollId;
        while (next && !stop()) {
          const more = await client.request(upstream, { u0: root, scrollId: next });
          onPage(urnsOf(more.s0));
          if (scrolls) seen.push(...urnsOf(more.s0));
          next = more.s0.nextScrollId;
        }
        if (scrolls && page && !next) scrolls.upstream.set(root, seen);
      }),
    );
  };
  // a few groups at a time, each taking the next: past a limit, the groups not yet begun are never sent
  let taken = 0;
  const worker = async () => {
    while (taken < groups.length && !stop()) await scrollGroup(groups[taken++]!);
  };
  await Promise.all(Array.from({ length: Math.min(SCROLLS_AT_ONCE, groups.length) }, worker));
}

const urnsOf = (page: LineagePage | null | undefined): string[] => (page?.searchResults ?? []).map((r) => r.entity.urn);

/**
 * Reads the entities not yet in the cache, in batches of at most `batch`, split evenly; the batches go out
 * together (the client keeps at most `datahub.concurrency` in flight). GMS answers each entity's fields on their
 * own: an entity with a field that failed is marked unread in the cache (judged unknown, named in the verdicts that
 * need it) and the rest of the batch stands. A batch that runs out of time (Janus's deadline, or GMS's 503 after
 * 55 s) is read again in halves, down to one entity, which is then marked unread.
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
  await Promise.all(batches.map((b) => readBatch(client, b, cache, keep)));
}

async function readBatch(
  client: DataHubClient,
  urns: string[],
  cache: EntityCache,
  keep: (raw: RawEntity) => RawEntity,
): Promise<void> {
  let answer: { data: { entities?: (RawEntity | null | undefined)[] | null }; errors: readonly PathError[] };
  try {
    answer = await client.requestPartial(entities, { urns });
  } catch (err) {
    if (!ranOutOfTime(err)) throw err;
    if (urns.length === 1) return cache.markUnread(urns[0]!, (err as Error).message);
    const half = Math.ceil(urns.length / 2);
    await Promise.all([urns.slice(0, half), urns.slice(half)].map((b) => readBatch(client, b, cache, keep)));
    return;
  }
  const { data, errors } = answer;
  // an error above the entities (the whole field failed) fails the read, as a request would
  if (errors.some((e) => entityOf(e, urns) === undefined) || (errors.length && !data.entities))
    throw graphqlError(entities.name, errors.map((e) => e.message).join('; '));
  const failed = new Map<string, string>();
  for (const e of errors) if (!failed.has(entityOf(e, urns)!)) failed.set(entityOf(e, urns)!, e.message);
  const read = (data.entities ?? []).filter((e): e is RawEntity => !!e && !failed.has(e.urn));
  // lists longer than the page this read brought: read to their end before anything is judged of them
  await readListRest(client, read);
  for (const urn of urns) if (!cache.has(urn)) cache.set(urn, null);
  for (const e of read) {
    const kept = keep(e);
    cache.set(kept.urn, kept);
  }
  for (const [urn, error] of failed) cache.markUnread(urn, error);
}

/** The entity a field error belongs to (its path is `entities.<i>.…`), if any. */
function entityOf(e: PathError, urns: string[]): string | undefined {
  const [root, index] = e.path ?? [];
  return root === 'entities' && typeof index === 'number' ? urns[index] : undefined;
}

/** A read Janus stopped waiting for, or GMS answered 503 (its 55 s request timeout): smaller reads may fit. */
export const ranOutOfTime = (err: unknown): boolean =>
  err instanceof DataHubError &&
  ((err.code === 'datahub.unreachable' && /timed out/.test(err.message)) || err.status === 503);
