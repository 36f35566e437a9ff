import type { Redis } from 'ioredis';
import { slackListeners } from '../../src/cli/commands/serve-slack.js';
import { judgePolicy, loadConfig, type Config } from '../../src/config/index.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { MemoryVerdictHistory } from '../../src/history/index.js';
import { createLogger } from '../../src/log.js';
import { createJanusServer, listen } from '../../src/server/index.js';
import { SLACK_PATH } from '../../src/slack/bolt-app.js';
import { slackMount } from '../../src/slack/mount.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { BOT, type FakeSlack } from './fake-slack.js';
import { SECRET } from './harness.js';
import { sign } from './slash-command.js';

/**
 * What the incident buttons need of the fake Slack and of a test: workspace members (`users.info`), `chat.update`,
 * `chat.postMessage`, `chat.postEphemeral`, `views.open`, and signed `block_actions` / `view_submission` payloads.
 */

export interface Member {
  id: string;
  name: string;
  email?: string;
}

let nextTs = 1_760_000_000;

/** Answers the Web API methods the incident buttons call, as Slack does (the calls are recorded in `fake.calls`). */
export function withIncidentMethods(fake: FakeSlack, members: Member[]): void {
  fake.methods['users.info'] = (b) => {
    const m = members.find((x) => x.id === b.user);
    if (!m) return { ok: false, error: 'user_not_found' };
    return {
      ok: true,
      user: {
        id: m.id,
        team_id: BOT.teamId,
        name: m.name.toLowerCase().replace(/\s+/g, '.'),
        real_name: m.name,
        is_bot: false,
        profile: { real_name: m.name, ...(m.email ? { email: m.email } : {}) },
      },
    };
  };
  fake.methods['chat.update'] = (b) => ({ ok: true, channel: b.channel, ts: b.ts, text: b.text });
  fake.methods['chat.postMessage'] = (b) => ({ ok: true, channel: b.channel, ts: `${++nextTs}.000100` });
  fake.methods['chat.postEphemeral'] = () => ({ ok: true, message_ts: `${++nextTs}.000200` });
  fake.methods['views.open'] = (b) => ({ ok: true, view: { id: `V${++nextTs}`, ...JSON.parse(b.view ?? '{}') } });
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack payloads read loosely

/** The calls of one Web API method, their JSON-in-form fields parsed (`blocks`, `view`). */
export function callsOf(fake: FakeSlack, method: string): Json[] {
  return fake.calls
    .filter((c) => c.method === method && c.status === 200)
    .map((c) => {
      const out: Json = { ...c.body };
      for (const k of ['blocks', 'view'])
        if (typeof out[k] === 'string') out[k] = JSON.parse(out[k] as string) as unknown;
      return out;
    });
}

export const CHANNEL = 'C0MLOPS01';

/** A message with incident buttons, as an alert carries them: Acknowledge and Resolve, the urn as their value. */
export function alertMessage(urn: string, ts: string): { ts: string; text: string; blocks: Json[] } {
  return {
    ts,
    text: 'Argos: a root cause was raised',
    blocks: [
      { type: 'section', block_id: 'alert', text: { type: 'mrkdwn', text: '*A job failed* upstream of 1 model' } },
      {
        type: 'actions',
        block_id: 'alert-actions',
        elements: [
          {
            type: 'button',
            action_id: 'janus.incident.ack',
            text: { type: 'plain_text', text: 'Acknowledge' },
            value: urn,
          },
          {
            type: 'button',
            action_id: 'janus.incident.resolve',
            text: { type: 'plain_text', text: 'Resolve' },
            value: urn,
          },
          {
            type: 'button',
            action_id: 'open_report',
            text: { type: 'plain_text', text: 'Report' },
            url: 'http://x.test/r',
          },
        ],
      },
    ],
  };
}

/** The `block_actions` payload of a click on a message's button. */
export function blockActions(c: {
  user: string;
  actionId: string;
  value: string;
  message: { ts: string; text: string; blocks: Json[] };
  responseUrl: string;
  channel?: string;
}): Json {
  return {
    type: 'block_actions',
    user: { id: c.user, username: c.user.toLowerCase(), name: c.user.toLowerCase(), team_id: BOT.teamId },
    api_app_id: 'A0JANUS01',
    token: 'legacy-verification-token',
    container: { type: 'message', message_ts: c.message.ts, channel_id: c.channel ?? CHANNEL, is_ephemeral: false },
    trigger_id: `${nextTs}.1234.abcdef`,
    team: { id: BOT.teamId, domain: 'janus-test' },
    channel: { id: c.channel ?? CHANNEL, name: 'ml-ops' },
    message: { type: 'message', user: BOT.userId, bot_id: BOT.botId, ...c.message },
    response_url: c.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: c.actionId,
        block_id: 'alert-actions',
        value: c.value,
        text: { type: 'plain_text', text: 'Click' },
        action_ts: `${Date.now() / 1000}`,
      },
    ],
    state: { values: {} },
  };
}

