import type { CurrentVerdict } from '../../app/current-verdict.js';
import type { IncidentView } from '../../app/incident-action.js';
import type { Verdict } from '../../core/verdict.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { verdictBlocks } from '../../render/blocks.js';
import { context, type Block, type SlackMessage } from '../../slack/present/kit.js';
import { trendLine } from '../../slack/command-replies.js';
import { incidentControls } from '../../slack/incident-blocks.js';
import { pickedNote, shown, withNote } from '../../slack/visibility.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import { withSoleMatch } from './sole-match.js';

export interface TrustCommandDeps {
  /** The use case: a model's verdict, from the latest scan when fresh, else judged now (`currentVerdict`). */
  verdict: (ref: string) => Promise<CurrentVerdict>;
  /** The report and DataHub links for a verdict, where configured. */
  links: (v: Verdict) => { reportUrl?: string; datahubUrl?: string };
  /** The scan history: the score's trend. */
  history?: VerdictHistory;
  /** The open incidents behind the verdict's findings (each shown with its buttons). */
  openIncidents?: (v: Verdict) => Promise<IncidentView[]>;
  logger: Logger;
}

/** Incidents shown with their buttons at most (two blocks each). */
const MAX_INCIDENTS = 5;

interface TrustRequest {
  kind: 'trust';
  model: string;
  public: boolean;
}

/** `/janus trust <model>`: the verdict, its trend and its open incidents with their buttons. */
export const trust = defineCommand({
  name: 'trust',
  usage: '/janus trust <model>',
  summary:
    "the model's trust verdict: score, band, trend, findings with their evidence, open incidents with their buttons",
  hint: 'trust <model>',
  parse: (args): TrustRequest | UsageProblem => {
    const model = args.one('model', ' (its name in DataHub or its urn)');
    return typeof model === 'string' ? { kind: 'trust', model, public: args.public } : model;
  },
  run: (deps: TrustCommandDeps, request, ctx) => trustReply(deps, request, ctx),
  retarget: (_, urn) => `trust ${urn}`,
});

async function trustReply(deps: TrustCommandDeps, request: TrustRequest, ctx: CommandContext): Promise<SlackMessage> {
  const log = ctx.log.child({ model: request.model });
  try {
    const { value, picked } = await withSoleMatch(request.model, deps.verdict);
    const { verdict, source } = value;
    log.info({ source: source.kind, score: verdict.score, band: verdict.band, picked: picked?.urn }, 'verdict');
    const [entries, incidents] = await Promise.all([
      deps.history?.history(verdict.model.urn, 30).catch(() => []) ?? [],
      deps.openIncidents?.(verdict).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'open incidents not read');
        return [];
      }) ?? [],
    ]);
    const message = verdictBlocks(verdict, { source, ...deps.links(verdict) });
    const trend = trendLine(entries);
    const extra: Block[] = [];
    if (trend) extra.push(context(`Trend: ${trend}`));
    for (const i of incidents.slice(0, MAX_INCIDENTS)) extra.push(...incidentControls(i));
    if (incidents.length > MAX_INCIDENTS)
      extra.push(context(`…and ${incidents.length - MAX_INCIDENTS} more open incidents (the report lists them).`));
    const blocks = [...message.blocks.slice(0, 50 - extra.length - 1), ...extra];
    const withPick = withNote({ ...message, blocks }, picked ? pickedNote(request.model, picked) : undefined);
    return shown(withPick, request.public);
  } catch (err) {
    return entityProblem(err, request.model, log, ctx);
  }
}
