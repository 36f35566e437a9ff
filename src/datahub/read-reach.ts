import { shortName } from '../core/names.js';
import type { DataHubClient } from './client.js';
import type { RawEntity } from './queries/entities.js';
import {
  REACH_PAGE,
  REACH_SLICES,
  upstreamReach,
  type ReachEntity,
  type ReachSlice,
  type UpstreamReachVars,
} from './queries/upstream-reach.js';
import { EntityCache } from './entity-cache.js';
import { siblingsNotReached } from './siblings-reached.js';
import { readListRest } from './read-list-rest.js';
import type { PathError } from './batch-operation.js';
import { graphqlError } from './errors.js';
import { ranOutOfTime, secondRoots } from './read-upstream.js';

/** A model as a blast radius lists it: DataHub's `MLModel.name`, and whether a search returns it (exists, not soft-deleted). */
export interface ModelFacts {
  name: string;
  live: boolean;
}

/**
 * One-hop downstream edges of the entities read so far, and the models among them: what the blast radius is walked
 * over (read-blast-radius.ts). An entity is in `edges` once its whole list is known; `cut` holds those whose list
 * was longer than a read brings.
 */
export interface DownstreamKnown {
  edges: Map<string, string[]>;
  cut: Set<string>;
  models: Map<string, ModelFacts>;
}

export interface UpstreamReach {
  /** The urns reached, the model first: core's `buildGraph` makes the model's graph of them. */
  reached: string[];
  /** The entities read, by urn (null: asked for, not found). */
  cache: EntityCache;
  downstream: DownstreamKnown;
}

export const emptyDownstream = (): DownstreamKnown => ({ edges: new Map(), cut: new Set(), models: new Map() });

/**
 * A model's whole upstream graph in one request whatever its depth or size (up to the 40,000 entities a DataHub
 * lineage walk may reach): the model and everything upstream of it, with each entity's facts and one-hop downstream
 * edges (JanusUpstreamReach). Training sets the lineage did not reach (DataHub's `mlModelTrainingData` is no lineage
 * edge), a label's table (secondRoots) and `extraRoots` are read the same way in a second round, side by side. The graph built of it is the one
 * `readUpstream`'s scroll and batched reads give, soft-deleted entities included in both (a removed hop is walked
 * through: the model still depends on it and on everything above it).
 */
export async function readUpstreamReach(
  client: DataHubClient,
  model: string,
  /** More roots to walk from (datasets a proposed lineage change mentions). */
  extraRoots: string[] = [],
  /** Results a slice (GMS's largest page when not given). */
  page = REACH_PAGE,
): Promise<UpstreamReach> {
  const cache = new EntityCache();
  const reached = new Set<string>();
  const downstream = emptyDownstream();
  const read = new ReachRead(cache, reached, downstream, page);
  await read.from(client, model);
  const more = [...new Set([...secondRoots(cache, model), ...extraRoots])].filter((d) => !reached.has(d));
  // the roots first, as a scroll's read lists them
  for (const root of more) reached.add(root);
  await Promise.all(more.map((root) => read.from(client, root)));
  // lists longer than the page each entity's read brought: read to their end before any graph is built of them
  const wholeLists = async () => {
    const raws = [...cache.values()].filter((e): e is RawEntity => !!e);
    await readListRest(client, raws);
    for (const raw of raws) cache.forgetParts(raw);
  };
  await wholeLists();
  // then each sibling the reach did not reach (a dbt model's warehouse table lies downstream of it), the nearest
  // first: its reach holds the tables of the dbt models above it, so those cost nothing more
  for (let next = siblingsNotReached(cache, reached); next.length; next = siblingsNotReached(cache, reached)) {
    reached.add(next[0]!);
    await read.from(client, next[0]!);
  }
  await wholeLists(); // the siblings' own
  return { reached: [...reached], cache, downstream };
}

class ReachRead {
  constructor(
    private readonly cache: EntityCache,
    private readonly reached: Set<string>,
    private readonly downstream: DownstreamKnown,
    private page: number,
  ) {}

