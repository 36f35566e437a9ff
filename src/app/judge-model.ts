import { UsageError } from '../errors.js';
import { clipEcho } from '../core/echo.js';
import { buildGraph } from '../core/build-graph.js';
import { SiblingReads } from '../core/sibling-reads.js';
import { assess, byModelName, verdictOf, type JudgePolicy, type ModelRef, type Verdict } from '../core/verdict.js';
import type { UpstreamGraph } from '../core/graph.js';
import { JudgmentSession } from '../core/session.js';
import { proposedDatasets, withProposedLineage, type ProposedLineage } from '../core/proposed-lineage.js';
import type { DataHubClient } from '../datahub/client.js';
import { readBlastRadius } from '../datahub/read-blast-radius.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { readUpstreamReach, type DownstreamKnown } from '../datahub/read-reach.js';
import type { EntityCache } from '../datahub/entity-cache.js';
import { readUpstream } from '../datahub/read-upstream.js';
import type { RunScrolls } from '../datahub/run-scrolls.js';
import type { Limit } from '../core/limit.js';
import type { OnModelRead } from '../core/progress.js';
import { resolveModel } from '../datahub/resolve-model.js';
import { graphqlError } from '../datahub/errors.js';

export interface JudgeDeps {
  client: DataHubClient;
  policy: JudgePolicy;
  now?: () => number;
  /** Shared across a scan so each entity is read once. */
  cache?: EntityCache;
  /** Lineage a change proposes (the gate's `--lineage`): judged as if it had landed. */
  proposed?: ProposedLineage;
  /** At most this many entities read for the model (the gate's `gate.maxEntitiesRead`): past it, its error. */
  readLimit?: Limit;
  /** With `cache`: the lineage scrolls this run made, kept and reused (the gate judges a model twice). */
  scrolls?: RunScrolls;
  /**
   * `false`: the blast radius is not read; the verdict's models below each finding are only those the run already
   * read (`scrolls`). For a judgment compared by its findings alone: the gate's judgment without the change.
   */
  blastRadius?: false;
  /** With `cache`: how far the model's read has come, its upstream then the models below (progress displays). */
  onRead?: OnModelRead;
}

/**
 * Read → judge (pure) → blast radius: the verdict on one model, by urn or name. Alone, the model's whole upstream is
 * one request (read-reach.ts) and the blast radius walks down from the edges it brought; in a scan sharing `cache`,
 * the scroll and batched reads skip what earlier models read.
 */
export async function judgeModel(deps: JudgeDeps, ref: string): Promise<{ verdict: Verdict; graph: UpstreamGraph }> {
  const now = (deps.now ?? Date.now)();
  const extraRoots = deps.proposed ? proposedDatasets(deps.proposed) : [];
  // a proposal naming more datasets than the limit is refused before DataHub is asked anything
  if (deps.readLimit && extraRoots.length > deps.readLimit.max) throw deps.readLimit.exceeded(extraRoots.length);
  // read
  const model = await resolveModel(deps.client, ref);
  let reached: string[];
  let cache: EntityCache;
  let known: DownstreamKnown | undefined;
  if (deps.cache) {
    cache = deps.cache;
    const onRead = deps.onRead && ((done: number, total: number) => deps.onRead!({ what: 'upstream', done, total }));
    reached = await readUpstream(deps.client, model.urn, cache, extraRoots, deps.readLimit, deps.scrolls, onRead);
  } else {
    ({ reached, cache, downstream: known } = await readUpstreamReach(deps.client, model.urn, extraRoots));
    if (deps.readLimit && reached.length > deps.readLimit.max) throw deps.readLimit.exceeded(reached.length);
  }
  // judge
  const unreadModel = cache.unread.get(model.urn);
  if (unreadModel !== undefined) throw graphqlError('JanusEntities', `${model.urn} could not be read: ${unreadModel}`);
  // a dbt model and its warehouse table are judged as one dataset (core/sibling-reads.ts)
  const reads = new SiblingReads(cache);
  const read = buildGraph(model.urn, reads.canonicalUrns(reached), reads);
  if (!read.nodes[model.urn] || cache.get(model.urn)?.exists === false)
    throw new UsageError(`DataHub has no model ${clipEcho(model.urn)}`);
  const graph = deps.proposed ? withProposedLineage(read, deps.proposed) : read;
  const session = new JudgmentSession(deps.policy, now);
  const assessment = assess(session, graph);
  const { offending } = assessment;
  // read the blast radius of what it found: below every member of a sibling group (a dbt source's raw table has
  // readers of its own, upstream of the source)
  const members = [...new Set(offending.flatMap((d) => reads.membersOf(d)))];
  const below = !offending.length
    ? {}
    : deps.blastRadius === false
      ? alreadyRead(members, deps.scrolls?.modelsBelow)
      : known
        ? await readBlastRadius(deps.client, members, known)
        : await readDownstreamModels(
            deps.client,
            members,
            deps.scrolls?.modelsBelow,
            deps.onRead && ((done, total) => deps.onRead!({ what: 'below', done, total })),
          );
  const downstream = Object.fromEntries(
    offending.map((d) => [d, modelsBelowMembers(reads.membersOf(d).map((m) => below[m] ?? []))]),
  );
  const unread = cache.unreadIn(Object.keys(graph.nodes), model.urn);
  return {
    verdict: verdictOf(session, graph, assessment, downstream, { now, datahub: deps.client.url, unread }),
    graph,
  };
}

/** The models below each of `datasets` that the run has read already, with no request. */
function alreadyRead(datasets: string[], read: Map<string, ModelRef[]> | undefined): Record<string, ModelRef[]> {
  return Object.fromEntries(datasets.flatMap((d) => (read?.has(d) ? [[d, read.get(d)!]] : [])));
}

/** One group's models: every member's, each once, by name (a single member's list as it came). */
function modelsBelowMembers(lists: ModelRef[][]): ModelRef[] {
  if (lists.length === 1) return lists[0]!;
  const byUrn = new Map(lists.flat().map((m) => [m.urn, m]));
  return [...byUrn.values()].sort(byModelName);
}
