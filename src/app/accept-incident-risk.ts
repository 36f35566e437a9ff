import type { Acceptance } from '../core/acceptance/acceptance.js';
import type { DataHubClient } from '../datahub/client.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import { shortName } from '../core/names.js';
import type { JudgePolicy, ModelRef } from '../core/verdict.js';
import { UsageError } from '../errors.js';
import { findDatasetFinding, isAbout, writeDatasetAcceptance } from './accept-dataset-risk.js';
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

type Req = { by: string; reason: string; days: number };

/**
 * Slack's "Accept the risk" on an incident: the same acceptance as `janus accept`, by a person the incident actions
 * already authorised (owners, admins, responders). A finding on the dataset (stale, a failed run, departed owners) is
 * accepted once, on the dataset, for every model below it; a leak's (a chain particular to each model) on every
 * model whose verdict has it. `models`: the models it covers.
 */
export async function acceptIncidentRisk(
  deps: AcceptIncidentDeps,
  incident: AcceptedIncident,
  req: Req,
): Promise<{ models: string[]; acceptance: Acceptance; on?: string }> {
  const now = (deps.now ?? Date.now)();
  if (incident.models.length) return acceptOnModels(deps, incident, incident.models, req, now);
  const below = (await readDownstreamModels(deps.client, [incident.dataset]))[incident.dataset] ?? [];
  const dataset = { urn: incident.dataset, name: shortName(incident.dataset), kind: 'dataset' as const };
  const found = await findDatasetFinding(
    deps,
    dataset,
    below,
    (fs) => fs.find((f) => f.key === incident.key) ?? 'no model has this finding any more',
    now,
  );
  // a finding below that is not about the dataset itself stays each model's
  if (typeof found === 'string' || !isAbout(found.finding, incident.dataset))
    return acceptOnModels(
      deps,
      incident,
      below.map((m: ModelRef) => m.urn),
      req,
      now,
    );
  const acceptance = await writeDatasetAcceptance(
    deps,
    incident.dataset,
    found,
    { finding: found.finding.key, reason: req.reason, days: req.days, by: req.by },
    now,
  );
  return { models: below.map((m) => m.name), acceptance, on: incident.dataset };
}

/** Judges each candidate model to find its finding, and writes the acceptance on each that has it. */
async function acceptOnModels(
  deps: AcceptIncidentDeps,
  incident: AcceptedIncident,
  candidates: string[],
  req: Req,
  now: number,
): Promise<{ models: string[]; acceptance: Acceptance }> {
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
