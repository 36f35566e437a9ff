import { formatDuration } from '../../core/duration.js';
import { RAISED_STATUS } from '../../core/incident-status.js';
import { incidentButtons } from '../present/incident-controls.js';
import { context, header, LIMITS, LINK_ACTIONS, section, type Block, type SlackMessage } from '../present/kit.js';
import { clipLine, fitLines, listBlocks } from '../present/list.js';
import { channelRef, clip, count, dateRef, link, mention, name, plain } from '../present/mrkdwn.js';
import { BAND_ICON, BAND_WORD, severityIcon } from '../present/vocabulary.js';
import type { AlertChannel, AlertModel, AlertState } from './types.js';

/**
 * Argos's alert messages as Block Kit (types from `@slack/types`, through Bolt): the parent of an alert's thread,
 * its follow-ups, the recovery, the digest and the escalation. Pure; every message stays inside Block Kit's limits
 * (≤ 50 blocks, ≤ 3,000 characters a section, ≤ 150 a header) whatever the alert's size, and carries a `text`
 * fallback for notifications.
 */

/** Models a message lists by name; the rest are counted, with the report link. */
export const LISTED_MODELS = 25;
/** People mentioned in one message, at most. */
const MAX_MENTIONS = 40;

/** `caution → at risk (62)`, or the band alone when that is all a transition said. */
export function bandMove(m: Pick<AlertModel, 'band' | 'from' | 'score'>): string {
  if (!m.band) return 'downstream';
  const score = m.score === undefined ? '' : ` (${m.score})`;
  return m.from === undefined
    ? `${BAND_WORD[m.band]}${score}`
    : `${m.from ? BAND_WORD[m.from] : 'unjudged'} → ${BAND_WORD[m.band]}${score}`;
}

function modelLine(m: AlertModel): string {
  return `• ${m.band ? BAND_ICON[m.band] : ':small_blue_diamond:'} *${name(m.name)}*: ${bandMove(m)}`;
}

/** Lines packed into as few sections as fit, each within the section limit. */
export function packed(lines: string[]): Block[] {
  const out: Block[] = [];
  let cur = '';
  for (const line of lines) {
    // never cut inside a link: a cut link shows as raw `<https://…`
    const l = clipLine(line, LIMITS.sectionText);
    if (cur && cur.length + 1 + l.length > LIMITS.sectionText) {
      out.push(section(cur));
      cur = '';
    }
    cur = cur ? `${cur}\n${l}` : l;
  }
  if (cur) out.push(section(cur));
  return out;
}

/** The models a channel lists: moved ones first (worst band first), then by name; `LISTED_MODELS` named. */
function listedModels(a: AlertState, ch: Pick<AlertChannel, 'models'>): { shown: AlertModel[]; more: number } {
  const rank = (m: AlertModel) => (m.band === 'at_risk' ? 0 : m.band === 'caution' ? 1 : m.band === 'trusted' ? 3 : 2);
  const all = ch.models.map((u) => a.models[u]).filter((m): m is AlertModel => !!m);
  all.sort((x, y) => rank(x) - rank(y) || x.name.localeCompare(y.name));
  return { shown: all.slice(0, LISTED_MODELS), more: Math.max(0, all.length - LISTED_MODELS) };
}

function modelsBlocks(a: AlertState, ch: Pick<AlertChannel, 'models'>): Block[] {
  const { shown, more } = listedModels(a, ch);
  if (!shown.length) return [];
  const total = shown.length + more;
  const title =
    a.kind === 'model'
      ? '*Model*'
      : a.status === 'resolved'
        ? `*${count(total, 'model', 'models')} it hurt*`
        : `*${count(total, 'model', 'models')} hurt*`;
  const lines = [title, ...shown.map(modelLine)];
  if (more > 0)
    lines.push(`…and ${count(more, 'more model', 'more models')}: ${link(a.links.report, 'the report lists them')}`);
  return packed(lines);
}

