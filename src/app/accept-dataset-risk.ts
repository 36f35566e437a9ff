import { DEFAULT_ACCEPTANCE_POLICY, type Acceptance } from '../core/acceptance/acceptance.js';
import { findingNamed, planAcceptance, type AcceptRequest } from '../core/acceptance/plan.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import type { Finding } from '../core/finding.js';
import type { UpstreamGraph } from '../core/graph.js';
import type { ModelRef, Verdict } from '../core/verdict.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { EntityRef } from '../datahub/resolve-entity.js';
import { writeAcceptances } from '../datahub/write-acceptances.js';
import { UsageError } from '../errors.js';
import { acceptor, type AcceptDeps } from './accept-risk.js';
import { judgeModel } from './judge-model.js';

/** Every finding of a verdict: those that count, the accepted and the lapsed. */
export const allFindings = (v: Verdict): Finding[] => [
  ...v.findings,
  ...(v.accepted ?? []).map((a) => a.finding),
  ...(v.lapsed ?? []).map((l) => l.finding),
];

/** Whether a finding is about the dataset: on it, or a failed job's finding naming it among its products. */
export const isAbout = (f: Finding, dataset: string): boolean =>
  f.entity === dataset || (Array.isArray(f.evidence.produces) && f.evidence.produces.includes(dataset));

/** A dataset's finding as a model below it sees it: the model's graph holds the dataset's acceptances. */
export interface DatasetFinding {
  finding: Finding;
  graph: UpstreamGraph;
  model: ModelRef;
}

/**
 * The finding about `dataset` a request names, from the models below it, judged one at a time until one has it
 * (`pick`: the finding, or a sentence why none). Or why none of them has it.
 */
export async function findDatasetFinding(
  deps: Pick<AcceptDeps, 'client' | 'policy'>,
  dataset: EntityRef,
  models: ModelRef[],
  pick: (findings: Finding[]) => Finding | string,
  now: number,
): Promise<DatasetFinding | string> {
  if (!models.length) return `${dataset.name}: no model is below it, so it has no finding to accept`;
  const seen = new Map<string, Finding>();
  for (const m of models) {
    const { verdict, graph } = await judgeModel({ client: deps.client, policy: deps.policy, now: () => now }, m.urn);
    const about = allFindings(verdict).filter((f) => isAbout(f, dataset.urn));
    for (const f of about) seen.set(f.key, f);
    const found = pick(about);
    if (typeof found !== 'string') return { finding: found, graph, model: verdict.model };
  }
  // why none, over what every model below sees of the dataset (a model that saw it would have been picked)
  const why = pick([...seen.values()]);
  return `${dataset.name}: ${typeof why === 'string' ? why : 'no model below it has this finding any more'}`;
}

/**
 * Writes an acceptance on the dataset (`io.janus.accepted_risk`, docs/accepted-risk.md), its list whole: planned
 * against what the dataset holds, as a model's graph read it. A bad request is a UsageError.
 */
export async function writeDatasetAcceptance(
  deps: Pick<AcceptDeps, 'client' | 'policy'>,
  dataset: string,
  found: DatasetFinding,
  req: AcceptRequest & { by: string },
  now: number,
): Promise<Acceptance> {
  const node = found.graph.nodes[dataset];
  // a list written whole must be planned on what the dataset holds: never on a list that was not read
  if (node?.kind !== 'dataset') throw new UsageError(`${dataset} was not read with ${found.model.name}`);
  const plan = planAcceptance(
    found.finding,
    acceptancesOf(node.structuredProperties, dataset),
    req,
    deps.policy.acceptance ?? DEFAULT_ACCEPTANCE_POLICY,
    deps.policy.asOf ?? now,
    dataset,
  );
  if ('problems' in plan) throw new UsageError(plan.problems.join('\n'));
  await writeAcceptances(deps.client, dataset, plan.values);
  return plan.acceptance;
}

/**
 * `janus accept <dataset> <finding>`: the finding about the dataset (its key, or its detector when there is one) is
 * accepted for every model below it, written once on the dataset. The token's DataHub user accepts, if they own the
 * dataset (directly) or are an admin.
 */
export async function acceptDatasetRisk(
  deps: AcceptDeps,
  dataset: EntityRef,
  req: AcceptRequest,
): Promise<{ acceptance: Acceptance; finding: Finding; models: ModelRef[] }> {
  const now = (deps.now ?? Date.now)();
  const models = (await readDownstreamModels(deps.client, [dataset.urn]))[dataset.urn] ?? [];
  const found = await findDatasetFinding(
    deps,
    dataset,
    models,
    (fs) => findingNamed(fs, req.finding, 'the dataset'),
    now,
  );
  if (typeof found === 'string') throw new UsageError(found);
  const owners = found.graph.nodes[dataset.urn]?.owners ?? [];
  const name = await acceptor(deps, owners, dataset.name, 'its owners');
  const acceptance = await writeDatasetAcceptance(deps, dataset.urn, found, { ...req, by: name }, now);
  return { acceptance, finding: found.finding, models };
}
