import { createHmac } from 'node:crypto';
import { BOT } from './fake-slack.js';

/** Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:<timestamp>:<raw body>` under the signing secret. */
export function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export interface SlashCommand {
  text: string;
  responseUrl: string;
  secret: string;
  /** Unix seconds (default now). */
  timestamp?: number;
  user?: string;
}

/** The form body Slack posts for `/janus <text>`. */
export function slashCommandBody(c: Pick<SlashCommand, 'text' | 'responseUrl' | 'user'>): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: BOT.teamId,
    team_domain: 'janus-test',
    channel_id: 'C0MLOPS01',
    channel_name: 'ml-ops',
    user_id: c.user ?? 'U0ALICE01',
    user_name: 'alice',
    command: '/janus',
    text: c.text,
    api_app_id: 'A0JANUS01',
    is_enterprise_install: 'false',
    response_url: c.responseUrl,
    trigger_id: '1234.5678.abcdef',
  }).toString();
}

/** POSTs a signed slash command, as Slack does (the content type exactly as Slack sends it). */
export function sendSlashCommand(endpoint: string, c: SlashCommand): Promise<Response> {
  return postSigned(endpoint, slashCommandBody(c), c.secret, c.timestamp);
}

/** POSTs a form body signed with `secret` at `timestamp` (Unix seconds; default now), as Slack signs its requests. */
export function postSigned(endpoint: string, body: string, secret: string, timestamp?: number): Promise<Response> {
  const ts = timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': sign(secret, ts, body),
    },
    body,
  });
}

/** POSTs a signed interactivity payload (a button click, ...). */
export function sendInteraction(endpoint: string, secret: string, payload: unknown): Promise<Response> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = Math.floor(Date.now() / 1000);
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': sign(secret, timestamp, body),
    },
    body,
  });
}

/** POSTs a signed Events API callback (`event_callback` around `event`), as Slack sends it: JSON. */
export function sendEvent(endpoint: string, secret: string, event: Record<string, unknown>): Promise<Response> {
  const body = JSON.stringify({
    token: 'legacy-verification-token',
    team_id: BOT.teamId,
    api_app_id: 'A0JANUS01',
    type: 'event_callback',
    event_id: `Ev${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { event_ts: `${Date.now() / 1000}`, ...event },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': sign(secret, timestamp, body),
    },
    body,
  });
}