function buttons(a: AlertState): Block | undefined {
  const els: NonNullable<Extract<Block, { type: 'actions' }>['elements']> = [];
  // the incident as Janus raised it: a click or the reverse sync draws it as it is since (incident-record.ts)
  if (a.status === 'open' && a.incident) els.push(...incidentButtons({ urn: a.incident, status: RAISED_STATUS }));
  if (a.links.report)
    els.push({
      type: 'button',
      action_id: LINK_ACTIONS.report,
      text: { type: 'plain_text', text: 'Open report' },
      url: a.links.report,
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
  return `*Owners:* ${shown}${more}`;
}

function statusLine(a: AlertState): string {
  if (a.status === 'resolved') {
    const lasted = a.resolvedAt ? Date.parse(a.resolvedAt) - Date.parse(a.since) : NaN;
    return `:white_check_mark: Resolved${Number.isFinite(lasted) && lasted > 0 ? ` after ${formatDuration(lasted)}` : ''}. Argos stands down.`;
  }
  const acked = a.acknowledged ? ' · acknowledged' : '';
  const escalated = a.escalated ? ' · escalated' : '';
  return `Open since ${dateRef(a.since)}${acked}${escalated}`;
}

function incidentLine(a: AlertState): string | undefined {
  if (!a.incident) return undefined;
  return `DataHub incident: ${link(a.links.incident, a.incident.replace('urn:li:incident:', ''))}`;
}

function icon(a: AlertState): string {
  if (a.status === 'resolved') return ':white_check_mark:';
  if (a.kind === 'model') {
    const m = Object.values(a.models)[0];
    return m?.band ? BAND_ICON[m.band] : ':warning:';
  }
  return severityIcon(a.severity) ?? ':warning:';
}

/** The alert's text fallback: what a notification shows (mentions included, so they are notified). */
function fallbackText(a: AlertState, ch: Pick<AlertChannel, 'models' | 'mentions'>, prefix = ''): string {
  const { shown, more } = listedModels(a, ch);
  const names = shown.slice(0, 5).map((m) => m.name);
  const rest = shown.length + more - names.length;
  const models = names.length ? ` (${names.map(name).join(', ')}${rest > 0 ? ` and ${rest} more` : ''})` : '';
  const who = ch.mentions.length ? ` ${ch.mentions.slice(0, 10).map(mention).join(' ')}` : '';
  return clip(`${prefix}Argos: ${plain(a.headline)}${models}${who}`, 3000);
}

/** The alert's message in one channel (its thread's parent), as it stands now: edited in place as things change. */
export function alertMessage(
  a: AlertState,
  ch: Pick<AlertChannel, 'models' | 'mentions'>,
  note?: string,
): SlackMessage {
  const resolved = a.status === 'resolved';
  const blocks: Block[] = [header(`${icon(a)} ${resolved ? 'Resolved: ' : ''}${a.headline}`)];
  if (note) blocks.push(context(note));
  if (a.story.length) blocks.push(section(a.story.map((s) => plain(s)).join('\n')));
  blocks.push(...modelsBlocks(a, ch).slice(0, 40));
  const people = mentionsLine(ch.mentions);
  if (people) blocks.push(section(people));
  blocks.push(context(statusLine(a), ...[incidentLine(a)].filter((x): x is string => !!x)));
  const actions = buttons(a);
  if (actions) blocks.push(actions);
  return { text: fallbackText(a, ch, resolved ? 'Resolved: ' : ''), blocks: blocks.slice(0, LIMITS.blocks) };
}

const reply = (text: string, blocks?: Block[]): SlackMessage => ({
  text: clip(text, 3000),
  blocks: blocks ?? [section(text)],
});

/** A follow-up in the thread: models whose band moved, or that the root cause now hurts too. */
export function followupMessage(a: AlertState, moved: AlertModel[], added: AlertModel[]): SlackMessage {
  const lines: string[] = [];
  for (const m of moved.slice(0, LISTED_MODELS))
    lines.push(`${m.band ? BAND_ICON[m.band] : '•'} *${name(m.name)}* moved ${bandMove(m)}.`);
  if (moved.length > LISTED_MODELS)
    lines.push(`…and ${count(moved.length - LISTED_MODELS, 'more model', 'more models')} moved.`);
  if (added.length) {
    const names = added.slice(0, LISTED_MODELS).map((m) => `*${name(m.name)}*`);
    const rest = added.length > LISTED_MODELS ? ` and ${added.length - LISTED_MODELS} more` : '';
    lines.push(`It now hurts ${names.join(', ')}${rest} too.`);
  }
  const text = lines.join('\n') || `${plain(a.headline)}: no change.`;
  return reply(text, packed(lines.length ? lines : [text]).slice(0, LIMITS.blocks));
}

/** The recovery reply: the root cause cleared (or the model is trusted again), and what recovered with it. */
export function recoveryMessage(a: AlertState, recovered: AlertModel[]): SlackMessage {
  const lasted = a.resolvedAt ? Date.parse(a.resolvedAt) - Date.parse(a.since) : NaN;
  const after = Number.isFinite(lasted) && lasted > 0 ? ` after ${formatDuration(lasted)}` : '';
  const back = recovered.slice(0, LISTED_MODELS).map((m) => `*${name(m.name)}* ${bandMove(m)}`);
  const rest = recovered.length > LISTED_MODELS ? ` and ${recovered.length - LISTED_MODELS} more` : '';
  const text = `:white_check_mark: Argos stands down: ${plain(a.headline)} cleared${after}.${back.length ? ` Recovered: ${back.join(', ')}${rest}.` : ''}`;
  return reply(text);
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
  const actions = buttons(a);
  if (actions) blocks.push(actions);
  return { text: clip(text, 3000), blocks };
}

const DIGEST_SECTIONS = 3;

/** More alerts for one channel in one cycle than `slack.digestAbove`: one message lists them all. */
export function digestMessage(
  alerts: { alert: AlertState; channel: Pick<AlertChannel, 'models' | 'mentions'> }[],
): SlackMessage {
  const lines = alerts.map(({ alert: a, channel: ch }) => {
    const { shown, more } = listedModels(a, ch);
    const names = shown.slice(0, 3).map((m) => name(m.name));
    const rest = shown.length + more - names.length;
    const models = names.length ? `: ${names.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}` : '';
    return `• ${icon(a)} *${plain(clip(a.headline, 200))}*${models}${a.links.report ? ` (${link(a.links.report, 'report')})` : ''}`;
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
