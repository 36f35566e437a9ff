import { shortDate } from '../../core/acceptance/words.js';
import { formatDuration } from '../../core/duration.js';
import type { CauseAcceptance } from '../../core/transitions.js';
import { RAISED_STATUS } from '../../core/incident-status.js';
import { incidentButtons } from '../present/incident-controls.js';
import { context, header, LIMITS, LINK_ACTIONS, section, type Block, type SlackMessage } from '../present/kit.js';
import { missingOwner } from '../../core/detectors/missing-owner.js';
import { fitLines, listBlocks } from '../present/list.js';
import { claimButton, orphanBlockId } from '../orphan-blocks.js';
import { channelRef, clip, count, dateRef, link, mention, name, plain } from '../present/mrkdwn.js';
import { BAND_ICON, severityIcon, severityWord } from '../present/vocabulary.js';
import { bandMove, bandNow, channelModels, firstLine, reportFor, restOf } from './channel-view.js';
import type { AlertChannel, AlertModel, AlertState } from './types.js';

/**
 * Argos's alert messages as Block Kit (types from `@slack/types`, through Bolt): the parent of an alert's thread,
 * its follow-ups, the recovery, the digest and the escalation. Pure; every message stays inside Block Kit's limits
 * (≤ 50 blocks, ≤ 3,000 characters a section, ≤ 150 a header) whatever the alert's size, and carries a `text`
 * fallback for notifications.
 */

/** Models a parent names (its channel's worst first); the rest are counted, linking to where they are listed. */
const LISTED_MODELS = 10;
/** Models a follow-up or recovery names. */
const NAMED_IN_REPLY = 25;
/** People mentioned in one message, at most. */
const MAX_MENTIONS = 40;
/** Sections a parent's model list takes at most (Slack refuses a message past about 12,000 characters of blocks). */
const LIST_SECTIONS = 2;

function modelLine(m: AlertModel, resolved: boolean): string {
  const mark = m.band ? BAND_ICON[m.band] : ':small_blue_diamond:';
  return `• ${mark} *${name(m.name)}*: ${resolved ? bandNow(m) : bandMove(m)}`;
}

/** Lines packed into as few sections as fit, each within the section limit. */
export function packed(lines: string[]): Block[] {
  return fitLines(lines, { sections: LIMITS.blocks }).sections.map(section);
}

function modelsBlocks(a: AlertState, ch: Pick<AlertChannel, 'models'>): Block[] {
  const models = channelModels(a, ch);
  if (!models.length) return [];
  const resolved = a.status === 'resolved';
  const hurt = `${count(models.length, 'model', 'models')} ${resolved ? 'it hurt' : 'hurt'} here`;
  const title = a.kind === 'model' ? '*Model*' : `*${hurt}${models.length > 1 ? ', worst first' : ''}*`;
  const lines = [title, ...models.map((m) => modelLine(m, resolved))];
  const fitted = fitLines(lines, { rows: LISTED_MODELS + 1, sections: LIST_SECTIONS });
  return listBlocks(fitted, ['model', 'models'], restOf(a, ch));
}

/**
 * Claim ownership on an open "No owner" alert about a table: the one message about a table nobody owns (its orphan
 * ping is not posted where this alert is). The block is the orphan ping's, so a click shows who claimed it in place.
 */
function claimBlock(a: AlertState): Block | undefined {
  if (a.status !== 'open' || a.detector !== missingOwner.name || !a.dataset?.startsWith('urn:li:dataset:')) return;
  return { type: 'actions', block_id: `${orphanBlockId(a.dataset)}:actions`, elements: [claimButton(a.dataset)] };
}

function buttons(a: AlertState, ch: Pick<AlertChannel, 'models'>): Block | undefined {
  const els: NonNullable<Extract<Block, { type: 'actions' }>['elements']> = [];
  // the incident as Janus raised it: a click or the reverse sync draws it as it is since (incident-record.ts)
  if (a.status === 'open' && a.incident) els.push(...incidentButtons({ urn: a.incident, status: RAISED_STATUS }));
  const report = reportFor(a, ch);
  if (report)
    els.push({
      type: 'button',
      action_id: LINK_ACTIONS.report,
      text: { type: 'plain_text', text: 'Open report' },
      url: report,
    });
  if (a.links.datahub)
    els.push({
      type: 'button',
      action_id: LINK_ACTIONS.datahub,
      text: { type: 'plain_text', text: 'Open in DataHub' },
      url: a.links.datahub,
    });
  return els.length ? { type: 'actions', block_id: 'janus.alert.actions', elements: els } : undefined;
}

