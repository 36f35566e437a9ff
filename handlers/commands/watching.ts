import type { SlackMessage } from '../../src/render/blocks.js';
import { watchingMessage, watchUnavailableMessage } from '../../src/slack/command-replies.js';
import type { JanusRequest } from '../../src/slack/command-text.js';
import { failedMessage } from '../../src/slack/messages.js';
import { shown } from '../../src/slack/visibility.js';
import type { WatchCommandDeps } from './watch.js';

/** `/janus watching`: what the asker watches. */
export async function watchingReply(
  deps: WatchCommandDeps,
  request: Extract<JanusRequest, { kind: 'watching' }>,
  user: string,
): Promise<SlackMessage> {
  if (!deps.watch) return watchUnavailableMessage();
  try {
    return shown(watchingMessage(await deps.watch.store.watching(user)), request.public);
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, '/janus watching failed');
    return failedMessage('watching');
  }
}
