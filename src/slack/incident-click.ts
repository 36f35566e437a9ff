import { z } from 'zod';
import type { IncidentAction } from '../core/incident-status.js';
import type { Block, SlackMessage } from './present/kit.js';
import { failureMessage, outcomeMessage } from './incident-blocks.js';
import type { IncidentHandlerDeps } from './incident-deps.js';
import type { MessageRef } from './incident-show.js';

/** A button click on an incident, from the signed `block_actions` payload (parsed, never trusted beyond its shape). */
export interface IncidentClick {
  user: string;
  actionId: string;
  value: string;
  triggerId?: string;
  /** The conversation the button is in. */
  channel?: string;
  /** The message the button is on (none when clicked in a modal or an ephemeral message). */
  message?: MessageRef;
}

const clickSchema = z.object({
  user: z.object({ id: z.string().min(1) }),
  trigger_id: z.string().optional(),
  container: z.object({ channel_id: z.string().optional(), message_ts: z.string().optional() }).optional(),
  channel: z.object({ id: z.string() }).optional(),
  message: z
    .looseObject({
      ts: z.string(),
      thread_ts: z.string().optional(),
      text: z.string().optional(),
      blocks: z.array(z.looseObject({ type: z.string() })).optional(),
    })
    .optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })).min(1),
});

export function parseClick(body: unknown): IncidentClick | undefined {
  const parsed = clickSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const channel = b.channel?.id ?? b.container?.channel_id;
  const ts = b.message?.ts ?? b.container?.message_ts;
  const message: MessageRef | undefined =
    channel && ts
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
    value: b.actions[0]!.value ?? '',
    ...(b.trigger_id ? { triggerId: b.trigger_id } : {}),
    ...(channel ? { channel } : {}),
    ...(message ? { message } : {}),
  };
}

/** Posts a reply only the clicker sees (the click's `respond`). */
export type Reply = (message: SlackMessage & { replace_original: false }) => Promise<unknown>;

/** Why something failed, in words the clicker can use. */
export const failureDetail = (err: unknown): string =>
  err instanceof Error ? err.message : typeof err === 'string' ? err : 'an unexpected error';

/**
 * Acknowledge or Reopen, after the ack: the use case, then a word to the clicker when the updated message does not
 * say it all. A failure (DataHub down, a lock held too long) is told to the clicker, never thrown at Bolt.
 */
export async function runIncidentClick(
  deps: IncidentHandlerDeps,
  action: Exclude<IncidentAction, 'resolve'>,
  body: unknown,
  reply: Reply,
): Promise<void> {
  const click = parseClick(body);
  if (!click) {
    deps.logger.warn({ action }, 'incident click without the fields Slack sends: ignored');
    return;
  }
  const log = deps.logger.child({ action: `incident.${action}`, incident: click.value, user: click.user });
  try {
    const outcome = await deps.act({ action, value: click.value, slackUser: click.user }, click.message);
    log.info({ outcome: outcome.kind }, 'incident click');
    // a button on a message Argos cannot update (an ephemeral reply): say what was done
    const message = outcomeMessage(outcome, { confirm: !click.message });
    if (message) await reply({ ...message, replace_original: false });
  } catch (err) {
    log.warn({ err: failureDetail(err) }, 'incident click failed');
    await reply({ ...failureMessage(failureDetail(err)), replace_original: false }).catch((e: unknown) =>
      log.error({ err: failureDetail(e) }, 'could not tell the clicker'),
    );
  }
}