function mentionsLine(mentions: string[]): string | undefined {
  if (!mentions.length) return undefined;
  const shown = mentions.slice(0, MAX_MENTIONS).map(mention).join(' ');
  const more = mentions.length > MAX_MENTIONS ? ` and ${mentions.length - MAX_MENTIONS} more` : '';
  return `*Notifying:* ${shown}${more}`;
}

/** "Accepted by carol.diaz until 5 Jan: 'backfill running'" */
const acceptedBy = (x: CauseAcceptance) => `Accepted by ${x.by} until ${shortDate(x.until)}: '${x.reason}'`;

function statusLine(a: AlertState): string {
  if (a.status === 'resolved' && a.accepted)
    return `${ACCEPTED_ICON} ${plain(acceptedBy(a.accepted))}. Argos stays quiet about it until then.`;
  if (a.status === 'resolved') {
    const lasted = a.resolvedAt ? Date.parse(a.resolvedAt) - Date.parse(a.since) : NaN;
    return `:white_check_mark: Resolved${Number.isFinite(lasted) && lasted > 0 ? ` after ${formatDuration(lasted)}` : ''}. Argos stands down.`;
  }
  const severity = severityWord(a.severity);
  const acked = a.acknowledged ? ' · acknowledged' : '';
  const escalated = a.escalated ? ' · escalated' : '';
  return `${severity ? `*${severity}* severity · ` : ''}Open since ${dateRef(a.since)}${acked}${escalated}`;
}

/** The incident, named as a person reads it (its root cause), linking to it in DataHub. */
function incidentLine(a: AlertState): string | undefined {
  if (!a.incident) return undefined;
  const label = a.kind === 'cause' ? a.headline : `${Object.values(a.models)[0]?.name ?? 'model'} incident`;
  return a.links.incident ? `DataHub incident: ${link(a.links.incident, label)}` : 'A DataHub incident is open';
}

/** The header's mark: the band of the channel's worst model (its word follows), or the severity's. */
function icon(a: AlertState, ch: Pick<AlertChannel, 'models'>): string {
  if (a.status === 'resolved') return a.accepted ? ACCEPTED_ICON : ':white_check_mark:';
  const worst = channelModels(a, ch)[0];
  if (worst?.band) return BAND_ICON[worst.band];
  return severityIcon(a.severity) ?? ':warning:';
}

/** The alert's text fallback: what a notification shows (mentions included, so they are notified). */
function fallbackText(a: AlertState, ch: Pick<AlertChannel, 'models' | 'mentions'>): string {
  const who = ch.mentions.length ? ` ${ch.mentions.slice(0, 10).map(mention).join(' ')}` : '';
  return clip(`${plain(firstLine(a, ch))}${who}`, 3000);
}

/**
 * The alert's message in one channel (its thread's parent), as it stands now: edited in place as things change. What
 * a person acts on comes first (the story, the status, the buttons); the channel's models follow, worst first.
 */
export function alertMessage(
  a: AlertState,
  ch: Pick<AlertChannel, 'models' | 'mentions'>,
  note?: string,
): SlackMessage {
  const blocks: Block[] = [header(`${icon(a, ch)} ${firstLine(a, ch)}`)];
  if (note) blocks.push(context(note));
  if (a.story.length) blocks.push(section(a.story.map((s) => plain(s)).join('\n')));
  blocks.push(context(statusLine(a), ...[incidentLine(a)].filter((x): x is string => !!x)));
  const claim = claimBlock(a);
  if (claim) blocks.push(claim);
  const actions = buttons(a, ch);
  if (actions) blocks.push(actions);
  blocks.push(...modelsBlocks(a, ch));
  const people = mentionsLine(ch.mentions);
  if (people) blocks.push(section(people));
  return { text: fallbackText(a, ch), blocks: blocks.slice(0, LIMITS.blocks) };
}

