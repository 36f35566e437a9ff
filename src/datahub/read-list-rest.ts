import { defineAliasedOperation } from './aliased.js';
import type { DataHubClient } from './client.js';
import { incompleteRead } from './errors.js';
import { rawEntitySchema, type RawEntity } from './queries/entities.js';

/**
 * The lists of an entity's read (JanusEntityFields) that may be longer than their first page, and that page's size
 * there (operations/fragments/entity-fields.graphql). `window`: the list is a query of an Elasticsearch index, whose
 * `total` reads 10,000 past 10,000 and which refuses a page past its 10,000th result (DATAHUB-API.md §0 "Totals");
 * the others come from the graph service, whose totals are exact.
 */
const LISTS = {
  upstream: { first: 1000, window: false },
  incidents: { first: 100, window: true },
  assertions: { first: 100, window: false },
  featureTables: { first: 100, window: false },
} as const;
type ListName = keyof typeof LISTS;
const NAMES = Object.keys(LISTS) as ListName[];
/** The variable prefix of each list in list-rest.graphql. */
const VAR: Record<ListName, string> = { upstream: 'up', incidents: 'inc', assertions: 'as', featureTables: 'ft' };

/** The largest page a follow-up asks for: GMS's `limit.results.max` (a larger count is replaced by a smaller one). */
const MOST = 10_000;
const RESULT_WINDOW = 10_000;

const restSchema = rawEntitySchema.pick({
  urn: true,
  upstream: true,
  incidents: true,
  assertions: true,
  featureTables: true,
});
/** Entities a follow-up request carries: as many slots as GMS's parser and complexity limits take (aliased.ts). */
const listRest = defineAliasedOperation('list-rest', restSchema);

type Items = { total?: number | null } & Record<string, unknown>;
/** An entity read with some of the lists (JanusEntityFields, or a read of incidents alone). */
export type WithLists = { urn: string } & Partial<Pick<RawEntity, ListName>>;
const itemsOf = (name: ListName, list: Items): unknown[] =>
  (list[name === 'upstream' || name === 'featureTables' ? 'relationships' : name] as unknown[] | undefined) ?? [];

interface Rest {
  raw: WithLists;
  list: ListName;
  /** Where the next page starts: past every page asked so far (a page may hold fewer, filtered, results). */
  next: number;
  total: number;
}

/** The lists of `raw` that its read did not bring whole. Throws when one cannot be read whole. */
function restOf(raw: WithLists): Rest[] {
  const rests: Rest[] = [];
  for (const list of NAMES) {
    const got = raw[list] as Items | null | undefined;
    if (!got || typeof got.total !== 'number') continue;
    const { first, window } = LISTS[list];
    if (window && got.total >= RESULT_WINDOW)
      throw incompleteRead(
        'JanusListRest',
        `${raw.urn} has ${got.total} or more ${list}, past the 10,000 results DataHub's search index can page to`,
      );
    if (got.total > first) rests.push({ raw, list, next: first, total: got.total });
  }
  return rests;
}

/**
 * Reads to their end the lists of the entities that their read brought only the first page of (an entity with
 * 1,001 upstream edges keeps them all): every short list of the batch in one request a round, each list's remainder
 * in one page (up to 10,000), appended in place. No request when every list came whole, as nearly all do.
 */
export async function readListRest(
  client: DataHubClient,
  raws: readonly WithLists[],
  /** Which incidents the reads listed: the active ones (JanusEntityFields), or all of them (null). */
  incidentState: 'ACTIVE' | null = 'ACTIVE',
): Promise<void> {
  let rests = raws.flatMap(restOf);
  while (rests.length) {
    const byEntity = new Map<WithLists, Rest[]>();
    for (const r of rests) byEntity.set(r.raw, [...(byEntity.get(r.raw) ?? []), r]);
    const entities = [...byEntity.entries()];
    const chunks: (typeof entities)[] = [];
    for (let i = 0; i < entities.length; i += listRest.max) chunks.push(entities.slice(i, i + listRest.max));
    const further = await Promise.all(chunks.map((chunk) => readRound(client, chunk, incidentState)));
    rests = further.flat();
  }
}

/** One request for a chunk of entities' next pages; gives the lists still not whole. */
async function readRound(
  client: DataHubClient,
  chunk: [WithLists, Rest[]][],
  incidentState: 'ACTIVE' | null,
): Promise<Rest[]> {
  const vars: Record<string, unknown> = {};
  chunk.forEach(([raw, lists], i) => {
    const slot: Record<string, unknown> = { u: raw.urn, incState: incidentState };
    for (const r of lists) {
      slot[VAR[r.list]] = true;
      slot[`${VAR[r.list]}Start`] = r.next;
      slot[`${VAR[r.list]}Count`] = Math.min(r.total - r.next, MOST);
    }
    Object.assign(vars, listRest.slotVars(i, slot));
  });
  const data = await client.request(listRest.forSlots(chunk.length), vars);
  const left: Rest[] = [];
  chunk.forEach(([raw, lists], i) => {
    const page = data[listRest.alias(i)];
    for (const r of lists) {
      const more = page?.[r.list] as Items | null | undefined;
      if (!more) throw incompleteRead('JanusListRest', `DataHub did not answer the rest of ${raw.urn}'s ${r.list}`);
      itemsOf(r.list, raw[r.list] as Items).push(...itemsOf(r.list, more));
      const next = r.next + Math.min(r.total - r.next, MOST);
      if (next < r.total) left.push({ ...r, next });
    }
  });
  return left;
}
