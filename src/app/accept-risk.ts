import { DEFAULT_ACCEPTANCE_POLICY, type Acceptance } from '../core/acceptance/acceptance.js';
import { findingNamed, planAcceptance, type AcceptRequest } from '../core/acceptance/plan.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import type { Finding } from '../core/finding.js';
import type { Owner, UpstreamGraph } from '../core/graph.js';
import { authorize, type ActingPolicy } from '../core/incident-authorization.js';
import type { Verdict, JudgePolicy } from '../core/verdict.js';
import type { DataHubClient } from '../datahub/client.js';
import { readTokenPerson } from '../datahub/read-token-person.js';
import { writeAcceptances } from '../datahub/write-acceptances.js';
import { UsageError } from '../errors.js';
import { judgeModel } from './judge-model.js';

export interface AcceptDeps {
  client: DataHubClient;
  policy: JudgePolicy;
  /** `slack.admins`: a person listed there (DataHub user urn, Slack member id or email) may accept on any model. */
  admins: string[];
  now?: () => number;
}

/** Plans the acceptance against what the model holds and writes the model's list whole; a bad request is a UsageError. */
export async function writeAcceptance(
  deps: Pick<AcceptDeps, 'client' | 'policy'>,
  model: string,
  graph: UpstreamGraph,
  finding: Finding,
  req: AcceptRequest & { by: string },
  now: number,
): Promise<Acceptance> {
  const existing = acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {});
  const plan = planAcceptance(
    finding,
    existing,
    req,
    deps.policy.acceptance ?? DEFAULT_ACCEPTANCE_POLICY,
    deps.policy.asOf ?? now,
  );
  if ('problems' in plan) throw new UsageError(plan.problems.join('\n'));
  await writeAcceptances(deps.client, model, plan.values);
  return plan.acceptance;
}

/** A person may not accept this risk: exit 2, naming who may. */
export class NotAllowedToAccept extends UsageError {}

/**
 * `janus accept <model> <finding>`: read → judge → plan → write. The token's DataHub user accepts, if they own the
 * model or the finding's entity (directly or through a group) or are an admin; the acceptance is written on the model
 * in DataHub (`io.janus.accepted_risk`, docs/accepted-risk.md), where every front end reads it with the model.
 */
export async function acceptRisk(
  deps: AcceptDeps,
  model: string,
  req: AcceptRequest,
): Promise<{ acceptance: Acceptance; finding: Finding; verdict: Verdict }> {
  const now = (deps.now ?? Date.now)();
  const { verdict, graph } = await judgeModel({ client: deps.client, policy: deps.policy, now: () => now }, model);
  const all = [
    ...verdict.findings,
    ...(verdict.accepted ?? []).map((a) => a.finding),
    ...(verdict.lapsed ?? []).map((l) => l.finding),
  ];
  const finding = findingNamed(all, req.finding);
  if (typeof finding === 'string') throw new UsageError(`${verdict.model.name}: ${finding}`);
  const owners = [graph.nodes[graph.model], graph.nodes[finding.entity]].flatMap((n) => n?.owners ?? []);
  const name = await acceptor(deps, owners, verdict.model.name, "its owners or the finding's");
  const acceptance = await writeAcceptance(deps, verdict.model.urn, graph, finding, { ...req, by: name }, now);
  return { acceptance, finding, verdict };
}

/**
 * Who the token's user is, once they may accept on `subject` (owners directly or through a group, or an admin): the
 * name an acceptance records. Refused otherwise, naming who may.
 */
export async function acceptor(deps: AcceptDeps, owners: Owner[], subject: string, whose: string): Promise<string> {
  const person = await readTokenPerson(deps.client);
  if (!person) throw new UsageError('DataHub did not say whose token this is: an acceptance names who accepts');
  const name = person.urn.replace(/^urn:li:corpuser:/, '');
  const acting: ActingPolicy = { who: 'owners', admins: deps.admins };
  const allowed = authorize(acting, person, owners);
  if (!allowed.allowed)
    throw new NotAllowedToAccept(
      `${name} may not accept risks on ${subject}: only ${whose}, directly or through a group (${allowed.owners.join(', ') || 'none'})${allowed.admins ? ', or an admin (slack.admins)' : ''} may`,
    );
  return name;
}