const reply = (text: string, blocks?: Block[]): SlackMessage => ({
  text: clip(text, 3000),
  blocks: blocks ?? [section(text)],
});

/** A follow-up in the thread: models whose band moved, or that the root cause now hurts too. */
export function followupMessage(a: AlertState, moved: AlertModel[], added: AlertModel[]): SlackMessage {
  const lines: string[] = [];
  for (const m of moved.slice(0, NAMED_IN_REPLY))
    lines.push(
      `${m.band ? BAND_ICON[m.band] : '•'} *${name(m.name)}*${m.from === null ? ':' : ' moved'} ${bandMove(m)}.`,
    );
  if (moved.length > NAMED_IN_REPLY)
    lines.push(`…and ${count(moved.length - NAMED_IN_REPLY, 'more model', 'more models')} moved.`);
  if (added.length) {
    const names = added.slice(0, NAMED_IN_REPLY).map((m) => `*${name(m.name)}*`);
    const rest = added.length > NAMED_IN_REPLY ? ` and ${added.length - NAMED_IN_REPLY} more` : '';
    lines.push(`It now hurts ${names.join(', ')}${rest} too.`);
  }
  const text = lines.join('\n') || `${plain(a.headline)}: no change.`;
  return reply(text, packed(lines.length ? lines : [text]).slice(0, LIMITS.blocks));
}

/**
 * The recovery reply in one channel: the root cause cleared (or the model is trusted again), which of the channel's
 * own models recovered, and which are still not trusted (something else still hurts them). The alert's models hold
 * their bands as they are now (the planner's `resolve`).
 */
export function recoveryMessage(a: AlertState, ch: Pick<AlertChannel, 'models'>): SlackMessage {
  const lasted = a.resolvedAt ? Date.parse(a.resolvedAt) - Date.parse(a.since) : NaN;
  const after = Number.isFinite(lasted) && lasted > 0 ? ` after ${formatDuration(lasted)}` : '';
  const mine = channelModels(a, ch);
  const named = (ms: AlertModel[]) => {
    const shown = ms.slice(0, NAMED_IN_REPLY).map((m) => `*${name(m.name)}* ${bandNow(m)}`);
    const rest = ms.length > NAMED_IN_REPLY ? ` and ${ms.length - NAMED_IN_REPLY} more` : '';
    return `${shown.join(', ')}${rest}`;
  };
  const own = a.kind === 'model' ? mine[0] : undefined;
  const lines = [
    own
      ? `:white_check_mark: Argos stands down: *${name(own.name)}* is ${bandNow(own)} again${after}.`
      : `:white_check_mark: Argos stands down: ${plain(a.headline)} cleared${after}.`,
  ];
  // by the bands as they are now (the recovered models' moves, the others read again): better is not recovered
  const trusted = a.kind === 'cause' ? mine.filter((m) => m.band === 'trusted') : [];
  const still = mine.filter((m) => m.band && m.band !== 'trusted');
  if (trusted.length) lines.push(`Recovered here: ${named(trusted)}.`);
  if (still.length) lines.push(`Still not trusted (something else holds them): ${named(still)}.`);
  return reply(lines.join(' '));
}

const ACCEPTED_ICON = ':ok_hand:';

/**
 * The reply when a person accepted the root cause's risk: who, until when and why. Not a recovery: the finding is
 * still there; it is raised again as a new alert if the acceptance ends or lapses while it is.
 */
export function acceptedMessage(x: CauseAcceptance): SlackMessage {
  return reply(`${ACCEPTED_ICON} ${plain(acceptedBy(x))}`);
}

/**
 * A day before an acceptance ends, once, in the accepted alert's thread, to its owners: from then the finding counts
 * again, and Argos raises it anew if it is still there.
 */
