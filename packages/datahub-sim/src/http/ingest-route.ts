import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { applyMcp, parseMcp, type ParsedMcp } from '../loaders/apply-mcp.js';
import { limitProblem, MAX_BODY_DEPTH } from '../loaders/limits.js';
import { CHANGE_TYPES, describeIssues } from '../loaders/schemas.js';
import { urnProblem } from '../loaders/shapes/urn-validation.js';
import type { StatsCounter } from '../controls/stats.js';
import type { Store } from '../store/store.js';
import { refusedProposals } from '../auth/ingest-check.js';
import type { TokenTable } from '../auth/tokens.js';
import { readBody, sendSpringError } from './responses.js';
import { sendRestliAction, sendRestliError } from './restli.js';

export interface IngestRouteOptions {
  store: Store;
  /** Who each request acts as, by its bearer token (an unknown token answers 401). */
  auth: TokenTable;
  stats: StatsCounter;
  now: () => number;
}

/** What Rest.li checks of a `MetadataChangeProposal` parameter before AspectResource sees it (its PDL's required fields). */
const proposalParam = z.looseObject({
  entityType: z.string(),
  entityUrn: z.string().optional(),
  changeType: z.enum(CHANGE_TYPES),
  aspect: z.looseObject({ value: z.string(), contentType: z.string() }).optional(),
});
const asyncParam = z.string().optional();
const ACTIONS = {
  ingestProposal: z.object({ proposal: proposalParam, async: asyncParam }).transform((b) => [b.proposal]),
  ingestProposalBatch: z.object({ proposals: z.array(proposalParam), async: asyncParam }).transform((b) => b.proposals),
} as const;

type Rejection = { status: number; message: string };

/** The action's proposals, or the 400 Rest.li answers for a body that does not fit the action's parameters. */
function readProposals(action: keyof typeof ACTIONS, text: string): Record<string, unknown>[] | Rejection {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { status: 400, message: `Error parsing entity body: ${(e as Error).message}` };
  }
  // Rest.li's Jackson codec refuses what passes its StreamReadConstraints while it parses the body
  const tooBig = limitProblem(json, MAX_BODY_DEPTH, jacksonDepthMessage);
  if (tooBig) return { status: 400, message: `Error parsing entity body: ${tooBig}` };
  const parsed = ACTIONS[action].safeParse(json);
  if (!parsed.success) return invalidParameters(action, describeIssues(parsed.error));
  // `entityUrn` is a `Urn` typeref: Rest.li coerces it while validating the parameters, so one that does not parse
  // fails the action before AspectResource runs
  for (const [i, proposal] of parsed.data.entries()) {
    const bad = typeof proposal.entityUrn === 'string' ? urnProblem(proposal.entityUrn) : undefined;
    const path = action === 'ingestProposal' ? '/proposal/entityUrn' : `/proposals/${i}/entityUrn`;
    if (bad?.syntax) return invalidParameters(action, `ERROR :: ${path} :: ${bad.message}`);
  }
  return parsed.data;
}

const invalidParameters = (action: string, why: string): Rejection => ({
  status: 400,
  message: `Parameters of method '${action}' failed validation with error '${why}'`,
});

/** Jackson's `StreamConstraintsException` message for a document nested past the limit. */
const jacksonDepthMessage = (max: number) =>
  `Document nesting depth (${max + 1}) exceeds the maximum allowed (${max}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`;

/**
 * GMS's Rest.li ingestion endpoint (`AspectResource`, what the Python REST emitter calls): `POST
 * /aspects?action=ingestProposal` with `{proposal, async?}`, or `action=ingestProposalBatch` with
 * `{proposals, async?}`. Every proposal is validated before any is applied; a rejected request changes nothing.
 * `async` is accepted and ignored: the simulator applies each proposal before it answers.
 */
export async function handleIngest(req: IncomingMessage, res: ServerResponse, url: URL, opts: IngestRouteOptions) {
  opts.stats.ingestRequest();
  const text = await readBody(req);
  const now = opts.now();
  // GMS's authentication filter answers before Rest.li does, with Spring's error body.
  const identity = opts.auth.identify(req);
  if (!identity) return sendSpringError(res, 401, url.pathname, now);
  if (req.method !== 'POST')
    return sendRestliError(res, 405, `Method ${req.method ?? ''} is not supported on ${url.pathname}`);
  const action = url.searchParams.get('action') ?? '';
  if (!(action in ACTIONS))
    return sendRestliError(res, 400, `Action '${action}' is not supported on resource 'aspects'`);
  const proposals = readProposals(action as keyof typeof ACTIONS, text);
  if ('status' in proposals) return sendRestliError(res, proposals.status, proposals.message);
  // Authorised before any proposal is validated; a proposal named by its key aspect only is refused later (422).
  const named = proposals.filter((p): p is typeof p & { entityUrn: string } => typeof p.entityUrn === 'string');
  const refused = refusedProposals(
    identity.grants,
    named.map((p) => ({ entityUrn: p.entityUrn, changeType: String(p.changeType) })),
  );
  if (refused.length) {
    const which = refused.map((r) => `HttpStatus: ${r.status} Urn: ${r.urn}`).join(', ');
    return sendRestliError(res, 403, `User ${identity.actor} is unauthorized to modify entity: ${which}`);
  }

  const parsed: ParsedMcp[] = [];
  for (const proposal of proposals) {
    const result = parseMcp(proposal, now);
    if ('error' in result) return sendRestliError(res, 422, result.error);
    parsed.push(result.mcp);
  }
  for (const mcp of parsed) {
    const outcome = applyMcp(opts.store, mcp, now);
    if ('error' in outcome) return sendRestliError(res, 422, outcome.error);
    if ('skipped' in outcome) return sendRestliError(res, 422, outcome.skipped);
    opts.stats.ingested();
  }
  // AspectResource answers RESTLI_SUCCESS for both actions (older GMS versions answered the urn).
  sendRestliAction(res, 'success');
}