  /**
   * The root and its whole upstream reach, four slices a request until `total` is covered. A request that runs out of
   * time (Janus's deadline, or GMS's 503 after 55 s) is asked again with slices half as long, down to
   * MIN_REACH_PAGE; an entity whose own field DataHub failed is marked unread, the rest of the answer stands. That
   * `total` is exact: past 300 results GMS counts the graph's relationships (the lightning path), and up to 300 the
   * index's count is exact; only an index count past 10,000 stops at 10,000 (scroll-end.ts).
   */
  async from(client: DataHubClient, root: string): Promise<void> {
    this.reached.add(root);
    let total = Infinity;
    for (let first = 0; first < total;) {
      const page = this.page;
      const vars: UpstreamReachVars = { root, count: page };
      for (let i = 0; i < REACH_SLICES; i++) Object.assign(vars, { [`start${i}`]: first + i * page });
      let answer: { data: ReachData; errors: readonly PathError[] };
      try {
        answer = await client.requestPartial(upstreamReach, vars);
      } catch (err) {
        if (!ranOutOfTime(err) || page <= MIN_REACH_PAGE) throw err;
        this.page = Math.max(MIN_REACH_PAGE, Math.floor(page / 2));
        continue;
      }
      const { data } = answer;
      const failed = failedEntities(answer);
      for (const [urn, error] of failed) {
        this.reached.add(urn);
        this.cache.markUnread(urn, error);
      }
      if (first === 0) {
        const found = data.root?.find((e) => e?.urn === root);
        if (!this.cache.has(root)) this.cache.set(root, found ? this.take(found) : null);
        else if (found && !failed.has(root)) this.take(found);
      }
      total = 0;
      for (const slice of [data.r0, data.r1, data.r2, data.r3]) {
        total = Math.max(total, slice.total);
        for (const { entity } of slice.searchResults) if (!failed.has(entity.urn)) this.found(entity);
      }
      first += REACH_SLICES * page;
    }
  }

  /**
   * A search result, reached: soft-deleted ones too (`includeSoftDeleted` asks the index for them; the graph's answer
   * always had them), as the model still depends on them and on what lies above them.
   */
  private found(e: ReachEntity): void {
    const raw = this.take(e);
    if (this.reached.has(e.urn)) return;
    this.reached.add(e.urn);
    if (!this.cache.has(e.urn)) this.cache.set(e.urn, raw);
  }

  /** Records the entity's downstream edges (and, for a model, its name and liveness); returns its facts (as read: no copy). */
  private take(e: ReachEntity): RawEntity {
    recordDownstream(this.downstream, e.urn, e.downstream);
    if (e.type === 'MLMODEL') this.downstream.models.set(e.urn, modelFacts(e));
    return e;
  }
}

/** An entity's one-hop downstream list into what is known, or into `cut` when DataHub had more than it sent. */
export function recordDownstream(
  known: DownstreamKnown,
  urn: string,
  edges: { total: number; relationships: { entity?: { urn: string } | null }[] } | null | undefined,
): void {
  if (known.edges.has(urn) || known.cut.has(urn)) return;
  const list = (edges?.relationships ?? []).flatMap((r) => (r.entity ? [r.entity.urn] : []));
  if (edges && edges.total > edges.relationships.length) known.cut.add(urn);
  else known.edges.set(urn, [...new Set(list)]);
}

export const modelFacts = (e: {
  urn: string;
  name?: string | null;
  exists?: boolean | null;
  status?: { removed: boolean } | null;
}): ModelFacts => ({
  name: e.name ?? shortName(e.urn),
  live: e.exists !== false && e.status?.removed !== true,
});

/** The smallest slice a reach is split down to before a read that still runs out of time fails. */
export const MIN_REACH_PAGE = 250;

interface ReachData {
  root?: (ReachEntity | null | undefined)[] | null;
  r0: ReachSlice;
  r1: ReachSlice;
  r2: ReachSlice;
  r3: ReachSlice;
}

/** The entities whose own fields DataHub failed, by urn; an error above an entity fails the read. */
function failedEntities({ data, errors }: { data: ReachData; errors: readonly PathError[] }): Map<string, string> {
  const failed = new Map<string, string>();
  for (const e of errors) {
    const [key, second, third] = e.path ?? [];
    const urn =
      key === 'root' && typeof second === 'number'
        ? data.root?.[second]?.urn
        : typeof key === 'string' && /^r[0-3]$/.test(key) && second === 'searchResults' && typeof third === 'number'
          ? data[key as 'r0'].searchResults[third]?.entity.urn
          : undefined;
    if (urn === undefined) throw graphqlError(upstreamReach.name, errors.map((x) => x.message).join('; '));
    if (!failed.has(urn)) failed.set(urn, e.message);
  }
  return failed;
}
