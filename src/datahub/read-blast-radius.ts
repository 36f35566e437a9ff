import { modelsBelowByEdges } from '../core/blast-radius.js';
import { shortName } from '../core/names.js';
import { byModelName, type ModelRef } from '../core/verdict.js';
import type { DataHubClient } from './client.js';
import { ModelListPool } from '../core/model-list-pool.js';
import { downstreamModels } from './queries/downstream-models.js';
import { downstreamWalk, WALK_HOPS, type WalkNode } from './queries/downstream-walk.js';
import { readDownstreamModels } from './read-downstream.js';
import { modelFacts, recordDownstream, type DownstreamKnown } from './read-reach.js';

/** Entities one walk request names, at most (the requests go side by side). */
const WALK_BATCH = 10_000;

/**
 * The blast radius of one verdict: every ML model downstream of each offending dataset. Up to one aliased document
 * of datasets (`downstreamModels.max`, 256: as many as GMS's limits take), one multi-hop lineage search each
 * (read-downstream.ts): one request. Past that, a search a dataset would cost DataHub a walk of the graph below each
 * (on a stale catalog, 1,114 datasets each above about 1,000 models: 1.1 M results), so the graph below them is walked
 * once instead: the edges the upstream read brought (`known`), then the entities it did not reach, three hops a
 * request, until every entity below the datasets has its edges; the models below each dataset are then worked out
 * locally, as a catalog scan does. An entity with more downstream edges than a read brings sends the datasets back to
 * the searches.
 */
export async function readBlastRadius(
  client: DataHubClient,
  offending: string[],
  known: DownstreamKnown,
  /** Datasets searched one by one, at most; more are walked. */
  searchUpTo = downstreamModels.max,
): Promise<Record<string, ModelRef[]>> {
  const datasets = [...new Set(offending)];
  if (datasets.length <= searchUpTo || !(await walkBelow(client, datasets, known)))
    return readDownstreamModels(client, datasets);
  return modelsBelowWalked(datasets, known);
}

/** Reads edges until every entity below the datasets has its list; false when one had more than a read brings. */
async function walkBelow(client: DataHubClient, datasets: string[], known: DownstreamKnown): Promise<boolean> {
  for (;;) {
    const missing: string[] = [];
    const seen = new Set(datasets);
    const queue = [...seen];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i]!;
      if (known.cut.has(x)) return false;
      const edges = known.edges.get(x);
      if (!edges) {
        missing.push(x);
        continue;
      }
      for (const y of edges) {
        if (seen.has(y)) continue;
        seen.add(y);
        queue.push(y);
      }
    }
    if (!missing.length) return true;
    const batches: string[][] = [];
    for (let i = 0; i < missing.length; i += WALK_BATCH) batches.push(missing.slice(i, i + WALK_BATCH));
    await Promise.all(
      batches.map(async (urns) => {
        const data = await client.request(downstreamWalk, { urns });
        for (const e of data.entities ?? []) if (e) visit(known, e, 0);
        // an entity DataHub did not answer for has no edges to follow
        for (const urn of urns) if (!known.edges.has(urn) && !known.cut.has(urn)) known.edges.set(urn, []);
      }),
    );
  }
}

function visit(known: DownstreamKnown, node: WalkNode, hop: number): void {
  if (node.type === 'MLMODEL' && !known.models.has(node.urn)) known.models.set(node.urn, modelFacts(node));
  if (hop >= WALK_HOPS) return;
  // below the last hop the document asks nothing; above it, an entity without the field has no lineage
  recordDownstream(known, node.urn, node.downstream);
  for (const r of node.downstream?.relationships ?? []) if (r.entity) visit(known, r.entity, hop + 1);
}

function modelsBelowWalked(datasets: string[], known: DownstreamKnown): Record<string, ModelRef[]> {
  const live = [...known.models]
    .filter(([, m]) => m.live)
    .map(([urn, m]) => ({ urn, name: m.name }))
    .sort(byModelName);
  const refOf = new Map(live.map((m) => [m.urn, m]));
  const below = modelsBelowByEdges(
    datasets,
    (u) => known.edges.get(u) ?? [],
    live.map((m) => m.urn),
  );
  const pool = new ModelListPool();
  const lists = new Map<string[], ModelRef[]>();
  const out: Record<string, ModelRef[]> = {};
  for (const d of datasets) {
    const urns = below(d);
    let list = lists.get(urns);
    if (!list) lists.set(urns, (list = pool.intern(urns.map((u) => refOf.get(u) ?? { urn: u, name: shortName(u) }))));
    out[d] = list;
  }
  return out;
}
