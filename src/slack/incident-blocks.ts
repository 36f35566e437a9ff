import { createHash } from 'node:crypto';
import type { types } from '@slack/bolt';
import type { IncidentActionOutcome, IncidentView } from '../app/incident-action.js';
import { actorOf, isAcknowledged, noteOf, RESOLUTIONS, type Resolution } from '../core/incident-status.js';
import { clip, LIMITS, mrkdwn, type Block, type SlackMessage } from '../render/blocks.js';

/**
 * An incident's controls in a Slack message (its status line and its buttons), the Resolve modal, and what Argos
 * tells the clicker. Pure. The buttons' `action_id`s are stable; their `value` is the DataHub incident urn.
 */

export const INCIDENT_ACTIONS = {
  ack: 'janus.incident.ack',
  resolve: 'janus.incident.resolve',
  reopen: 'janus.incident.reopen',
} as const;
/** Every `janus.incident.*` action id that is not one of these is answered as unknown. */
export const UNKNOWN_INCIDENT_ACTION = /^janus\.incident\.(?!(?:ack|resolve|reopen)$)/;
/** The Resolve modal's `callback_id`. */
export const RESOLVE_VIEW = 'janus.incident.resolve';
export const NOTE_MAX = 1000;

/** Block ids of an incident's controls: `janus.incident:<12 hex of the urn>:status|actions`. */
const controlId = (urn: string) => `janus.incident:${createHash('sha256').update(urn).digest('hex').slice(0, 12)}`;

const STAGE_WORD: Record<Resolution, string> = { FIXED: 'fixed', NO_ACTION_REQUIRED: 'no action required' };

/** `<!date^…>`: Slack shows the time in the reader's time zone. */
const when = (ms: number | null) =>
  ms === null ? '' : ` · <!date^${Math.floor(ms / 1000)}^{date_short_pretty} at {time}|${new Date(ms).toISOString()}>`;

/** One line saying where the incident is, who put it there and when (and a resolution's note). */
export function statusLine(view: IncidentView): string {
  const s = view.status;
  const by = actorOf(s);
  const who = by ? ` by ${mrkdwn(by)}` : '';
  if (s.state === 'RESOLVED') {
    const stage = s.stage === 'FIXED' || s.stage === 'NO_ACTION_REQUIRED' ? `: ${STAGE_WORD[s.stage]}` : '';
    const note = noteOf(s.message);
    const quoted =
      note && !/^Resolved by Janus/.test(note) ? `\n>${mrkdwn(clip(note, 500)).replace(/\n/g, '\n>')}` : '';
    return `:white_check_mark: *Resolved${stage}*${who}${when(s.updatedAt)}${quoted}`;
  }
  if (isAcknowledged(s)) return `:eyes: *Acknowledged*${who}${when(s.updatedAt)}`;
  const reopened = /^Reopened by /.test(s.message ?? '');
  if (reopened) {
    const why = /^Reopened by Janus: (.*)$/s.exec(s.message ?? '')?.[1];
    return `:rotating_light: *Reopened*${who}${when(s.updatedAt)}${why ? `: ${mrkdwn(clip(why, 500))}` : ''}`;
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

/** Acknowledge and Resolve while nobody has it; Resolve once acknowledged; Reopen once resolved. */
export function incidentButtons(view: IncidentView): types.Button[] {
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

/** What the modal carries back on submit: which incident, and which message to update. */
export interface ResolveMetadata {
  urn: string;
  channel: string;
  ts: string;
}

/** The Resolve modal: fixed or no action required, and a note (both required). */
export function resolveModal(meta: ResolveMetadata, title: string): types.ModalView {
  return {
    type: 'modal',
    callback_id: RESOLVE_VIEW,
    private_metadata: JSON.stringify(meta),
    title: { type: 'plain_text', text: 'Resolve incident' },
    submit: { type: 'plain_text', text: 'Resolve' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: clip(`*${mrkdwn(title)}*`, LIMITS.sectionText) } },
      {
        type: 'input',
        block_id: 'stage',
        label: { type: 'plain_text', text: 'What happened?' },
        element: {
          type: 'radio_buttons',
          action_id: 'stage',
          options: RESOLUTIONS.map((r) => ({
            value: r,
            text: { type: 'plain_text', text: r === 'FIXED' ? 'Fixed' : 'No action required' },
            description: {
              type: 'plain_text',
              text:
                r === 'FIXED'
                  ? 'The problem is gone. If Janus still sees it, it reopens the incident.'
                  : 'Not a problem. Janus will not raise it again while the evidence stays the same.',
            },
          })),
        },
      },
      {
        type: 'input',
        block_id: 'note',
        label: { type: 'plain_text', text: 'Note' },
        element: {
          type: 'plain_text_input',
          action_id: 'note',
          multiline: true,
          max_length: NOTE_MAX,
          placeholder: { type: 'plain_text', text: 'What was done, or why nothing needs doing' },
        },
      },
    ],
  };
}

const ephemeral = (text: string): SlackMessage => ({
  response_type: 'ephemeral',
  text,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: clip(text, LIMITS.sectionText) } }],
});

