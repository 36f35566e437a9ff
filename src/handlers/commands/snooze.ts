import type { SnoozeDeps } from '../../app/snooze.js';
import { snoozeEntity } from '../../app/snooze.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../render/blocks.js';
import { snoozedMessage, snoozeRefusedMessage, snoozeUnavailableMessage } from '../../slack/messages.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { entityProblem } from './entity-problem.js';

export interface SnoozeCommandDeps {
  /** Undefined without Redis (no alerts, nothing to snooze). */
  snooze?: SnoozeDeps;
  logger: Logger;
}

/** `/janus snooze <model|dataset> <duration>`: the use case, then the reply (in the channel). */
export async function snoozeReply(
  deps: SnoozeCommandDeps,
  target: string,
  ms: number,
  user: string,
  request?: JanusRequest,
): Promise<SlackMessage> {
  if (!deps.snooze) return snoozeUnavailableMessage();
  try {
    const s = await snoozeEntity(deps.snooze, target, ms, user);
    if (s.outcome !== 'snoozed') {
      deps.logger.info({ command: '/janus snooze', urn: s.entity.urn, user, refused: s.outcome }, 'snooze refused');
      return snoozeRefusedMessage(s);
    }
    const { entity, until } = s;
    deps.logger.info(
      { command: '/janus snooze', urn: entity.urn, until: new Date(until).toISOString(), user },
      'snoozed',
    );
    return snoozedMessage(entity.name, entity.kind, until, user);
  } catch (err) {
    return entityProblem(err, target, deps.logger, request);
  }
}
