import type { SlackMessage } from '../../slack/present/kit.js';
import { watchingMessage, watchUnavailableMessage } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { failedMessage } from '../../slack/messages.js';
import { shown } from '../../slack/visibility.js';
import { defineCommand } from './command.js';
import type { WatchCommandDeps } from './watch.js';

interface WatchingRequest {
  kind: 'watching';
  public: boolean;
}

/** `/janus watching`: what the asker watches. */
export const watching = defineCommand({
  name: 'watching',
  usage: '/janus watching',
  summary: 'what you watch',
  parse: (args): WatchingRequest | UsageProblem => args.none() ?? { kind: 'watching', public: args.public },
  run: (deps: WatchCommandDeps, request, ctx) => watchingReply(deps, request, ctx.user),
});

async function watchingReply(deps: WatchCommandDeps, request: WatchingRequest, user: string): Promise<SlackMessage> {
  if (!deps.watch) return watchUnavailableMessage();
  try {
    return shown(watchingMessage(await deps.watch.store.watching(user)), request.public);
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, '/janus watching failed');
    return failedMessage('watching');
  }
}
