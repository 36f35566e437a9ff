import type { CatalogSearch } from '../../app/search-catalog.js';
import type { Logger } from '../../log.js';
import type { UsageProblem } from '../../slack/command-text.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { searchMessage } from '../../slack/search-reply.js';
import { shown } from '../../slack/visibility.js';
import { defineCommand, type CommandContext } from './command.js';
import { entityProblem } from './entity-problem.js';

export interface SearchCommandDeps {
  /** The use case: DataHub's search for models and datasets, each model with its band. */
  search: (text: string) => Promise<CatalogSearch>;
  reportUrl: (urn: string) => string | undefined;
  /** An entity's page in DataHub's UI, where configured. */
  datahubUrl: (urn: string) => string | undefined;
  logger: Logger;
}

interface SearchRequest {
  kind: 'search';
  text: string;
  public: boolean;
}

/** Text a search takes at most (DataHub's query, and the reply's first line). */
const MAX_TEXT = 200;

/** `/janus search <text>`: models and datasets matching it, a short list of links. */
export const search = defineCommand({
  name: 'search',
  usage: '/janus search <text>',
  summary: 'the models and datasets DataHub finds for the text, each with a link (a model with its band)',
  hint: 'search',
  parse: (args): SearchRequest | UsageProblem => {
    const text = args.words.join(' ').trim();
    if (!text) return args.problem('`/janus search` needs something to look for: `/janus search churn`.');
    if (text.length > MAX_TEXT)
      return args.problem(`\`/janus search\` takes up to ${MAX_TEXT} characters; got ${text.length}.`);
    return { kind: 'search', text, public: args.public };
  },
  run: (deps: SearchCommandDeps, request, ctx) => searchReply(deps, request, ctx),
});

async function searchReply(
  deps: SearchCommandDeps,
  request: SearchRequest,
  ctx: CommandContext,
): Promise<SlackMessage> {
  try {
    const found = await deps.search(request.text);
    ctx.log.info({ hits: found.hits.length, total: found.total }, 'searched');
    return shown(searchMessage(found, deps), request.public);
  } catch (err) {
    return entityProblem(err, request.text, ctx.log, ctx);
  }
}
