import type { SlackClient } from './slack-client.js';

/**
 * A delivery whose post may have landed though its answer was lost (a timeout, a reset connection, a 5xx) is looked
 * for in the channel before it is sent again: every post carries its delivery's id in Slack's message metadata, and
 * the channel's recent history (a thread's replies, for a reply) is read back with that metadata.
 */

/** The metadata event type of Janus's posts (Slack: alphanumeric and readable; it may show to developers). */
export const DELIVERY_EVENT = 'janus_delivery';

export const deliveryMetadata = (id: string) => ({ event_type: DELIVERY_EVENT, event_payload: { delivery_id: id } });

/** Where a post whose answer was lost went, and when the first such try began (the wall clock: Slack's `ts`). */
export interface Unanswered {
  channel: string;
  threadTs?: string | undefined;
  at: number;
}

/** Slack's clock and ours may differ: the window opens this long before the first try. */
const SKEW_MS = 60_000;
/** Messages a page (Slack may give fewer), and pages read at most: the window only holds what came since the try. */
const PAGE = 100;
const PAGES = 5;

/** A public or private channel, or a DM, by id (as opposed to a name). */
export const CHANNEL_ID = /^[CGD][A-Z0-9]{6,}$/;

interface HistoryPage {
  messages?: {
    ts?: string;
    bot_id?: string;
    metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
  }[];
  has_more?: boolean;
  response_metadata?: { next_cursor?: string };
}

/** What the look found: the post (channel id and ts), none, or that it cannot be told (the channel has no id). */
export type LookResult = { found: { channel: string; ts: string } } | { absent: true } | { unknown: string };

/**
 * Looks for a delivery's post in the channel's (or the thread's) messages since its first unanswered try. A Web API
 * failure is thrown for the caller to classify.
 */
export async function findPost(
  slack: SlackClient,
  delivery: string,
  sent: Unanswered,
  botId: string | undefined,
): Promise<LookResult> {
  const channel = CHANNEL_ID.test(sent.channel) ? sent.channel : await publicChannelId(sent.channel, slack);
  if (!channel) return { unknown: `no channel id for ${sent.channel}` };
  const window = {
    channel,
    oldest: ((sent.at - SKEW_MS) / 1000).toFixed(6),
    include_all_metadata: true,
    limit: PAGE,
  };
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const args = { ...window, ...(cursor ? { cursor } : {}) };
    const r = (
      sent.threadTs
        ? await slack.conversations.replies({ ...args, ts: sent.threadTs })
        : await slack.conversations.history(args)
    ) as HistoryPage;
    const hit = r.messages?.find(
      (m) =>
        m.metadata?.event_type === DELIVERY_EVENT &&
        m.metadata.event_payload?.delivery_id === delivery &&
        (!botId || !m.bot_id || m.bot_id === botId),
    );
    if (hit?.ts) return { found: { channel, ts: hit.ts } };
    cursor = r.response_metadata?.next_cursor || undefined;
    if (!r.has_more || !cursor) break;
  }
  return { absent: true };
}

/** A public channel's id from its name (`conversations.list`); undefined when no public channel has it. */
export async function publicChannelId(name: string, slack: SlackClient): Promise<string | undefined> {
  const wanted = name.replace(/^#/, '');
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const r = (await slack.conversations.list({
      types: 'public_channel',
      exclude_archived: true,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    })) as { channels?: { id?: string; name?: string }[]; response_metadata?: { next_cursor?: string } };
    const hit = r.channels?.find((c) => c.name === wanted);
    if (hit?.id) return hit.id;
    cursor = r.response_metadata?.next_cursor || undefined;
    if (!cursor) return undefined;
  }
  return undefined;
}

const botIds = new WeakMap<SlackClient, Promise<string | undefined>>();

/**
 * The bot's own id (`auth.test`, once a client): another app's post with the same metadata (a second Janus, staging,
 * in the same channel) is not taken for this one's. Unknown when Slack cannot say: the metadata alone then decides.
 */
export function ownBotId(slack: SlackClient): Promise<string | undefined> {
  let id = botIds.get(slack);
  if (!id) {
    id = slack.auth.test().then(
      (r) => (r as { bot_id?: string }).bot_id,
      () => {
        botIds.delete(slack);
        return undefined;
      },
    );
    botIds.set(slack, id);
  }
  return id;
}
