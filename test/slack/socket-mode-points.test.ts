import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { ingestProposalBatch } from '@janus/datahub-sim/ingest-client';
import type { RunningSim } from '@janus/datahub-sim';
import { redisWithPrefixes } from '../support/redis-prefixes.js';
import { eventually } from '../support/service.js';
import { startFakeSlack, type FakeSlack } from './fake-slack.js';
import { withSocketMode, type Ack, type FakeSocketMode } from './fake-socket-mode.js';
import { startJanusWithSlack, type JanusWithSlack } from './harness.js';
import { demoWithHomeIncidents, ephemeralClick, homeClick } from './home-clicks.js';
import {
  alertMessage,
  blockActions,
  callsOf,
  CAROL,
  CHANNEL,
  ERIN,
  updatesOf,
  viewSubmission,
  withIncidentMethods,
  type Json,
} from './incident-slack.js';
import { APP_TOKEN, slashPayload } from './socket-mode-bed.js';

/**
 * Issue 37's points over Socket Mode, each envelope's payload as Slack sends it: App Home and ephemeral clicks,
 * entity-encoded command text, snooze by a stranger and by an owner, `/janus trust <dataset>` and `/janus search`,
 * Resolve's modal and its submission. Real Bolt, the fake Socket Mode, the simulator, Redis under its own prefix.
 */

const { redis, prefix: newPrefix } = redisWithPrefixes();
const prefix = newPrefix();
const AMP_MODEL = 'R&D_model';
let sim: RunningSim;
let client: DataHubClient;
let slack: FakeSlack;
let socket: FakeSocketMode;
let janus: JanusWithSlack;
let sessions: string;
let uplift: string;

beforeAll(async () => {
  const demo = await demoWithHomeIncidents(redis, prefix);
  ({ sim, client, sessions, uplift } = demo);
  const { scan } = demo;
  const model = `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${AMP_MODEL},PROD)`;
  const ingest = await ingestProposalBatch(sim.url, [
    { entityType: 'mlModel', entityUrn: model, aspectName: 'mlModelProperties', aspect: { name: AMP_MODEL } },
  ]);
  expect(ingest.status).toBe(200);
  slack = await startFakeSlack();
  withIncidentMethods(slack, [ERIN, CAROL]);
  slack.methods['views.publish'] = (b) => ({ ok: true, view: { id: 'VHOME01', ...JSON.parse(b.view ?? '{}') } });
  socket = await withSocketMode(slack, APP_TOKEN);
  janus = await startJanusWithSlack({
    datahub: sim.url,
    slack,
    redis,
    datahubUi: null,
    reportBaseUrl: 'http://janus.test',
    env: { SLACK_APP_TOKEN: APP_TOKEN, JANUS_REDIS_PREFIX: prefix },
  });
  await socket.connected(1);
  for (const v of scan.verdicts) await janus.history.record(v);
}, 60_000);
afterAll(async () => {
  await janus?.close();
  await socket?.close();
  await slack?.close();
  await sim?.close();
});
afterEach(() => {
  expect(slack.unexpected).toEqual([]);
  expect(badLogs()).toEqual([]);
});

const badLogs = () =>
  janus.logs().filter((l) => /unhandled|is not a function/i.test(`${String(l.msg)} ${JSON.stringify(l.err ?? '')}`));
const homes = () => callsOf(slack, 'views.publish').filter((c) => c.user_id === ERIN.id);
const incidentWrites = () =>
  sim.requests().filter((r) => /^JanusUpdateIncident(Status)?$/.test(r.operation ?? '') && r.status === 200).length;
const acked = (ack: Ack) => ack.payload ?? {};
const textOf = (m: Json) => `${String(m.text)}\n${JSON.stringify(m.blocks ?? [])}`;

/** `/janus <text>` by `user` in a slash_commands envelope: the ack, then the reply at the response URL. */
async function command(text: string, user?: string): Promise<Json> {
  const { payload, id } = slashPayload(slack, text, user);
  const ack = await socket.send('slash_commands', payload);
  // answered in the ack (a usage problem) or, acked empty, at the response URL
  return (ack.payload && Object.keys(ack.payload).length ? ack.payload : await slack.posted(id)) as Json;
}

