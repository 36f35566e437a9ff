import { webApi } from '@slack/bolt';
import type { Logger } from '../log.js';
import { boltLogger } from '../slack/logger.js';

export type SlackClient = InstanceType<typeof webApi.WebClient>;

/** How long a Web API call of the alerts may take before its answer counts as lost (`slack.apiTimeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The Web API client the alerts post with. It neither waits on a 429 nor retries by itself: delivery jobs own
 * both (the job is put back for the Retry-After Slack gave, and the channel held for as long), so a rate limit
 * never blocks a worker and every retry is one BullMQ knows about.
 */
export function alertsClient(
  token: string,
  apiUrl: string | undefined,
  logger: Logger,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): SlackClient {
  return new webApi.WebClient(token, {
    ...(apiUrl ? { slackApiUrl: apiUrl } : {}),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: timeoutMs,
    logger: boltLogger(logger.child({ unit: 'slack-alerts' })),
  });
}

/**
 * What a failed Web API call means for a delivery. `channel`: the channel cannot take the message (the fallback can);
 * `unanswered`: the call may have landed but its answer was lost (a timeout, a reset connection, a 5xx, Slack's own
 * `internal_error`), so a post must be looked for before it is sent again; `transient`: it did not land, try again.
 */
export type SlackFailure =
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'channel'; error: string }
  | { kind: 'permanent'; error: string }
  | { kind: 'unanswered'; error: string }
  | { kind: 'transient'; error: string };

/**
 * The channel will not take any message from the bot (chat.postMessage's errors about the conversation, not the
 * message): the message goes to the fallback channel. A public channel the bot is not in is joined first.
 */
export const UNDELIVERABLE_CHANNEL = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'restricted_action',
  'restricted_action_read_only_channel',
  'restricted_action_thread_only_channel',
  'restricted_action_non_threadable_channel',
  'ekm_access_denied',
  'no_permission',
  'team_access_not_granted',
  'messages_tab_disabled',
]);

/** Slack refuses these for this message and would refuse them again: the job is kept failed with the reason. */
const PERMANENT = new Set([
  'invalid_blocks',
  'invalid_blocks_format',
  'invalid_metadata_format',
  'invalid_metadata_schema',
  'msg_too_long',
  'msg_blocks_too_long',
  'no_text',
  'invalid_arguments',
  'too_many_attachments',
  'cannot_reply_to_message',
  'duplicate_message_not_found',
]);

/** Slack's errors that say "it's possible some aspect of the operation succeeded" (its method pages). */
const MAYBE_DONE = new Set(['internal_error', 'fatal_error']);

/** Network failures before the request reached Slack: nothing was sent. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

export function classify(err: unknown): SlackFailure {
  const e = err as {
    code?: string;
    retryAfter?: number;
    data?: { error?: string };
    statusCode?: number;
    message?: string;
    original?: { code?: string; message?: string };
  };
  if (e.code === 'slack_webapi_rate_limited_error')
    return { kind: 'rate_limited', retryAfterMs: Math.max(1, e.retryAfter ?? 1) * 1000 };
  if (e.code === 'slack_webapi_platform_error') {
    const error = e.data?.error ?? 'unknown_error';
    if (error === 'ratelimited') return { kind: 'rate_limited', retryAfterMs: 1000 };
    if (UNDELIVERABLE_CHANNEL.has(error)) return { kind: 'channel', error };
    if (MAYBE_DONE.has(error)) return { kind: 'unanswered', error };
    return PERMANENT.has(error) ? { kind: 'permanent', error } : { kind: 'transient', error };
  }
  if (e.code === 'slack_webapi_http_error') {
    const error = `HTTP ${e.statusCode}`;
    return (e.statusCode ?? 0) >= 500 ? { kind: 'unanswered', error } : { kind: 'transient', error };
  }
  if (e.code === 'slack_webapi_request_error') {
    const error = e.original?.message ?? e.message ?? String(err);
    return NOT_SENT.has(e.original?.code ?? '') ? { kind: 'transient', error } : { kind: 'unanswered', error };
  }
  return { kind: 'transient', error: e.message ?? String(err) };
}
