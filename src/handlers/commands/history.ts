import type { ModelRef } from '../../core/verdict.js';
import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { historyMessage } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { pickedNote, shown, withNote } from '../../slack/visibility.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';
import { withSoleMatch } from './sole-match.js';

export interface HistoryCommandDeps {
  history: VerdictHistory;
  /** A model by name or urn (DataHub's search, as `/janus trust` resolves it). */
  resolve: (ref: string) => Promise<ModelRef>;
  logger: Logger;
}

interface HistoryRequest {
  kind: 'history';
  model: string;
  public: boolean;
}

/** `/janus history <model>`: its recorded scores, newest first, from the scan history. */
export const history = defineCommand({
  name: 'history',
  usage: '/janus history <model>',
  summary: "the model's score over time, from the recorded scans",
  hint: 'history',
  parse: (args): HistoryRequest | UsageProblem => {
    const model = args.one('model', ' (its name in DataHub or its urn)');
    return typeof model === 'string' ? { kind: 'history', model, public: args.public } : model;
  },
  run: (deps: HistoryCommandDeps, request, ctx) => historyReply(deps, request, ctx),
  retarget: (_, urn) => `history ${urn}`,
});

async function historyReply(
  deps: HistoryCommandDeps,
  request: HistoryRequest,
  ctx: CommandContext,
): Promise<SlackMessage> {
  try {
    const { value: model, picked } = await withSoleMatch(request.model, deps.resolve);
    const entries = await deps.history.history(model.urn, 30);
    const any = entries.length > 0 || (await deps.history.latest({ limit: 1 })).length > 0;
    const message = historyMessage(model, entries, any);
    return shown(withNote(message, picked ? pickedNote(request.model, picked) : undefined), request.public);
  } catch (err) {
    return entityProblem(err, request.model, deps.logger, ctx);
  }
}
