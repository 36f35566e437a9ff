import type { UpstreamGraph } from '../core/graph.js';
import { assess, verdictOf, type Verdict } from '../core/verdict.js';
import { readCatalog, type Catalog } from '../datahub/read-catalog.js';
import type { EntityCache } from '../datahub/read-upstream.js';
import type { JudgeDeps } from './judge-model.js';

/**
 * Every model in the catalog, judged from one catalog-wide read (no lineage search per model). Each graph goes to
 * `onJudged` and is then dropped, so memory holds the catalog once, not once per model.
 */
export async function judgeCatalog(
  deps: JudgeDeps,
  onJudged?: (v: Verdict, graph: UpstreamGraph) => void,
): Promise<{ verdicts: Verdict[]; cache: EntityCache; catalog: Catalog }> {
  const now = (deps.now ?? Date.now)();
  const cache: EntityCache = deps.cache ?? new Map();
  const catalog = await readCatalog(deps.client, cache);
  const verdicts: Verdict[] = [];
  for (const model of catalog.models()) {
    const graph = catalog.upstreamGraph(model.urn);
    const a = assess(graph, now, deps.policy);
    const verdict = verdictOf(graph, a, catalog.downstreamModels(a.offending), { now, datahub: deps.client.url });
    verdicts.push(verdict);
    onJudged?.(verdict, graph);
  }
  return { verdicts, cache, catalog };
}
