import type { SlackMessage } from '../present/kit.js';
import { section } from '../present/kit.js';
import { dateToken, mention, name } from '../present/mrkdwn.js';
import type { Delivery } from './types.js';

/**
 * What Argos says of a snooze wherever its alerts would go (the owners' channels of the entity, and of the models a
 * dataset feeds; its watchers' DMs): who silenced what, until when; who ended it early. Pure.
 */

/** A snooze as the notices name it. */
export interface SnoozeFacts {
  name: string;
  kind?: 'model' | 'dataset';
  /** Who snoozed it (Slack id). */
  by: string;
  until: number;
}

const when = (ms: number) => dateToken(ms, '{date_short_pretty} {time}', new Date(ms).toISOString());
const what = (s: SnoozeFacts) => `${s.kind ? `the ${s.kind} ` : ''}\`${name(s.name)}\``;
const message = (text: string): SlackMessage => ({ text, blocks: [section(text)] });

export function snoozeNotice(s: SnoozeFacts): SlackMessage {
  return message(
    `:zzz: ${mention(s.by)} snoozed Argos's alerts about ${what(s)} until ${when(s.until)}. Janus still judges it; what it would have said here is held, and said once the snooze ends if still true.`,
  );
}

export function unsnoozeNotice(s: SnoozeFacts & { endedBy: string }): SlackMessage {
  return message(
    `:bell: ${mention(s.endedBy)} ended the snooze on ${what(s)} (snoozed by ${mention(s.by)} until ${when(s.until)}): Argos alerts about it again, and posts what it held back.`,
  );
}

/** The line on top of an alert held back by a snooze, posted once it ended: which snooze, and who ended it. */
export function heldNote(s?: SnoozeFacts & { endedBy?: string }): string {
  if (!s) return ':alarm_clock: The snooze is over and this is still open.';
  const snoozed = `${mention(s.by)}'s snooze on ${what(s)}`;
  return s.endedBy
    ? `:bell: ${mention(s.endedBy)} ended ${snoozed} (it ran until ${when(s.until)}); this came up meanwhile and is still open.`
    : `:alarm_clock: ${snoozed} is over (${when(s.until)}) and this is still open.`;
}

/** A notice for each place, one delivery each (`key` makes the ids: the same notice planned twice is queued once). */
export function noticeDeliveries(
  channels: string[],
  key: string,
  what: 'snooze' | 'unsnooze',
  msg: SlackMessage,
  queuedAt: number,
): Delivery[] {
  return channels.map((channel) => ({
    id: `${what}|${key}|${channel}`,
    channel,
    threads: [],
    reply: false,
    message: msg,
    what,
    queuedAt,
  }));
}
