import type { IncidentActionOutcome } from '../../app/incident-action.js';
import { noteOf } from '../../core/incident-status.js';
import { PRIORITY_WORD, STAGE_WORD } from '../../core/incident-triage.js';
import { clip, plain } from './mrkdwn.js';

/**
 * The human record of an incident in Slack: a reply in the thread of each message showing it, for every change a
 * person makes from Slack (who, and their note) and for Janus reopening someone's resolution (whose, with their note,
 * and a mention so they hear of it). Pure.
 */

const quoted = (note: string) => `\n>${plain(clip(note, 1500)).replace(/\n/g, '\n>')}`;

/** The reply for a change made from Slack (`done`), naming the person. */
export function actionReply(outcome: Extract<IncidentActionOutcome, { kind: 'done' }>): string {
  const who = `*${plain(outcome.actor.name)}*`;
  const { status, people } = outcome.view;
  switch (outcome.action) {
    case 'ack':
      return `:eyes: ${who} acknowledged this incident and took it on (assigned in DataHub).`;
    case 'resolve': {
      const stage = status.stage === 'NO_ACTION_REQUIRED' ? 'no action required' : 'fixed';
      const note = noteOf(status.message);
      return `:white_check_mark: ${who} resolved this incident as ${stage}.${note ? quoted(note) : ''}`;
    }
    case 'reopen':
      return `:rotating_light: ${who} reopened this incident.`;
    case 'assign':
      return `:raising_hand: ${who} assigned this incident to themselves.`;
    case 'priority':
      return `:label: ${who} set the priority to *${people?.priority ? PRIORITY_WORD[people.priority] : 'none'}*.`;
    case 'stage':
      return `:arrows_counterclockwise: ${who} moved this incident to *${status.stage ? STAGE_WORD[status.stage] : 'triage'}*.`;
  }
}

/** The reply when Janus reopened a person's resolution: why, and whose resolution it was (mentioned), with the note. */
export function janusReopenReply(
  why: string,
  prior: { who?: string; stage?: string; note?: string } | undefined,
): string {
  const head = `:rotating_light: Janus reopened this incident: ${plain(clip(why, 1500))}`;
  if (!prior) return head;
  const as = prior.stage ? ` as ${plain(prior.stage)}` : '';
  const whose = prior.who ? `${prior.who} had resolved it${as}` : `It had been resolved${as}`;
  return `${head}\n${whose}, and Janus still sees the problem.${prior.note ? quoted(prior.note) : ''}`;
}
