import type { SlackMessage } from '../../render/blocks.js';
import { watchingMessage, watchUnavailableMessage } from '../../slack/command-replies.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { failedMessage } from '../../slack/messages.js';
import { shown } from '../../slack/visibility.js';
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
