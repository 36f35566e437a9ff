import type { webApi } from '@slack/bolt';
import type { IncidentView } from '../app/incident-action.js';
import type { SlackProfile } from '../app/incident-identity.js';
import { statusFingerprint } from '../core/incident-status.js';
import type { Block } from './present/kit.js';
import { withIncidentControls } from './incident-blocks.js';
import type { IncidentMessage, IncidentMessages } from './incident-messages.js';

/** The Web API calls incident messages need: a seam over the WebClient, so the rules are tested without Slack. */
export interface SlackIncidentApi {
  update(channel: string, ts: string, text: string, blocks: Block[]): Promise<void>;
  /** A reply in the message's thread. */
  reply(channel: string, threadTs: string, text: string): Promise<void>;
  ephemeral(channel: string, user: string, text: string, blocks: Block[]): Promise<void>;
  /** `users.info`: the member's email (scope `users:read.email`) and name. */
  profile(user: string): Promise<SlackProfile>;
  /** `users.lookupByEmail` (scope `users:read.email`): the member with this email, if Slack has one. */
  memberByEmail(email: string): Promise<string | undefined>;
}

export function slackIncidentApi(client: webApi.WebClient): SlackIncidentApi {
  return {
    async update(channel, ts, text, blocks) {
      await client.chat.update({ channel, ts, text, blocks });
    },
    async reply(channel, threadTs, text) {
      await client.chat.postMessage({ channel, thread_ts: threadTs, text });
    },
    async ephemeral(channel, user, text, blocks) {
      await client.chat.postEphemeral({ channel, user, text, blocks });
    },
    async profile(user) {
      const info = await client.users.info({ user });
      const u = info.user;
      const email = u?.profile?.email;
      const name = u?.real_name ?? u?.profile?.real_name ?? u?.name;
      return { ...(email && !u?.is_bot ? { email } : {}), ...(name ? { name } : {}) };
    },
    async memberByEmail(email) {
      try {
        return (await client.users.lookupByEmail({ email })).user?.id;
      } catch (err) {
        if ((err as { data?: { error?: string } }).data?.error === 'users_not_found') return undefined;
        throw err;
      }
    },
  };
}

/** A message an incident's status goes on: what the click payload says of it, when the store does not know it yet. */
export interface MessageRef {
  channel: string;
  ts: string;
  threadTs?: string;
  text?: string;
  blocks?: Block[];
}

/**
 * Shows an incident's status on a message: its controls redrawn in the message's latest blocks (the store's, else the
 * payload's) with `chat.update`, and recorded. Nothing is sent when the message already shows this status (the second
 * of two clicks, a cycle with nothing new). Returns whether the message was updated.
 */
export async function showIncident(
  deps: { api: SlackIncidentApi; messages: IncidentMessages },
  ref: MessageRef,
  view: IncidentView,
): Promise<boolean> {
  const stored = await deps.messages.get(ref.channel, ref.ts);
  const base: IncidentMessage = stored ?? {
    channel: ref.channel,
    ts: ref.ts,
    ...(ref.threadTs ? { threadTs: ref.threadTs } : {}),
    text: ref.text || view.title,
    blocks: ref.blocks ?? [],
    shown: {},
  };
  const fingerprint = statusFingerprint(view.status);
  if (base.shown[view.urn] === fingerprint) return false;
  const blocks = withIncidentControls(base.blocks, view);
  await deps.api.update(base.channel, base.ts, base.text || view.title, blocks);
  await deps.messages.save({ ...base, blocks, shown: { ...base.shown, [view.urn]: fingerprint } }, [view.urn]);
  return true;
}

/** Records a clicked message the store does not know yet (the Resolve modal's submission updates it later). */
export async function rememberMessage(messages: IncidentMessages, ref: MessageRef, incidentUrn: string): Promise<void> {
  if (await messages.get(ref.channel, ref.ts)) return;
  await messages.save(
    {
      channel: ref.channel,
      ts: ref.ts,
      ...(ref.threadTs ? { threadTs: ref.threadTs } : {}),
      text: ref.text ?? '',
      blocks: ref.blocks ?? [],
      shown: {},
    },
    [incidentUrn],
  );
}

/**
 * A reply in the thread of every message showing the incident (the clicked one and those tracked for it), once each.
 * A reply Slack refuses is logged by the caller, never thrown: the change itself is made.
 */
export async function replyInThreads(
  deps: { api: SlackIncidentApi; messages: IncidentMessages },
  urn: string,
  text: string,
  also?: MessageRef,
): Promise<{ replied: number; failed: string[] }> {
  const seen = new Set<string>();
  const out = { replied: 0, failed: [] as string[] };
  for (const m of [...(also ? [also] : []), ...(await deps.messages.find(urn))]) {
    const thread = m.threadTs ?? m.ts;
    if (seen.has(`${m.channel}:${thread}`)) continue;
    seen.add(`${m.channel}:${thread}`);
    await deps.api.reply(m.channel, thread, text).then(
      () => void out.replied++,
      (err: unknown) => void out.failed.push(err instanceof Error ? err.message : String(err)),
    );
  }
  return out;
}
