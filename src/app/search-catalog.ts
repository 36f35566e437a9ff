import type { DataHubClient } from '../datahub/client.js';
import { searchCatalog, type CatalogHit } from '../datahub/search-catalog.js';
import type { ModelSummary, VerdictHistory } from '../history/index.js';

/** A model or dataset found, with a model's latest verdict when the history has one. */
export interface SearchHit extends CatalogHit {
  verdict?: Pick<ModelSummary, 'score' | 'band'>;
}

export interface CatalogSearch {
  query: string;
  hits: SearchHit[];
  /** How many match in all (DataHub's count; more than `hits` past the page). */
  total: number;
}

/** Results a search asks DataHub for. */
export const SEARCH_PAGE = 20;

/** Models and datasets matching a text (one DataHub search), each model with its band from the verdict history. */
export async function searchModelsAndDatasets(
  deps: { client: DataHubClient; history: VerdictHistory },
  query: string,
): Promise<CatalogSearch> {
  const { hits, total } = await searchCatalog(deps.client, query, SEARCH_PAGE);
  const models = hits.filter((h) => h.kind === 'model').map((h) => h.urn);
  const summaries = models.length
    ? deps.history.latestOf
      ? await deps.history.latestOf(models)
      : (await deps.history.latest()).filter((s) => models.includes(s.urn))
    : [];
  const judged = new Map(summaries.map((s) => [s.urn, s]));
  return {
    query,
    total: Math.max(total, hits.length),
    hits: hits.map((h) => {
      const s = judged.get(h.urn);
      return s ? { ...h, verdict: { score: s.score, band: s.band } } : h;
    }),
  };
}
