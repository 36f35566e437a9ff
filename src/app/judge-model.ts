import { UsageError } from '../errors.js';
import { assess, verdictOf, type JudgePolicy, type Verdict } from '../core/verdict.js';
import type { UpstreamGraph } from '../core/graph.js';
import { JudgmentSession } from '../core/session.js';
import { proposedDatasets, withProposedLineage, type ProposedLineage } from '../core/proposed-lineage.js';
import type { DataHubClient } from '../datahub/client.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { readUpstreamGraph, type EntityCache } from '../datahub/read-upstream.js';
import { resolveModel } from '../datahub/resolve-model.js';

export interface JudgeDeps {
  client: DataHubClient;
  policy: JudgePolicy;
  now?: () => number;
  /** Shared across a scan so each entity is read once. */
  cache?: EntityCache;
  /** Lineage a change proposes (the gate's `--lineage`): judged as if it had landed. */
  proposed?: ProposedLineage;
}

/** Read → judge (pure) → blast radius: the verdict on one model, by urn or name. */
export async function judgeModel(deps: JudgeDeps, ref: string): Promise<{ verdict: Verdict; graph: UpstreamGraph }> {
  const now = (deps.now ?? Date.now)();
  const model = await resolveModel(deps.client, ref);
  const cache = deps.cache ?? new Map();
  const read = await readUpstreamGraph(
    deps.client,
    model.urn,
    cache,
    deps.proposed ? proposedDatasets(deps.proposed) : [],
  );
  if (!read.nodes[model.urn] || cache.get(model.urn)?.exists === false)
    throw new UsageError(`DataHub has no model ${model.urn}`);
  const graph = deps.proposed ? withProposedLineage(read, deps.proposed) : read;
  const session = new JudgmentSession(deps.policy, now);
  const assessment = assess(session, graph);
  const downstream = assessment.offending.length ? await readDownstreamModels(deps.client, assessment.offending) : {};
  return { verdict: verdictOf(session, graph, assessment, downstream, { now, datahub: deps.client.url }), graph };
}
