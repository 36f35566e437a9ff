import type { Acceptance } from '../core/acceptance/acceptance.js';
import type { DataHubClient } from '../datahub/client.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { JudgePolicy } from '../core/verdict.js';
import { UsageError } from '../errors.js';
import { writeAcceptance } from './accept-risk.js';
import { judgeModel } from './judge-model.js';

export interface AcceptIncidentDeps {
  client: DataHubClient;
  policy: JudgePolicy;
  now?: () => number;
}

/** The incident a person resolves by accepting its risk: its finding key, its dataset, the models a leak names. */
export interface AcceptedIncident {
  key: string;
  dataset: string;
  /** The models a leak's incident names; else every model below the dataset is asked. */
  models: string[];
}

/**
 * Slack's "Accept the risk" on an incident: the same acceptance as `janus accept`, written on every model whose
 * verdict has the incident's finding, by a person the incident actions already authorised (owners, admins,
 * responders). Judges each candidate model to find its finding; a model without it is left alone.
 */
export async function acceptIncidentRisk(
  deps: AcceptIncidentDeps,
  incident: AcceptedIncident,
  req: { by: string; reason: string; days: number },
): Promise<{ models: string[]; acceptance: Acceptance }> {
  const now = (deps.now ?? Date.now)();
  const candidates = incident.models.length
    ? incident.models
    : ((await readDownstreamModels(deps.client, [incident.dataset]))[incident.dataset] ?? []).map((m) => m.urn);
  const accepted: string[] = [];
  let last: Acceptance | undefined;
  for (const ref of candidates) {
    const { verdict, graph } = await judgeModel({ client: deps.client, policy: deps.policy, now: () => now }, ref);
    const finding = [
      ...verdict.findings,
      ...(verdict.accepted ?? []).map((a) => a.finding),
      ...(verdict.lapsed ?? []).map((l) => l.finding),
    ].find((f) => f.key === incident.key);
    if (!finding) continue;
    last = await writeAcceptance(
      deps,
      verdict.model.urn,
      graph,
      finding,
      { finding: finding.key, reason: req.reason, days: req.days, by: req.by },
      now,
    );
    accepted.push(verdict.model.name);
  }
  if (!last) throw new UsageError('no model has this finding any more: there is no risk left to accept');
  return { models: accepted, acceptance: last };
}
