import type { Redis } from 'ioredis';
import { expect } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { writeBackModels, type WriteBackResult } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { AlertStore } from '../../src/jobs/alert-store.js';
import { OrphanStore } from '../../src/slack/orphan-store.js';
import type { AlertState } from '../../src/slack/alerts/types.js';
import { BOT } from './fake-slack.js';
import { CHANNEL, incidentOf, SESSIONS_KEY, type Json } from './incident-slack.js';

/**
 * Incident clicks where Slack gives no message to `chat.update`, as Slack sends them: App Home (a `view` container,
 * no `response_url`) and an ephemeral answer (`container.is_ephemeral`, a `response_url`); and the open alert that
 * puts an incident on App Home. Shared by the signed-HTTP and the Socket Mode tests.
 */

let seq = 0;

/** An open alert on `incident`, hurting Erin's model, as the planner keeps it (App Home lists its incident). */
export const alertOn = (incident: string, headline: string): AlertState => ({
  id: `cause:${incident}#1`,
  kind: 'cause',
  key: incident,
  headline,
  story: [],
  since: '2026-03-01T08:00:00.000Z',
  raisedAt: Date.now() - ++seq,
  status: 'open',
  models: { [DEMO.models.campaignUplift]: { urn: DEMO.models.campaignUplift, name: 'campaign_uplift_v1' } },
  modelCount: 1,
  incident,
  links: {},
  channels: {},
});

const action = (actionId: string, value: string) => ({
  type: 'button',
  action_id: actionId,
  block_id: 'b1',
  value,
  text: { type: 'plain_text', text: 'Acknowledge', emoji: true },
  style: 'primary',
  action_ts: `${Date.now() / 1000}`,
});

/** A click in App Home, as Slack sends it: a `view` container, the Home view, no `response_url`, no channel. */
export const homeClick = (user: string, actionId: string, value: string): Json => ({
  type: 'block_actions',
  user: { id: user, username: 'erin.walsh', name: 'erin.walsh', team_id: BOT.teamId },
  api_app_id: 'A0JANUS01',
  token: 'legacy-verification-token',
  container: { type: 'view', view_id: 'VHOME01' },
  trigger_id: `${Date.now()}.1234.abcdef`,
  team: { id: BOT.teamId, domain: 'janus-test' },
  enterprise: null,
  is_enterprise_install: false,
  view: {
    id: 'VHOME01',
    team_id: BOT.teamId,
    type: 'home',
    blocks: [],
    private_metadata: '',
    callback_id: 'janus.home',
    state: { values: {} },
    hash: '1760000000.abcdef12',
    title: { type: 'plain_text', text: 'View Title', emoji: true },
    clear_on_close: false,
    notify_on_close: false,
    close: null,
    submit: null,
    previous_view_id: null,
    root_view_id: 'VHOME01',
    app_id: 'A0JANUS01',
    external_id: '',
    app_installed_team_id: BOT.teamId,
    bot_id: BOT.botId,
  },
  actions: [action(actionId, value)],
});

/**
 * A click on an ephemeral message (a private `/janus trust` answer), as Slack sends it: `container.is_ephemeral`, a
 * `response_url`, the channel; `message` only when given (Slack leaves it out of most ephemeral payloads).
 */
export const ephemeralClick = (
  user: string,
  actionId: string,
  value: string,
  responseUrl: string,
  message?: { text: string; blocks: Json[] },
): Json => ({
  type: 'block_actions',
  user: { id: user, username: 'erin.walsh', name: 'erin.walsh', team_id: BOT.teamId },
  api_app_id: 'A0JANUS01',
  token: 'legacy-verification-token',
  container: { type: 'message', message_ts: '1760009999.000200', channel_id: CHANNEL, is_ephemeral: true },
  trigger_id: `${Date.now()}.1234.abcdef`,
  team: { id: BOT.teamId, domain: 'janus-test' },
  channel: { id: CHANNEL, name: 'ml-ops' },
  ...(message ? { message: { type: 'message', ts: '1760009999.000200', user: BOT.userId, ...message } } : {}),
  response_url: responseUrl,
  actions: [action(actionId, value)],
  state: { values: {} },
});

/**
 * The demo catalog after a first scan, and what the service's cycle keeps in Redis under `prefix`: Erin's models, and
 * open alerts on the stg_sessions and uplift incidents (so App Home lists them).
 */
export async function demoWithHomeIncidents(
  redis: Redis,
  prefix: string,
): Promise<{ sim: RunningSim; client: DataHubClient; scan: WriteBackResult; sessions: string; uplift: string }> {
  const sim = await startSim({ demo: true, port: 0 });
  const client = createDataHubClient({ url: sim.url });
  const scan = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})) }, 'all');
  expect(scan.failed).toEqual([]);
  const sessions = await incidentOf(client, DEMO.datasets.stgSessions, SESSIONS_KEY);
  const uplift = await incidentOf(
    client,
    DEMO.datasets.upliftTrainingSet,
    `missing_owner:${DEMO.datasets.upliftTrainingSet}`,
  );
  await new OrphanStore(redis, prefix).setOwned(new Map([[DEMO.users.erin, [DEMO.models.campaignUplift]]]));
  await new AlertStore(redis, prefix).commit(
    {
      [`cause:${sessions}#1`]: alertOn(sessions, 'A job failed upstream'),
      [`cause:${uplift}#1`]: alertOn(uplift, 'Nobody owns the training set'),
    },
    {},
  );
  return { sim, client, scan, sessions, uplift };
}
