import { webApi } from '@slack/bolt';
import type { Logger } from '../log.js';
import { boltLogger } from '../slack/logger.js';

export type SlackClient = InstanceType<typeof webApi.WebClient>;

/**
 * The Web API client the alerts post with. It neither waits on a 429 nor retries by itself: delivery jobs own
 * both (the job is put back for the Retry-After Slack gave, and the channel held for as long), so a rate limit
 * never blocks a worker and every retry is one BullMQ knows about.
 */
export function alertsClient(token: string, apiUrl: string | undefined, logger: Logger): SlackClient {
  return new webApi.WebClient(token, {
    ...(apiUrl ? { slackApiUrl: apiUrl } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 10_000,
    logger: boltLogger(logger.child({ unit: 'slack-alerts' })),
  });
}

/** What a failed Web API call means for a delivery. */
export type SlackFailure =
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'channel'; error: string }
  | { kind: 'permanent'; error: string }
  | { kind: 'transient'; error: string };

/** Slack refuses these for this message and would refuse them again: the job is kept failed with the reason. */
const PERMANENT = new Set([
  'invalid_blocks',
  'invalid_blocks_format',
  'msg_too_long',
  'msg_blocks_too_long',
  'no_text',
  'is_archived',
  'invalid_arguments',
  'too_many_attachments',
  'restricted_action',
  'restricted_action_read_only_channel',
  'restricted_action_thread_only_channel',
  'restricted_action_non_threadable_channel',
  'cannot_reply_to_message',
  'duplicate_message_not_found',
]);

export function classify(err: unknown): SlackFailure {
  const e = err as {
    code?: string;
    retryAfter?: number;
    data?: { error?: string };
    statusCode?: number;
    message?: string;
  };
  if (e.code === 'slack_webapi_rate_limited_error')
    return { kind: 'rate_limited', retryAfterMs: Math.max(1, e.retryAfter ?? 1) * 1000 };
  if (e.code === 'slack_webapi_platform_error') {
    const error = e.data?.error ?? 'unknown_error';
    if (error === 'ratelimited') return { kind: 'rate_limited', retryAfterMs: 1000 };
    if (error === 'channel_not_found' || error === 'not_in_channel') return { kind: 'channel', error };
    return PERMANENT.has(error) ? { kind: 'permanent', error } : { kind: 'transient', error };
  }
  if (e.code === 'slack_webapi_http_error') return { kind: 'transient', error: `HTTP ${e.statusCode}` };
  return { kind: 'transient', error: e.message ?? String(err) };
}