describe('issue 37 over Socket Mode', () => {
  it('an App Home click (a view container, no response_url): the incident moves once, Home is published again with the answer, no chat.update', async () => {
    const writes = incidentWrites();
    const published = homes().length;
    expect(acked(await socket.send('interactive', homeClick(ERIN.id, 'janus.incident.ack', sessions)))).toEqual({});
    await eventually(() => homes().length > published || undefined, 'App Home published again');
    expect((await readIncidentFacts(client, sessions))!.status).toMatchObject({
      state: 'ACTIVE',
      stage: 'INVESTIGATION',
    });
    expect(incidentWrites() - writes).toBe(1);
    const home = homes().at(-1)!.view as { type: string; blocks: Json[] };
    expect(home.type).toBe('home');
    expect(JSON.stringify(home.blocks.slice(0, 3))).toMatch(/Done: :eyes: \*Acknowledged\* by Erin Walsh/);
    expect(callsOf(slack, 'chat.update')).toEqual([]);
    expect(slack.responses).toEqual([]);
  });

  it('an ephemeral-container click (is_ephemeral, a response_url): answered there, no chat.update', async () => {
    const { id, url } = slack.responseUrl();
    const writes = incidentWrites();
    const click = ephemeralClick(ERIN.id, 'janus.incident.ack', uplift, url);
    expect(acked(await socket.send('interactive', click))).toEqual({});
    const answer = (await slack.posted(id)) as Json;
    expect(incidentWrites() - writes).toBe(1);
    expect(answer).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(JSON.stringify(answer.blocks)).toContain('*Acknowledged* by Erin Walsh');
    expect(callsOf(slack, 'chat.update')).toEqual([]);
  });

  it('entity-encoded command text: `trust R&amp;D_model` finds R&D_model; a <!here> echoed back is neutralised', async () => {
    const found = await command('trust R&amp;D_model');
    expect(found.blocks[0].text.text).toContain(AMP_MODEL);
    expect(textOf(found)).not.toContain('no model named');
    expect(textOf(found)).not.toContain('&amp;amp;');
    const echoed = await command('trust <!here>');
    expect(textOf(echoed)).toContain('&lt;!here&gt;');
    expect(textOf(echoed)).not.toMatch(/<[!@#]/);
  });

  it('/janus snooze: refused to a stranger, accepted from an owner', async () => {
    const refused = await command('snooze campaign_uplift_v1 1h', CAROL.id);
    expect(refused.response_type).toBe('ephemeral');
    expect(refused.text).toContain('Only the owners of the model `campaign_uplift_v1` may snooze its alerts');
    const snoozed = await command('snooze campaign_uplift_v1 1h', ERIN.id);
    expect(snoozed.response_type).toBe('in_channel');
    expect(snoozed.text).toContain(
      `<@${ERIN.id}> snoozed Argos's alerts about the model \`campaign_uplift_v1\` until <!date^`,
    );
  });

  it('/janus trust analytics.stg_sessions answers for the dataset; /janus search churn lists matches', async () => {
    const dataset = await command('trust analytics.stg_sessions');
    expect(dataset.text).toMatch(/^analytics\.stg_sessions: \d+ open incidents?/);
    expect(textOf(dataset)).toContain('*Models it hurts*');
    const search = await command('search churn');
    expect(search.text).toMatch(/^`churn`: \d+ match(es)? in DataHub$/);
    expect(textOf(search)).toMatch(/churn_predictor_v2.*· model/);
  });

  it('Resolve opens the modal with the trigger; the view_submission resolves in DataHub with the note, acked empty', async () => {
    const message = alertMessage(sessions, '1760009002.000100');
    const click = blockActions({
      user: ERIN.id,
      actionId: 'janus.incident.resolve',
      value: sessions,
      message,
      responseUrl: slack.responseUrl().url,
    });
    expect(acked(await socket.send('interactive', click))).toEqual({});
    const opened = await eventually(() => callsOf(slack, 'views.open').at(-1), 'the Resolve modal');
    expect(opened.trigger_id).toBe(click.trigger_id);
    const view = opened.view as Json;
    expect(view.callback_id).toBe('janus.incident.resolve');
    const note = 'Re-ran build_stg_sessions after the upstream outage.';
    const submission = viewSubmission({ user: ERIN.id, privateMetadata: view.private_metadata, stage: 'FIXED', note });
    expect(acked(await socket.send('interactive', submission))).toEqual({});
    const [update] = await eventually(() => {
      const list = updatesOf(slack, message.ts);
      return list.length ? list : undefined;
    }, 'the message updated');
    expect(update!.channel).toBe(CHANNEL);
    expect(JSON.stringify(update!.blocks)).toContain('*Resolved: fixed* by Erin Walsh');
    expect((await readIncidentFacts(client, sessions))!.status).toMatchObject({
      state: 'RESOLVED',
      stage: 'FIXED',
      message: `Resolved by Erin Walsh (erin.walsh@acmepay.example) in Slack: ${note}`,
    });
  });
});
