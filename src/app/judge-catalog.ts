import type { UpstreamGraph } from '../core/graph.js';
import { JudgmentSession } from '../core/session.js';
import { assess, verdictOf, type UnreadEntity, type Verdict } from '../core/verdict.js';
import { inputsOf } from '../core/build-graph.js';
import { Catalog } from '../core/catalog.js';
import { readCatalog } from '../datahub/read-catalog.js';
import { EntityCache } from '../datahub/entity-cache.js';
import type { JudgeDeps } from './judge-model.js';
import type { OnProgress } from '../core/progress.js';

/**
 * How long judging runs before it gives the event loop a turn: a catalog's judging is seconds of CPU, and a Ctrl-C
 * (a handler's), a timer (a progress line's frame) or an answer must not wait for all of it.
 */
const TURN_MS = 50;

/** Sees each verdict as it is judged; a promise it returns is awaited before the next model (backpressure). */
export type OnJudged = (v: Verdict, graph: UpstreamGraph) => void | Promise<void>;

/**
 * Every model in the catalog, judged from one catalog-wide read (no lineage search per model). Each verdict and
 * graph goes to `onJudged` and is then dropped: memory holds the catalog once, and no verdict longer than the
 * caller keeps it (a large catalog's verdicts, hundreds of findings each, do not fit in memory together).
 */
export async function judgeCatalog(
  deps: JudgeDeps,
  onJudged: OnJudged,
  /** The read's progress, then the models judged of all (progress displays). */
  onProgress?: OnProgress,
): Promise<{ models: number; cache: EntityCache; catalog: Catalog }> {
  const now = (deps.now ?? Date.now)();
  const cache: EntityCache = deps.cache ?? new EntityCache();
  await readCatalog(deps.client, cache, onProgress ? { onProgress } : {});
  const catalog = new Catalog(cache);
  const session = new JudgmentSession(deps.policy, now, catalog.indexes);
  const unreadOf = unreadByModel(cache, catalog);
  // one lookup for the run: the session keeps each dataset's blast-radius entry by it
  const below = (d: string) => catalog.modelsBelowDataset(d);
  let models = 0;
  const all = catalog.models();
  onProgress?.({ phase: 'judge', done: 0, total: all.length });
  let turn = Date.now();
  for (const model of all) {
    const graph = catalog.upstreamGraph(model.urn);
    const a = assess(session, graph);
    const unread = unreadOf.get(model.urn);
    const done = onJudged(verdictOf(session, graph, a, below, { now, datahub: deps.client.url, unread }), graph);
    if (done) await done;
    onProgress?.({ phase: 'judge', done: ++models, total: all.length });
    if (Date.now() - turn >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turn = Date.now();
    }
  }
  return { models, cache, catalog };
}

/**
 * The unread entities each model's judgment needed: an entity DataHub failed to answer for is needed by every model
 * reading an entity that names it as an input. One pass over the catalog, and only when a read failed.
 */
export function unreadByModel(cache: EntityCache, catalog: Catalog): Map<string, UnreadEntity[]> {
  const byModel = new Map<string, Map<string, UnreadEntity>>();
  if (!cache.unread.size) return new Map();
  for (const [urn, raw] of cache) {
    if (!raw) continue;
    const parts = cache.partsOf(raw);
    for (const input of [...inputsOf(parts), ...parts.features]) {
      const error = cache.unread.get(input);
      if (error === undefined) continue;
      for (const model of catalog.modelsJudging(urn)) {
        let list = byModel.get(model);
        if (!list) byModel.set(model, (list = new Map()));
        list.set(input, { urn: input, error });
      }
    }
  }
  return new Map([...byModel].map(([m, list]) => [m, [...list.values()].sort((a, b) => a.urn.localeCompare(b.urn))]));
}
