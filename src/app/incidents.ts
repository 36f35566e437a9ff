import { buildGraph } from '../core/build-graph.js';
import { SiblingReads } from '../core/sibling-reads.js';
import { upstreamDatasets } from '../core/graph.js';
import { hurtsOnlyItsModel } from '../core/detectors/registered.js';
import { detectorOfKey, modelsOf } from '../core/writeback/conventions.js';
import { readJanusIncidents } from '../datahub/read-dataset-incidents.js';
import { EntityCache } from '../datahub/entity-cache.js';
import { readUpstream } from '../datahub/read-upstream.js';
import { resolveModel } from '../datahub/resolve-model.js';
import type { JudgeDeps } from './judge-model.js';

/** One of Janus's own incidents in DataHub (recognised by the finding key it records). */
export interface JanusIncident {
  urn: string;
  /** The finding key (root cause) the incident stands for. */
  key: string;
  /** The dataset it is raised on. */
  dataset: string;
  title: string;
  state: 'ACTIVE' | 'RESOLVED';
  stage: string | null;
  priority: string | null;
  createdAt: number;
}

/**
 * The Janus incidents that touch a model, in any state, newest first: those on datasets upstream of it (a leak's
 * incident only when the model is the one that leaks).
 */
export async function janusIncidentsForModel(deps: JudgeDeps, ref: string): Promise<JanusIncident[]> {
  const model = await resolveModel(deps.client, ref);
  const cache = deps.cache ?? new EntityCache();
  const reads = new SiblingReads(cache);
  const graph = buildGraph(model.urn, reads.canonicalUrns(await readUpstream(deps.client, model.urn, cache)), reads);
  const datasets = upstreamDatasets(graph);
  const out: JanusIncident[] = [];
  for (const { dataset, key, incident: inc } of await readJanusIncidents(deps.client, datasets, 'any')) {
    if (hurtsOnlyItsModel(detectorOfKey(key)) && !modelsOf(inc.description).includes(model.urn)) continue;
    out.push({
      urn: inc.urn,
      key,
      dataset,
      title: inc.title ?? '',
      state: inc.incidentStatus.state === 'RESOLVED' ? 'RESOLVED' : 'ACTIVE',
      stage: inc.incidentStatus.stage ?? null,
      priority: inc.priority ?? null,
      createdAt: inc.created.time,
    });
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || a.urn.localeCompare(b.urn));
}
