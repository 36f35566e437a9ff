import { unwatchEntity } from '../../app/watch.js';
import type { SlackMessage } from '../../render/blocks.js';
import { unwatchMessage, watchUnavailableMessage } from '../../slack/command-replies.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { shown } from '../../slack/visibility.js';
import { entityProblem } from './entity-problem.js';
import type { WatchCommandDeps } from './watch.js';

/** `/janus unwatch <model|dataset>`: no more direct messages about it. */
export async function unwatchReply(
  deps: WatchCommandDeps,
  request: Extract<JanusRequest, { kind: 'unwatch' }>,
  user: string,
): Promise<SlackMessage> {
  if (!deps.watch) return watchUnavailableMessage();
  try {
    const { entity, was } = await unwatchEntity(deps.watch, request.target, user);
    deps.logger.info({ command: '/janus unwatch', urn: entity.urn, user, was }, 'unwatched');
    return shown(unwatchMessage(entity, was), request.public);
  } catch (err) {
    return entityProblem(err, request.target, deps.logger, request);
  }
}
