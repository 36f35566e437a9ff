import { createHash } from 'node:crypto';
import type { types } from '@slack/bolt';
import type { IncidentView } from '../../app/incident-action.js';
import { actorOf, isAcknowledged, noteOf, type IncidentStatus, type Resolution } from '../../core/incident-status.js';
import {
  ACTIVE_STAGES,
  INCIDENT_PRIORITIES,
  isActiveStage,
  isPriority,
  PRIORITY_WORD,
  STAGE_WORD,
  type IncidentPeople,
} from '../../core/incident-triage.js';
import { LIMITS, type Block } from './kit.js';
import { clip, dateToken, plain } from './mrkdwn.js';

/**
 * An incident's controls in a Slack message, the one builder of them: its status line and its buttons (an alert shows
 * them as Janus raised the incident; a click, the reverse sync and `/janus trust` as it is now). Pure. The buttons'
 * `action_id`s are stable; their `value` is the DataHub incident urn. The priority / stage menu (one `static_select`,
 * its options grouped as DataHub's incident model has them) carries `<priority|stage>:<value>|<urn>` in each option.
 */

export const INCIDENT_ACTIONS = {
  ack: 'janus.incident.ack',
  resolve: 'janus.incident.resolve',
  reopen: 'janus.incident.reopen',
  assign: 'janus.incident.assign',
  set: 'janus.incident.set',
} as const;
/** Every `janus.incident.*` action id that is not one of these is answered as unknown. */
export const UNKNOWN_INCIDENT_ACTION = /^janus\.incident\.(?!(?:ack|resolve|reopen|assign|set)$)/;

/** Slack's limit on an option's `value`: a longer urn gets no menu. */
const OPTION_VALUE_MAX = 150;

/** A menu choice: `priority:HIGH|<urn>` or `stage:WORK_IN_PROGRESS|<urn>` (checked, never trusted). */
export function parseChoice(value: string): { control: 'priority' | 'stage'; choice: string; urn: string } | undefined {
  const m = /^(priority|stage):([A-Z_]{1,40})\|(.+)$/.exec(value);
  if (!m) return undefined;
  const [, control, choice, urn] = m as unknown as [string, 'priority' | 'stage', string, string];
  if (control === 'priority' ? !isPriority(choice) : !isActiveStage(choice)) return undefined;
  return { control, choice, urn };
}

/** Block ids of an incident's controls: `janus.incident:<12 hex of the urn>:status|actions`. */
const controlId = (urn: string) => `janus.incident:${createHash('sha256').update(urn).digest('hex').slice(0, 12)}`;

const RESOLVED_WORD: Record<Resolution, string> = { FIXED: 'fixed', NO_ACTION_REQUIRED: 'no action required' };

const when = (ms: number | null) =>
  ms === null ? '' : ` · ${dateToken(ms, '{date_short_pretty} at {time}', new Date(ms).toISOString())}`;

/** One line saying where the incident is, who put it there and when (and a resolution's note), its priority and assignees. */
export function statusLine(view: IncidentView): string {
  return `${stateLine(view)}${peopleLine(view.people)}`;
}

function peopleLine(people: IncidentPeople | undefined): string {
  if (!people) return '';
  const parts = [
    ...(people.priority ? [PRIORITY_WORD[people.priority]] : []),
    ...(people.assignees.length ? [`assigned to ${people.assignees.map((a) => plain(a.name)).join(', ')}`] : []),
  ];
  return parts.length ? `\n${parts.join(' · ')}` : '';
}

