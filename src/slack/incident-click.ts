import type { IncidentAction } from '../core/incident-status.js';
import { clickAnswer } from './click-answer.js';
import { failureDetail, parseClick, type Reply } from './click-payload.js';
import { failureMessage, outcomeMessage, parseChoice } from './incident-blocks.js';
import type { IncidentHandlerDeps } from './incident-deps.js';

/**
 * Acknowledge, Reopen, Assign to me or the priority / stage menu (`set`), after the ack: the use case, then a word to the clicker when what was clicked does not say it
 * all (answered where the click came from: `clickAnswer`). A failure (DataHub down, a lock held too long) is told to the
 * clicker, never thrown at Bolt.
 */
export async function runIncidentClick(
  deps: IncidentHandlerDeps,
  action: Exclude<IncidentAction, 'resolve'> | 'assign' | 'set',
  body: unknown,
  reply: Reply | undefined,
): Promise<void> {
  const click = parseClick(body);
  if (!click) {
    deps.logger.warn({ action }, 'incident click without the fields Slack sends: ignored');
    return;
  }
  const log = deps.logger.child({
    action: `incident.${action}`,
    incident: click.value,
    user: click.user,
    origin: click.origin,
  });
  const answer = clickAnswer(deps, click, reply, log);
  // a menu's option carries the choice and the incident: `priority:HIGH|<urn>`
  const chosen = action === 'set' ? parseChoice(click.value) : undefined;
  if (action === 'set' && !chosen) return answer.tell(outcomeMessage({ kind: 'malformed', value: click.value }));
  const request = chosen
    ? { action: chosen.control, choice: chosen.choice, value: chosen.urn }
    : { action: action as Exclude<typeof action, 'set'>, value: click.value };
  try {
    const outcome = await deps.act({ ...request, slackUser: click.user }, answer.showOn);
    log.info({ outcome: outcome.kind }, 'incident click');
    await answer.tell(outcomeMessage(outcome, { confirm: answer.confirm }));
  } catch (err) {
    log.warn({ err: failureDetail(err) }, 'incident click failed');
    await answer.tell(failureMessage(failureDetail(err)));
  }
}
