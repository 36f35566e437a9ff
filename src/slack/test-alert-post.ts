import type { webApi } from '@slack/bolt';
import type { SlackMessage } from './present/kit.js';

/** Where `/janus test` posted, or Slack's error (`channel_not_found`, `not_in_channel`, `is_archived`, ...). */
export type TestPostResult = { ok: true; channel: string } | { ok: false; error: string };

const CHANNEL_ID = /^[CG][A-Z0-9]{6,}$/;

/**
 * Posts `/janus test`'s alert as an alert is posted (`chat.postMessage` with the bot token). A public channel the bot
 * is not in, named by id, is joined first, as alert delivery does; a private one needs Argos invited.
 */
export async function postTestAlert(
  client: Pick<webApi.WebClient, 'chat' | 'conversations'>,
  channel: string,
  message: SlackMessage,
): Promise<TestPostResult> {
  const post = async () => {
    const r = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks });
    return { ok: true as const, channel: r.channel ?? channel };
  };
  try {
    return await post();
  } catch (err) {
    const error = slackError(err);
    if (error !== 'not_in_channel' || !CHANNEL_ID.test(channel)) return { ok: false, error };
  }
  try {
    await client.conversations.join({ channel });
    return await post();
  } catch (err) {
    return { ok: false, error: slackError(err) };
  }
}

/** Slack's error code of a refused call, else the failure's message. */
function slackError(err: unknown): string {
  return (err as { data?: { error?: string } }).data?.error ?? (err instanceof Error ? err.message : String(err));
}
