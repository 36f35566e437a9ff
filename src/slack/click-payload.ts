import { z } from 'zod';
import type { Block, SlackMessage } from './present/kit.js';
import type { MessageRef } from './incident-show.js';

/**
 * Where a button was clicked, which says how Argos can answer: a channel message is updated (`chat.update`) and
 * tracked; an ephemeral message only through its `response_url`; App Home has neither, it is published again
 * (`views.publish`); a modal is left alone.
 */
export type ClickOrigin = 'message' | 'ephemeral' | 'home' | 'modal';

/** A button click on an incident, from the signed `block_actions` payload (parsed, never trusted beyond its shape). */
export interface IncidentClick {
  user: string;
  actionId: string;
  /** A button's value, or the option chosen in a menu. */
  value: string;
  triggerId?: string;
  origin: ClickOrigin;
  /** The conversation the button is in. */
  channel?: string;
  /** The message the button is on, when Argos may `chat.update` it (a channel message: never an ephemeral one). */
  message?: MessageRef;
  /** An ephemeral message's text and blocks, when the payload carries them (redrawn through its `response_url`). */
  ephemeral?: { text: string; blocks: Block[] };
}

const clickSchema = z.object({
  user: z.object({ id: z.string().min(1) }),
  trigger_id: z.string().optional(),
  container: z
    .object({
      type: z.string().optional(),
      channel_id: z.string().optional(),
      message_ts: z.string().optional(),
      is_ephemeral: z.boolean().optional(),
    })
    .optional(),
  view: z.object({ type: z.string() }).optional(),
  channel: z.object({ id: z.string() }).optional(),
  message: z
    .looseObject({
      ts: z.string(),
      thread_ts: z.string().optional(),
      text: z.string().optional(),
      blocks: z.array(z.looseObject({ type: z.string() })).optional(),
    })
    .optional(),
  actions: z
    .array(
      z.object({
        action_id: z.string(),
        value: z.string().optional(),
        // a menu (static_select): the chosen option's value
        selected_option: z.object({ value: z.string() }).nullish(),
      }),
    )
    .min(1),
});

export function parseClick(body: unknown): IncidentClick | undefined {
  const parsed = clickSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const origin: ClickOrigin =
    b.container?.type === 'view' || b.view
      ? b.view?.type === 'home'
        ? 'home'
        : 'modal'
      : b.container?.is_ephemeral
        ? 'ephemeral'
        : 'message';
  const channel = b.channel?.id ?? b.container?.channel_id;
  const ts = b.message?.ts ?? b.container?.message_ts;
  const ephemeral =
    origin === 'ephemeral' && b.message?.blocks
      ? { text: b.message.text ?? '', blocks: b.message.blocks as unknown as Block[] }
      : undefined;
  const message: MessageRef | undefined =
    origin === 'message' && channel && ts
      ? {
          channel,
          ts,
          ...(b.message?.thread_ts ? { threadTs: b.message.thread_ts } : {}),
          ...(b.message?.text ? { text: b.message.text } : {}),
          ...(b.message?.blocks ? { blocks: b.message.blocks as unknown as Block[] } : {}),
        }
      : undefined;
  return {
    user: b.user.id,
    actionId: b.actions[0]!.action_id,
    value: b.actions[0]!.value ?? b.actions[0]!.selected_option?.value ?? '',
    ...(b.trigger_id ? { triggerId: b.trigger_id } : {}),
    origin,
    ...(channel ? { channel } : {}),
    ...(message ? { message } : {}),
    ...(ephemeral ? { ephemeral } : {}),
  };
}

/** Posts to the click's `response_url` (Bolt's `respond`): a reply only the clicker sees, or their ephemeral redrawn. */
export type Reply = (message: SlackMessage & { replace_original: boolean }) => Promise<unknown>;

/** Bolt's `respond`, when Slack sent a `response_url` to post to (a click in App Home or a modal has none). */
export const replyOf = (body: unknown, respond: unknown): Reply | undefined =>
  typeof respond === 'function' &&
  typeof (body as { response_url?: unknown } | null)?.response_url === 'string' &&
  (body as { response_url: string }).response_url
    ? (respond as Reply)
    : undefined;

/** Why something failed, in words the clicker can use. */
export const failureDetail = (err: unknown): string =>
  err instanceof Error ? err.message : typeof err === 'string' ? err : 'an unexpected error';
