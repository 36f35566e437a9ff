import { unsnoozeEntity } from '../../app/snooze.js';
import type { SlackMessage } from '../../render/blocks.js';
import { snoozeUnavailableMessage, unsnoozedMessage } from '../../slack/messages.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { entityProblem } from './entity-problem.js';
import type { SnoozeCommandDeps } from './snooze.js';

/** `/janus unsnooze <model|dataset>`: the use case, then the reply. */
export async function unsnoozeReply(
  deps: SnoozeCommandDeps,
  target: string,
  user: string,
  request?: JanusRequest,
): Promise<SlackMessage> {
  if (!deps.snooze) return snoozeUnavailableMessage();
  try {
    const s = await unsnoozeEntity(deps.snooze, target);
    deps.logger.info({ command: '/janus unsnooze', urn: s.urn, was: s.was, user }, 'unsnoozed');
    return unsnoozedMessage(s.name, s.was, user);
  } catch (err) {
    return entityProblem(err, target, deps.logger, request);
  }
}
