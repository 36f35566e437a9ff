import type { IncidentLocks } from '../../app/incident-lock.js';
import { RAISED_STATUS, statusFingerprint } from '../../core/incident-status.js';
import type { SlackMessage } from '../present/kit.js';
import { drawnControls, incidentsShownIn, placeControls } from '../present/incident-controls.js';
import type { IncidentMessages } from '../incident-messages.js';

/**
 * The alerts' side of the incident-message store (incident-messages.ts): an alert message with incident buttons is
 * recorded when posted, so a click finds its latest blocks and the reverse sync edits it when the incident changes in
 * DataHub; an edit of the parent (a follow-up, the recovery) keeps the controls a click or the sync drew on it.
 */
export interface AlertIncidents {
  messages: IncidentMessages;
  /** The buttons' locks: a click, the sync and an edit never draw one incident at once. */
  locks: IncidentLocks;
}

/** Where a message is (the channel id Slack answered with). */
export interface PostedAt {
  channel: string;
  ts: string;
  threadTs?: string;
}

/** An alert's buttons show the incident as Janus raised it: the sync edits the message once it is anything else. */
const AS_RAISED = statusFingerprint(RAISED_STATUS);

/** Records a message just posted, when it has incident buttons. */
export async function recordPosted(deps: AlertIncidents, at: PostedAt, message: SlackMessage): Promise<void> {
  const urns = incidentsShownIn(message.blocks);
  if (!urns.length) return;
  await deps.messages.save(
    {
      channel: at.channel,
      ts: at.ts,
      ...(at.threadTs ? { threadTs: at.threadTs } : {}),
      text: message.text,
      blocks: message.blocks,
      shown: Object.fromEntries(urns.map((u) => [u, AS_RAISED])),
    },
    urns,
  );
}

/**
 * Edits a posted alert to its new look (`send`: the `chat.update`), keeping the incident controls drawn on it since
 * (who acknowledged, who resolved), and records what it shows now. A message left showing no incident (a resolved
 * alert nobody acted on) is no longer tracked.
 */
export async function editRecorded(
  deps: AlertIncidents,
  at: PostedAt,
  next: SlackMessage,
  send: (message: SlackMessage) => Promise<void>,
): Promise<void> {
  const before = await deps.messages.get(at.channel, at.ts);
  const urns = [...new Set([...incidentsShownIn(next.blocks), ...Object.keys(before?.shown ?? {})])];
  const edit = async () => {
    const stored = await deps.messages.get(at.channel, at.ts);
    const buttons = new Set(incidentsShownIn(next.blocks));
    let blocks = next.blocks;
    const shown: Record<string, string> = {};
    for (const urn of new Set([...buttons, ...Object.keys(stored?.shown ?? {})])) {
      const was = stored?.shown[urn];
      const drawn = was && was !== AS_RAISED ? drawnControls(stored!.blocks, urn) : undefined;
      if (drawn) {
        blocks = placeControls(blocks, urn, drawn);
        shown[urn] = was!;
      } else if (buttons.has(urn)) shown[urn] = AS_RAISED;
    }
    await send({ text: next.text, blocks });
    if (Object.keys(shown).length)
      await deps.messages.save(
        {
          channel: at.channel,
          ts: at.ts,
          ...(stored?.threadTs ? { threadTs: stored.threadTs } : {}),
          text: next.text,
          blocks,
          shown,
        },
        Object.keys(shown),
      );
    else if (stored) await deps.messages.forget(at.channel, at.ts);
  };
  const locked = urns.reduceRight<() => Promise<void>>((inner, urn) => () => deps.locks.run(urn, inner), edit);
  await locked();
}