/** The `view_submission` payload of the Resolve modal. */
export function viewSubmission(c: {
  user: string;
  privateMetadata: string;
  stage?: string;
  note?: string;
  callbackId?: string;
}): Json {
  return {
    type: 'view_submission',
    team: { id: BOT.teamId, domain: 'janus-test' },
    user: { id: c.user, username: c.user.toLowerCase(), name: c.user.toLowerCase(), team_id: BOT.teamId },
    api_app_id: 'A0JANUS01',
    token: 'legacy-verification-token',
    trigger_id: `${++nextTs}.5678.fedcba`,
    view: {
      id: 'V0RESOLVE1',
      team_id: BOT.teamId,
      type: 'modal',
      callback_id: c.callbackId ?? 'janus.incident.resolve',
      private_metadata: c.privateMetadata,
      hash: '1760000000.abcdef',
      blocks: [],
      state: {
        values: {
          stage: { stage: { type: 'radio_buttons', selected_option: c.stage ? { value: c.stage } : null } },
          note: { note: { type: 'plain_text_input', value: c.note ?? null } },
        },
      },
    },
    response_urls: [],
  };
}

/** POSTs an interactivity payload signed with `secret` at `timestamp` (Unix seconds; default now). */
export function postInteraction(
  endpoint: string,
  payload: unknown,
  opts: { secret?: string; timestamp?: number } = {},
) {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': sign(opts.secret ?? SECRET, timestamp, body),
    },
    body,
  });
}

export interface JanusWithIncidents {
  endpoint: string;
  config: Config;
  logs: () => Record<string, unknown>[];
  close(): Promise<void>;
}

/** Janus's HTTP server with the Slack app, wired as `janus serve` wires it, with Redis for the locks when given. */
export async function startJanusWithIncidents(opts: {
  datahub: string;
  slack: FakeSlack;
  redis?: Redis;
  env?: Record<string, string>;
}): Promise<JanusWithIncidents> {
  const config = loadConfig({
    env: {
      DATAHUB_GMS_URL: opts.datahub,
      SLACK_BOT_TOKEN: 'xoxb-test-token',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: opts.slack.apiUrl,
      ...opts.env,
    },
    cwd: '/nonexistent',
  });
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    format: 'json',
    destination: { write: (l: string) => void lines.push(l) },
  });
  const client = createDataHubClient({ url: config.datahub.url, retry: { retries: 2 } });
  const judge = { client, policy: judgePolicy(config.judge) };
  const mount = await slackMount({
    config,
    logger,
    listeners: slackListeners({
      config,
      judge,
      history: new MemoryVerdictHistory(),
      logger,
      reportBaseUrl: () => 'http://janus.test',
      ...(opts.redis ? { redis: opts.redis } : {}),
    }),
  });
  if (!mount) throw new Error('Slack did not start');
  const janus = createJanusServer({ judge: (ref) => judgeModel(judge, ref), logger, mounts: [mount] });
  const running = await listen(janus.server, 0, '127.0.0.1');
  return {
    endpoint: `${running.url}${SLACK_PATH}`,
    config,
    logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    close: () => {
      janus.server.closeAllConnections();
      return running.close();
    },
  };
}
