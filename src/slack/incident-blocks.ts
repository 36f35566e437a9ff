import type { types } from '@slack/bolt';
import type { IncidentActionOutcome } from '../app/incident-action.js';
import { RESOLUTIONS } from '../core/incident-status.js';
import { statusLine } from './present/incident-controls.js';
import { section, type SlackMessage } from './present/kit.js';
import { clip, plain } from './present/mrkdwn.js';

/** The Resolve modal, and what Argos tells the clicker of an incident button. Pure. */

// the controls themselves are built in present/incident-controls.ts; the edges and tests import them from here too
export {
  INCIDENT_ACTIONS,
  UNKNOWN_INCIDENT_ACTION,
  incidentButtons,
  incidentControls,
  incidentsShownIn,
  parseChoice,
  statusLine,
  withIncidentControls,
} from './present/incident-controls.js';

/** The Resolve modal's `callback_id`. */
export const RESOLVE_VIEW = 'janus.incident.resolve';
export const NOTE_MAX = 1000;

/** What the modal carries back on submit: which incident, and which message to update. */
export interface ResolveMetadata {
  urn: string;
  channel: string;
  ts: string;
  /** Opened from App Home: the submission publishes Home again. */
  from?: 'home';
}

/** How long "Accept the risk" may last, in days: the choices the modal offers, up to `judge.acceptance.maxDays`. */
export const ACCEPT_DAYS = [7, 30, 90] as const;

/**
 * The Resolve modal: fixed, or accept the risk (docs/accepted-risk.md) for a while, and a note (the reason when
 * accepting). The stage and the note are required; the duration when accepting.
 */
export function resolveModal(meta: ResolveMetadata, title: string, maxDays = 90): types.ModalView {
  const days = ACCEPT_DAYS.filter((d) => d <= maxDays);
  return {
    type: 'modal',
    callback_id: RESOLVE_VIEW,
    private_metadata: JSON.stringify(meta),
    title: { type: 'plain_text', text: 'Resolve incident' },
    submit: { type: 'plain_text', text: 'Resolve' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      section(`*${plain(title)}*`),
      {
        type: 'input',
        block_id: 'stage',
        label: { type: 'plain_text', text: 'What happened?' },
        element: {
          type: 'radio_buttons',
          action_id: 'stage',
          options: RESOLUTIONS.map((r) => ({
            value: r,
            text: { type: 'plain_text', text: r === 'FIXED' ? 'Fixed' : 'Accept the risk' },
            description: {
              type: 'plain_text',
              text:
                r === 'FIXED'
                  ? 'The problem is gone. If Janus still sees it, it reopens the incident.'
                  : 'Still there, but acceptable for now: it stops counting until the end chosen below, then counts again.',
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
          placeholder: { type: 'plain_text', text: 'What was done, or why the risk is acceptable' },
        },
      },
      {
        type: 'input',
        block_id: 'duration',
        optional: true,
        label: { type: 'plain_text', text: 'Accept for (when accepting the risk)' },
        element: {
          type: 'static_select',
          action_id: 'duration',
          placeholder: { type: 'plain_text', text: 'How long' },
          options: days.map((d) => ({ value: String(d), text: { type: 'plain_text', text: `${d} days` } })),
        },
      },
    ],
  };
}

const ephemeral = (text: string): SlackMessage => ({ response_type: 'ephemeral', text, blocks: [section(text)] });

const listed = (names: string[]) => {
  const shown = names.slice(0, 10).map((n) => plain(n));
  return names.length > 10 ? `${shown.join(', ')} and ${names.length - 10} more` : shown.join(', ');
};

const DONE: Record<string, string> = {
  ack: 'acknowledged',
  resolve: 'resolved',
  reopen: 'reopened',
  assign: 'assigned to you',
  priority: 'changed (priority)',
  stage: 'changed (stage)',
};

/** What Argos tells the clicker, only them; nothing when the updated message says it all (unless `confirm`). */
export function outcomeMessage(
  outcome: IncidentActionOutcome,
  opts: { confirm?: boolean } = {},
): SlackMessage | undefined {
  const nothing = 'Nothing was changed.';
  switch (outcome.kind) {
    case 'malformed':
      return ephemeral(
        `:warning: This button does not name a DataHub incident (\`${plain(clip(outcome.value, 200))}\`). ${nothing}`,
      );
    case 'no-email':
      return ephemeral(
        `:warning: Argos cannot see your email in Slack, so it cannot tell who you are in DataHub. ${nothing}`,
      );
    case 'no-account':
      return ephemeral(
        `:warning: DataHub has no user with your email (${plain(outcome.email)}), so Argos cannot act for you. Ask a DataHub admin to add you. ${nothing}`,
      );
    case 'inactive':
      return ephemeral(
        `:warning: Your DataHub account (${plain(outcome.name)}) is suspended or inactive, so Argos cannot act for you. ${nothing}`,
      );
    case 'not-found':
      return ephemeral(`:warning: DataHub has no incident \`${plain(outcome.urn)}\`. ${nothing}`);
    case 'refused': {
      const who = [
        ...(outcome.owners.length ? [listed(outcome.owners)] : []),
        ...(outcome.admins ? ['a Janus admin (`slack.admins`)'] : []),
        ...(outcome.responders ? ['the on-call responders (`slack.responders`)'] : []),
      ];
      return ephemeral(
        `:no_entry: Only the owners of ${plain(outcome.entity)} or of the models it affects may act on this incident${who.length ? `: ${who.join(', or ')}` : ' (it has none: ask a Janus admin)'}. ${nothing}`,
      );
    }
    case 'unchanged': {
      const by = outcome.by ? ` by ${plain(outcome.by)}` : '';
      const text =
        outcome.already === 'open'
          ? 'This incident is already open.'
          : outcome.already === 'assigned'
            ? 'This incident is already assigned to you.'
            : outcome.already === 'priority' || outcome.already === 'stage'
              ? `This incident already has that ${outcome.already}.`
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

const failedShow = (why?: string) => (why ? ` (Slack: ${plain(clip(why, 200))})` : '');

/** DataHub (or anything else) failed: the incident may be unchanged, and it is not the clicker's fault. */
export function failureMessage(detail: string): SlackMessage {
  return ephemeral(
    `:warning: Argos could not change the incident just now: ${plain(clip(detail, 300))}. Try again in a moment.`,
  );
}

/** An action id under `janus.incident.` that Argos does not know. */
export function unknownActionMessage(actionId: string): SlackMessage {
  return ephemeral(`:warning: Argos does not know the button \`${plain(clip(actionId, 100))}\`. Nothing was changed.`);
}