export function expiryMessage(x: CauseAcceptance, ch: Pick<AlertChannel, 'mentions'>): SlackMessage {
  const who = ch.mentions.length ? ` ${ch.mentions.slice(0, MAX_MENTIONS).map(mention).join(' ')}:` : '';
  return reply(
    `:hourglass_flowing_sand:${who} ${plain(x.by)}'s acceptance of this risk ends ${shortDate(x.until)} ('${plain(x.reason)}'). From then it counts again, and Argos raises it anew if it is still there, unless it is accepted again.`,
  );
}

/** Raised again once in the thread: nobody acknowledged it within `slack.escalateAfter`. */
export function escalationMessage(a: AlertState, ch: Pick<AlertChannel, 'mentions'>, afterMs: number): SlackMessage {
  const who = ch.mentions.length ? ` ${ch.mentions.slice(0, MAX_MENTIONS).map(mention).join(' ')}:` : '';
  const text = `:rotating_light:${who} nobody has acknowledged this in ${formatDuration(afterMs)}, and it is still open.${a.incident ? ' Acknowledge it, or resolve it if it needs no action.' : ''}`;
  return reply(text);
}

/** The same escalation in `slack.escalationChannel`, pointing at where the alert is. */
export function escalationNotice(a: AlertState, channels: string[], afterMs: number): SlackMessage {
  const where = channels.slice(0, 10).map(channelRef).join(', ');
  const who = [...new Set(Object.values(a.channels).flatMap((c) => c.mentions))];
  const text = `:rotating_light: Escalated: *${plain(a.headline)}* (${count(a.modelCount, 'model', 'models')}) has gone unacknowledged for ${formatDuration(afterMs)}${where ? ` in ${where}` : ''}.`;
  const blocks: Block[] = [section(text)];
  if (a.story.length) blocks.push(section(a.story.map((s) => plain(s)).join('\n')));
  const people = mentionsLine(who);
  if (people) blocks.push(context(people));
  const actions = buttons(a, { models: Object.keys(a.models) });
  if (actions) blocks.push(actions);
  return { text: clip(text, 3000), blocks };
}

const DIGEST_SECTIONS = 3;

/** More alerts for one channel in one cycle than `slack.digestAbove`: one message lists them all. */
export function digestMessage(
  alerts: { alert: AlertState; channel: Pick<AlertChannel, 'models' | 'mentions'> }[],
): SlackMessage {
  const lines = alerts.map(({ alert: a, channel: ch }) => {
    const models = channelModels(a, ch);
    const others = models.slice(1, 3).map((m) => name(m.name));
    const rest = models.length - 1 - others.length;
    const also = others.length ? `; also ${others.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}` : '';
    const report = reportFor(a, ch);
    return `• ${icon(a, ch)} *${plain(clip(firstLine(a, ch), 200))}*${also}${report ? ` (${link(report, 'report')})` : ''}`;
  });
  const mentions = [...new Set(alerts.flatMap((x) => x.channel.mentions))];
  const blocks: Block[] = [
    header(`Argos found ${count(alerts.length, 'problem', 'problems')} at once`),
    section('Too many to post one by one: here they are together. Follow-ups for each go in this thread.'),
  ];
  // whole lines, the rest counted exactly; three sections at most: Slack refuses a message past about 12,000
  // characters of blocks (msg_blocks_too_long, docs/slack.md) well before 50 sections of 3,000
  const body = fitLines(lines, { sections: DIGEST_SECTIONS });
  blocks.push(...listBlocks(body, ['problem', 'problems'], { label: 'the Model Impact Reports list every one' }));
  const people = mentionsLine(mentions);
  if (people) blocks.push(context(people));
  const who = mentions.length ? ` ${mentions.slice(0, 10).map(mention).join(' ')}` : '';
  return {
    text: clip(`Argos found ${count(alerts.length, 'problem', 'problems')} at once.${who}`, 3000),
    blocks: blocks.slice(0, LIMITS.blocks),
  };
}

/** A follow-up about one alert in a digest's thread names the alert it is about. */
export function aboutAlert(a: AlertState, m: SlackMessage): SlackMessage {
  return {
    text: clip(`${plain(a.headline)}: ${m.text}`, 3000),
    blocks: [context(`*${plain(clip(a.headline, 200))}*`), ...m.blocks].slice(0, LIMITS.blocks),
  };
}