const listed = (names: string[]) => {
  const shown = names.slice(0, 10).map(mrkdwn);
  return names.length > 10 ? `${shown.join(', ')} and ${names.length - 10} more` : shown.join(', ');
};

const DONE: Record<string, string> = { ack: 'acknowledged', resolve: 'resolved', reopen: 'reopened' };

/** What Argos tells the clicker, only them; nothing when the updated message says it all (unless `confirm`). */
export function outcomeMessage(
  outcome: IncidentActionOutcome,
  opts: { confirm?: boolean } = {},
): SlackMessage | undefined {
  const nothing = 'Nothing was changed.';
  switch (outcome.kind) {
    case 'malformed':
      return ephemeral(
        `:warning: This button does not name a DataHub incident (\`${mrkdwn(clip(outcome.value, 200))}\`). ${nothing}`,
      );
    case 'no-email':
      return ephemeral(
        `:warning: Argos cannot see your email in Slack, so it cannot tell who you are in DataHub. ${nothing}`,
      );
    case 'no-account':
      return ephemeral(
        `:warning: DataHub has no user with your email (${mrkdwn(outcome.email)}), so Argos cannot act for you. Ask a DataHub admin to add you. ${nothing}`,
      );
    case 'inactive':
      return ephemeral(
        `:warning: Your DataHub account (${mrkdwn(outcome.name)}) is suspended or inactive, so Argos cannot act for you. ${nothing}`,
      );
    case 'not-found':
      return ephemeral(`:warning: DataHub has no incident \`${mrkdwn(outcome.urn)}\`. ${nothing}`);
    case 'refused': {
      const who = [
        ...(outcome.owners.length ? [listed(outcome.owners)] : []),
        ...(outcome.admins ? ['a Janus admin (`slack.admins`)'] : []),
      ];
      return ephemeral(
        `:no_entry: Only the owners of ${mrkdwn(outcome.entity)} or of the models it affects may act on this incident${who.length ? `: ${who.join(', or ')}` : ' (it has none: ask a Janus admin)'}. ${nothing}`,
      );
    }
    case 'unchanged': {
      const by = outcome.by ? ` by ${mrkdwn(outcome.by)}` : '';
      const text =
        outcome.already === 'open'
          ? 'This incident is already open.'
          : `This incident was already ${outcome.already}${by}.`;
      const now = opts.confirm ? `\n${statusLine(outcome.view)}` : ' The message now shows where it is.';
      return ephemeral(`${text}${now}${failedShow(outcome.showFailed)}`);
    }
    case 'done':
      if (outcome.showFailed)
        return ephemeral(
          `The incident is ${DONE[outcome.action]} in DataHub, but Argos could not update the message.${failedShow(outcome.showFailed)}`,
        );
      return opts.confirm ? ephemeral(`Done: ${statusLine(outcome.view)}`) : undefined;
  }
}

const failedShow = (why?: string) => (why ? ` (Slack: ${mrkdwn(clip(why, 200))})` : '');

/** DataHub (or anything else) failed: the incident may be unchanged, and it is not the clicker's fault. */
export function failureMessage(detail: string): SlackMessage {
  return ephemeral(
    `:warning: Argos could not change the incident just now: ${mrkdwn(clip(detail, 300))}. Try again in a moment.`,
  );
}

/** An action id under `janus.incident.` that Argos does not know. */
export function unknownActionMessage(actionId: string): SlackMessage {
  return ephemeral(`:warning: Argos does not know the button \`${mrkdwn(clip(actionId, 100))}\`. Nothing was changed.`);
}
