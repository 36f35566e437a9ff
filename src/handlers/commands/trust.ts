import type { CurrentVerdict } from '../../app/current-verdict.js';
import type { DatasetStanding } from '../../app/dataset-standing.js';
import { UnresolvedModelError } from '../../datahub/resolve-model.js';
import type { IncidentView } from '../../app/incident-action.js';
import type { ModelRef, Verdict } from '../../core/verdict.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { verdictBlocks } from '../../render/blocks.js';
import { context, type Block, type SlackMessage } from '../../slack/present/kit.js';
import { trendLine } from '../../slack/command-replies.js';
import { datasetTrustMessage } from '../../slack/dataset-blocks.js';
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
  /**
   * A dataset by urn or exact name, with its standing (open incidents, findings rooted there, models hurt) and its
   * DataHub link; undefined when no dataset has that name.
   */
  dataset?: (ref: string) => Promise<{ standing: DatasetStanding; datahubUrl?: string } | undefined>;
  reportUrl: (urn: string) => string | undefined;
  logger: Logger;
}

/** Incidents shown with their buttons at most (two blocks each). */
const MAX_INCIDENTS = 5;

interface TrustRequest {
  kind: 'trust';
  /** A model or a dataset. */
  model: string;
  public: boolean;
}

/**
 * `/janus trust <model|dataset>`: a model's verdict, its trend and its open incidents with their buttons; a dataset's
 * standing (what is wrong there, its open incidents, the models it hurts). A model's exact name wins, then a dataset's,
 * then the one model a search matches.
 */
export const trust = defineCommand({
  name: 'trust',
  usage: '/janus trust <model|dataset>',
  summary:
    "a model's verdict (score, band, trend, findings with evidence, open incidents with their buttons), or what is wrong with a dataset and the models it hurts",
  hint: 'trust <model|dataset>',
  parse: (args): TrustRequest | UsageProblem => {
    const model = args.one('model or dataset', ' (its name in DataHub or its urn)');
    return typeof model === 'string' ? { kind: 'trust', model, public: args.public } : model;
  },
  run: (deps: TrustCommandDeps, request, ctx) => trustReply(deps, request, ctx),
  retarget: (_, urn) => `trust ${urn}`,
});

async function trustReply(deps: TrustCommandDeps, request: TrustRequest, ctx: CommandContext): Promise<SlackMessage> {
  const log = ctx.log.child({ model: request.model });
  try {
    const answer = await verdictOrDataset(deps, request.model);
    if (answer.kind === 'dataset') return datasetReply(deps, answer.found, request, log);
    const { value, picked } = answer;
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

type DatasetFound = NonNullable<Awaited<ReturnType<NonNullable<TrustCommandDeps['dataset']>>>>;

/**
 * What the text names: a dataset's urn; a model's exact name; else one dataset's exact name; else the one model a
 * search matches (withSoleMatch). A model's verdict is asked once.
 */
async function verdictOrDataset(
  deps: TrustCommandDeps,
  ref: string,
): Promise<{ kind: 'model'; value: CurrentVerdict; picked?: ModelRef } | { kind: 'dataset'; found: DatasetFound }> {
  if (deps.dataset && ref.startsWith('urn:li:dataset:')) {
    const found = await deps.dataset(ref);
    if (found) return { kind: 'dataset', found };
  }
  try {
    return { kind: 'model', value: await deps.verdict(ref) };
  } catch (err) {
    if (!(err instanceof UnresolvedModelError)) throw err;
    const found = deps.dataset && !ref.startsWith('urn:') ? await deps.dataset(ref) : undefined;
    if (found) return { kind: 'dataset', found };
    const sole = await withSoleMatch(ref, (r) => (r === ref ? Promise.reject(err) : deps.verdict(r)));
    return { kind: 'model', ...sole };
  }
}

function datasetReply(deps: TrustCommandDeps, found: DatasetFound, request: TrustRequest, log: Logger): SlackMessage {
  const { standing, datahubUrl } = found;
  log.info(
    { dataset: standing.urn, held: standing.held, incidents: standing.incidents.length, hurt: standing.hurt.length },
    'dataset standing',
  );
  return shown(
    datasetTrustMessage(standing, { reportUrl: deps.reportUrl, ...(datahubUrl ? { datahubUrl } : {}) }),
    request.public,
  );
}
