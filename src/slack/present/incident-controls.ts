import { createHash } from 'node:crypto';
import type { types } from '@slack/bolt';
import type { IncidentView } from '../../app/incident-action.js';
import { actorOf, isAcknowledged, noteOf, type IncidentStatus, type Resolution } from '../../core/incident-status.js';
import { LIMITS, type Block } from './kit.js';
import { clip, dateToken, plain } from './mrkdwn.js';

/**
 * An incident's controls in a Slack message, the one builder of them: its status line and its buttons (an alert shows
 * them as Janus raised the incident; a click, the reverse sync and `/janus trust` as it is now). Pure. The buttons'
 * `action_id`s are stable; their `value` is the DataHub incident urn.
 */

export const INCIDENT_ACTIONS = {
  ack: 'janus.incident.ack',
  resolve: 'janus.incident.resolve',
  reopen: 'janus.incident.reopen',
} as const;
/** Every `janus.incident.*` action id that is not one of these is answered as unknown. */
export const UNKNOWN_INCIDENT_ACTION = /^janus\.incident\.(?!(?:ack|resolve|reopen)$)/;

/** Block ids of an incident's controls: `janus.incident:<12 hex of the urn>:status|actions`. */
const controlId = (urn: string) => `janus.incident:${createHash('sha256').update(urn).digest('hex').slice(0, 12)}`;

const STAGE_WORD: Record<Resolution, string> = { FIXED: 'fixed', NO_ACTION_REQUIRED: 'no action required' };

const when = (ms: number | null) =>
  ms === null ? '' : ` · ${dateToken(ms, '{date_short_pretty} at {time}', new Date(ms).toISOString())}`;

/** One line saying where the incident is, who put it there and when (and a resolution's note). */
export function statusLine(view: IncidentView): string {
  const s = view.status;
  const by = actorOf(s);
  const who = by ? ` by ${plain(by)}` : '';
  if (s.state === 'RESOLVED') {
    const stage = s.stage === 'FIXED' || s.stage === 'NO_ACTION_REQUIRED' ? `: ${STAGE_WORD[s.stage]}` : '';
    const note = noteOf(s.message);
    const quoted = note && !/^Resolved by Janus/.test(note) ? `\n>${plain(clip(note, 500)).replace(/\n/g, '\n>')}` : '';
    return `:white_check_mark: *Resolved${stage}*${who}${when(s.updatedAt)}${quoted}`;
  }
  if (isAcknowledged(s)) return `:eyes: *Acknowledged*${who}${when(s.updatedAt)}`;
  const reopened = /^Reopened by /.test(s.message ?? '');
  if (reopened) {
    const why = /^Reopened by Janus: (.*)$/s.exec(s.message ?? '')?.[1];
    return `:rotating_light: *Reopened*${who}${when(s.updatedAt)}${why ? `: ${plain(clip(why, 500))}` : ''}`;
  }
  return ':rotating_light: *Open*, nobody has acknowledged it yet';
}

const button = (text: string, actionId: string, urn: string, style?: 'primary' | 'danger'): types.Button => ({
  type: 'button',
  action_id: actionId,
  text: { type: 'plain_text', text, emoji: true },
  value: urn,
  ...(style ? { style } : {}),
});

/**
 * Acknowledge and Resolve while nobody has it (an alert's, showing `RAISED_STATUS`); Resolve once acknowledged; Reopen
 * once resolved.
 */
export function incidentButtons(view: {
  urn: string;
  status: Pick<IncidentStatus, 'state' | 'stage'>;
}): types.Button[] {
  const s = view.status;
  if (s.state === 'RESOLVED') return [button('Reopen', INCIDENT_ACTIONS.reopen, view.urn)];
  if (isAcknowledged(s)) return [button('Resolve', INCIDENT_ACTIONS.resolve, view.urn, 'primary')];
  return [
    button('Acknowledge', INCIDENT_ACTIONS.ack, view.urn, 'primary'),
    button('Resolve', INCIDENT_ACTIONS.resolve, view.urn),
  ];
}

/** The incident's two blocks: its status line and its buttons. */
export function incidentControls(view: IncidentView): Block[] {
  const id = controlId(view.urn);
  return [
    {
      type: 'context',
      block_id: `${id}:status`,
      elements: [{ type: 'mrkdwn', text: clip(statusLine(view), LIMITS.sectionText) }],
    },
    { type: 'actions', block_id: `${id}:actions`, elements: incidentButtons(view) },
  ];
}

const isButtonFor = (e: object, urn: string) =>
  'action_id' in e &&
  typeof e.action_id === 'string' &&
  e.action_id.startsWith('janus.incident.') &&
  'value' in e &&
  e.value === urn;

/** The incidents a message's buttons act on (the `value` of its `janus.incident.*` buttons), in order, once each. */
export function incidentsShownIn(blocks: readonly Block[]): string[] {
  const urns = new Set<string>();
  for (const b of blocks)
    if (b.type === 'actions')
      for (const e of b.elements)
        if ('action_id' in e && e.action_id?.startsWith('janus.incident.') && 'value' in e && e.value)
          urns.add(e.value);
  return [...urns];
}

/** The controls a click or the reverse sync drew for an incident in a message (status line and buttons), if any. */
export function drawnControls(blocks: readonly Block[], urn: string): Block[] | undefined {
  const id = controlId(urn);
  const drawn = blocks.filter((b) => b.block_id === `${id}:status` || b.block_id === `${id}:actions`);
  return drawn.length ? drawn : undefined;
}

/**
 * A message's blocks with this incident's controls brought up to date: in place of the controls drawn before (by
 * block id), else of the incident's buttons in the alert's own actions block (its other buttons stay there), else added
 * at the end. Everything else in the message stays as it was.
 */
export function withIncidentControls(blocks: Block[], view: IncidentView): Block[] {
  return placeControls(blocks, view.urn, incidentControls(view));
}

/** `withIncidentControls` with controls already drawn (kept from an earlier version of the message). */
export function placeControls(blocks: Block[], urn: string, controls: Block[]): Block[] {
  const id = controlId(urn);
  const mine = (b: Block) => b.block_id === `${id}:status` || b.block_id === `${id}:actions`;
  const drawn = blocks.findIndex(mine);
  if (drawn >= 0) {
    const before = blocks.slice(0, drawn);
    return [...before, ...controls, ...blocks.slice(drawn).filter((b) => !mine(b))];
  }
  const alert = blocks.findIndex((b) => b.type === 'actions' && b.elements.some((e) => isButtonFor(e, urn)));
  if (alert < 0) return [...blocks.slice(0, LIMITS.blocks - controls.length), ...controls];
  const own = blocks[alert] as types.ActionsBlock;
  const others = own.elements.filter((e) => !isButtonFor(e, urn));
  const kept: Block[] = others.length ? [{ ...own, elements: others }] : [];
  return [...blocks.slice(0, alert), ...kept, ...controls, ...blocks.slice(alert + 1)].slice(0, LIMITS.blocks);
}