function stateLine(view: IncidentView): string {
  const s = view.status;
  const by = actorOf(s);
  const who = by ? ` by ${plain(by)}` : '';
  if (s.state === 'RESOLVED') {
    const stage = s.stage === 'FIXED' || s.stage === 'NO_ACTION_REQUIRED' ? `: ${RESOLVED_WORD[s.stage]}` : '';
    const note = noteOf(s.message);
    const quoted = note && !/^Resolved by Janus/.test(note) ? `\n>${plain(clip(note, 500)).replace(/\n/g, '\n>')}` : '';
    return `:white_check_mark: *Resolved${stage}*${who}${when(s.updatedAt)}${quoted}`;
  }
  if (isAcknowledged(s)) {
    const moved = /^Moved to /.test(s.message ?? '') && s.stage ? `Moved to ${STAGE_WORD[s.stage]}` : 'Acknowledged';
    return `:eyes: *${moved}*${who}${when(s.updatedAt)}`;
  }
  if (/^Moved to /.test(s.message ?? '')) return `:rotating_light: *Moved to triage*${who}${when(s.updatedAt)}`;
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

/** Assign to me and the priority / stage menu, while the incident is ACTIVE. */
function triageControls(urn: string): (types.Button | types.StaticSelect)[] {
  const assign = button('Assign to me', INCIDENT_ACTIONS.assign, urn);
  if (`stage:WORK_IN_PROGRESS|${urn}`.length > OPTION_VALUE_MAX) return [assign];
  const option = (text: string, value: string) => ({ text: { type: 'plain_text' as const, text }, value });
  return [
    assign,
    {
      type: 'static_select',
      action_id: INCIDENT_ACTIONS.set,
      placeholder: { type: 'plain_text', text: 'Priority / stage' },
      option_groups: [
        {
          label: { type: 'plain_text', text: 'Priority' },
          options: INCIDENT_PRIORITIES.map((p) => option(PRIORITY_WORD[p], `priority:${p}|${urn}`)),
        },
        {
          label: { type: 'plain_text', text: 'Stage' },
          options: ACTIVE_STAGES.map((st) =>
            option(
              STAGE_WORD[st].replace(/^./, (c) => c.toUpperCase()),
              `stage:${st}|${urn}`,
            ),
          ),
        },
      ],
    },
  ];
}

/**
 * Acknowledge and Resolve while nobody has it (an alert's, showing `RAISED_STATUS`); Resolve once acknowledged; Reopen
 * once resolved. While it is ACTIVE, Assign to me and the priority / stage menu follow.
 */
export function incidentButtons(view: {
  urn: string;
  status: Pick<IncidentStatus, 'state' | 'stage'>;
}): (types.Button | types.StaticSelect)[] {
  const s = view.status;
  if (s.state === 'RESOLVED') return [button('Reopen', INCIDENT_ACTIONS.reopen, view.urn)];
  if (isAcknowledged(s))
    return [button('Resolve', INCIDENT_ACTIONS.resolve, view.urn, 'primary'), ...triageControls(view.urn)];
  return [
    button('Acknowledge', INCIDENT_ACTIONS.ack, view.urn, 'primary'),
    button('Resolve', INCIDENT_ACTIONS.resolve, view.urn),
    ...triageControls(view.urn),
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

/** The incident a `janus.incident.*` element acts on: a button's value, the urn in a menu's options. */
function elementUrn(e: object): string | undefined {
  if (!('action_id' in e) || typeof e.action_id !== 'string' || !e.action_id.startsWith('janus.incident.')) return;
  if ('value' in e && typeof e.value === 'string') return e.value || undefined;
  const groups = 'option_groups' in e && Array.isArray(e.option_groups) ? (e.option_groups as types.OptionGroup[]) : [];
  const first = groups[0]?.options[0]?.value;
  return first ? parseChoice(first)?.urn : undefined;
}

const isButtonFor = (e: object, urn: string) => elementUrn(e) === urn;

/** The incidents a message's buttons act on (the `value` of its `janus.incident.*` buttons), in order, once each. */
export function incidentsShownIn(blocks: readonly Block[]): string[] {
  const urns = new Set<string>();
  for (const b of blocks)
    if (b.type === 'actions')
      for (const e of b.elements) {
        const urn = elementUrn(e);
        if (urn) urns.add(urn);
      }
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
