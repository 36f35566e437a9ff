import type { Redis } from 'ioredis';
import { DEMO } from '@janus/datahub-sim/demo';
import { keyOf } from '../../src/core/writeback/conventions.js';
import type { DataHubClient } from '../../src/datahub/client.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { BOT, type FakeSlack } from './fake-slack.js';
import { SECRET, startJanusWithSlack, type JanusWithSlack } from './harness.js';
import { postSigned } from './slash-command.js';

/**
 * What the incident buttons need of the fake Slack and of a test: workspace members (`users.info`), `chat.update`,
 * `chat.postMessage`, `chat.postEphemeral`, `views.open`, and signed `block_actions` / `view_submission` payloads.
 */

export interface Member {
  id: string;
  name: string;
  email?: string;
}

/** Demo users in Slack: erin owns stg_sessions and campaign_uplift_v1; carol owns neither. */
export const ERIN: Member = { id: 'U0ERIN001', name: 'Erin Walsh', email: 'erin.walsh@acmepay.example' };
export const CAROL: Member = { id: 'U0CAROL01', name: 'Carol Diaz', email: 'carol.diaz@acmepay.example' };

/** The finding key of the demo's failed build_stg_sessions, raised as an incident on stg_sessions. */
export const SESSIONS_KEY = `upstream_failure:${DEMO.jobs.buildStgSessions}`;

let nextTs = 1_760_000_000;

/** Answers the Web API methods the incident buttons call, as Slack does (the calls are recorded in `fake.calls`). */
export function withIncidentMethods(fake: FakeSlack, members: Member[]): void {
  for (const m of members) if (m.email) fake.addUser(m.email, m.id);
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

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack payloads read loosely

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

/** The `chat.update` calls of the message at `ts`. */
export const updatesOf = (fake: FakeSlack, ts: string): Json[] =>
  callsOf(fake, 'chat.update').filter((c) => c.ts === ts);

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
  /** A choice in a menu (static_select): the option's value, sent as `selected_option` instead of a button's value. */
  choice?: string;
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
      c.choice
        ? {
            type: 'static_select',
            action_id: c.actionId,
            block_id: 'alert-actions',
            selected_option: { text: { type: 'plain_text', text: 'Chosen' }, value: c.choice },
            placeholder: { type: 'plain_text', text: 'Priority / stage' },
            action_ts: `${Date.now() / 1000}`,
          }
        : {
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
  /** The "Accept for" choice, in days (Accept the risk). */
  days?: string;
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
          duration: { duration: { type: 'static_select', selected_option: c.days ? { value: c.days } : null } },
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
  return postSigned(endpoint, body, opts.secret ?? SECRET, opts.timestamp);
}

export type JanusWithIncidents = JanusWithSlack;

/** A signed click by `user` on a button of `message`: the HTTP answer, and the reply Janus posts to its response_url. */
export async function clickButton(
  fake: FakeSlack,
  endpoint: string,
  c: {
    user: Member;
    actionId: string;
    value: string;
    message: { ts: string; text: string; blocks: Json[] };
    choice?: string;
  },
) {
  const { id, url } = fake.responseUrl();
  const res = await postInteraction(
    endpoint,
    blockActions({
      user: c.user.id,
      actionId: c.actionId,
      value: c.value,
      message: c.message,
      responseUrl: url,
      ...(c.choice ? { choice: c.choice } : {}),
    }),
  );
  return { res, id, reply: () => fake.posted(id) as Promise<Json> };
}

/**
 * Janus's HTTP server with the Slack app, wired as `janus serve` wires it, with Redis for the locks when given: the
 * harness's, with no DataHub UI configured and reports linked at http://janus.test.
 */
export const startJanusWithIncidents = (opts: {
  datahub: string;
  slack: FakeSlack;
  redis?: Redis;
  env?: Record<string, string>;
}): Promise<JanusWithIncidents> =>
  startJanusWithSlack({ ...opts, datahubUi: null, reportBaseUrl: 'http://janus.test' });

/** Janus's incident of a finding key (or keys matching), by reading DataHub. */
export async function incidentOf(client: DataHubClient, dataset: string, key: string | RegExp): Promise<string> {
  const data = await client.request(datasetsIncidentsOp, { urns: [dataset] });
  const found = data.entities?.[0]?.incidents?.incidents.find((i) => {
    const k = keyOf(i.description) ?? '';
    return typeof key === 'string' ? k === key : key.test(k);
  });
  if (!found) throw new Error(`no incident for ${key}`);
  return found.urn;
}
