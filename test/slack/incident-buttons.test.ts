import { beforeAll, describe, expect, it } from 'vitest';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { DEMO } from '@janus/datahub-sim/demo';
import type { RunningSim } from '@janus/datahub-sim';
import { ingestProposalBatch } from '@janus/datahub-sim/ingest-client';
import { eventually } from '../support/service.js';
import { useIncidentBed } from './incident-bed.js';
import { setIncidentStatus } from '../support/datahub-ui.js';
import {
  alertMessage,
  blockActions,
  CAROL,
  callsOf,
  CHANNEL,
  clickButton,
  ERIN,
  postInteraction,
  SESSIONS_KEY,
  startJanusWithIncidents,
  updatesOf as updatesIn,
  viewSubmission,
  withIncidentMethods,
  type JanusWithIncidents,
  type Json,
  type Member,
  incidentOf,
} from './incident-slack.js';

const { datasets: DATASETS, groups: GROUPS } = DEMO;
const UPLIFT_KEY = `missing_owner:${DATASETS.upliftTrainingSet}`;
const LEAK_KEY = /^target_leakage:/;

/** More Slack members: frank is in growth-ml only; dev owns neither. */
const FRANK: Member = { id: 'U0FRANK01', name: 'Frank Li', email: 'Frank.Li@AcmePay.example' };
const DEV: Member = { id: 'U0DEV0001', name: 'Dev Patel', email: 'dev.patel@acmepay.example' };
const NOBODY: Member = { id: 'U0NOBODY1', name: 'Nobody', email: 'nobody@elsewhere.example' };
const BOT_USER: Member = { id: 'U0NOMAIL1', name: 'No Mail' };

/** frank: a DataHub user who owns nothing himself, in the group that owns stg_sessions. */
async function addFrank(sim: RunningSim) {
  const urn = 'urn:li:corpuser:frank.li';
  const res = await ingestProposalBatch(sim.url, [
    {
      entityType: 'corpuser',
      entityUrn: urn,
      aspectName: 'corpUserInfo',
      aspect: { active: true, displayName: 'Frank Li', email: 'frank.li@acmepay.example', fullName: 'Frank Li' },
    },
    { entityType: 'corpuser', entityUrn: urn, aspectName: 'groupMembership', aspect: { groups: [GROUPS.growthMl] } },
  ]);
  expect(res.status).toBe(200);
}

const bed = useIncidentBed({ members: [ERIN, FRANK, DEV, NOBODY, BOT_USER], scan: true, seed: addFrank });
let sessions: string;
let uplift: string;
let leak: string;
let nextMessage = 0;

beforeAll(async () => {
  sessions = await incidentOf(bed.client, DATASETS.stgSessions, SESSIONS_KEY);
  uplift = await incidentOf(bed.client, DATASETS.upliftTrainingSet, UPLIFT_KEY);
  leak = await incidentOf(bed.client, DATASETS.stgChargebacks, LEAK_KEY);
});

/** An alert message on `urn` in the channel (a new ts each time). */
const alertOn = (urn: string) => alertMessage(urn, `1760001${String(++nextMessage).padStart(3, '0')}.000100`);

/** A signed click; resolves with the HTTP answer and, when Argos tells the clicker something, that reply. */
async function click(user: Member, actionId: string, value: string, message = alertOn(value)) {
  const { res, id, reply } = await clickButton(bed.slack, bed.janus.endpoint, { user, actionId, value, message });
  return { status: res.status, body: await res.text(), message, reply, replyId: id };
}

const updatesOf = (ts: string) => updatesIn(bed.slack, ts);
/** The chat.update calls of a message, once there is one. */
const updated = (ts: string) =>
  eventually(() => {
    const list = updatesOf(ts);
    return list.length ? list : undefined;
  }, `chat.update of ${ts}`);
const status = async (urn: string) => (await readIncidentFacts(bed.client, urn))!.status;
const people = async (urn: string) => (await readIncidentFacts(bed.client, urn))!.people;
/** The replies Janus posted in the thread of the message at `ts`, once there are `n`. */
const threadReplies = (ts: string, n = 1) =>
  eventually(() => {
    const list = callsOf(bed.slack, 'chat.postMessage').filter((m) => m.thread_ts === ts);
    return list.length >= n ? list : undefined;
  }, `${n} replies in the thread of ${ts}`);
const textOf = (blocks: Json[]) => JSON.stringify(blocks);
const buttonsOf = (blocks: Json[]) =>
  blocks.flatMap((b) => (b.type === 'actions' ? b.elements.map((e: Json) => e.action_id as string) : []));

describe('acting on an incident from Slack', () => {
  it('Acknowledge by an owner: ACTIVE / INVESTIGATION naming the person; the message says who and when, and offers Resolve', async () => {
    const before = await status(sessions);
    expect(before).toMatchObject({ state: 'ACTIVE', stage: 'TRIAGE' });
    const r = await click(ERIN, 'janus.incident.ack', sessions);
    expect(r.status).toBe(200);
    expect(r.body).toBe('');
    const [update] = await updated(r.message.ts);
    expect(update!.channel).toBe(CHANNEL);
    expect(await status(sessions)).toMatchObject({
      state: 'ACTIVE',
      stage: 'INVESTIGATION',
      message: 'Acknowledged by Erin Walsh (erin.walsh@acmepay.example) in Slack.',
    });
    const blocks = update!.blocks as Json[];
    expect(textOf(blocks)).toContain('*Acknowledged* by Erin Walsh · <!date^');
    // the alert's text stays; its Acknowledge is gone, Resolve stays, the report link too
    expect(blocks[0]).toEqual(r.message.blocks[0]);
    expect(buttonsOf(blocks)).toEqual([
      'open_report',
      'janus.incident.resolve',
      'janus.incident.assign',
      'janus.incident.set',
    ]);
    expect(bed.slack.responses.filter((x) => x.id === r.replyId)).toEqual([]);
    // DataHub's assignees: the acknowledger's DataHub user; the thread says who took it
    expect(await people(sessions)).toEqual({
      priority: expect.anything(),
      assignees: [{ urn: 'urn:li:corpuser:erin.walsh', name: 'Erin Walsh' }],
    });
    const [reply] = await threadReplies(r.message.ts);
    expect(reply).toMatchObject({ channel: CHANNEL, thread_ts: r.message.ts });
    expect(reply!.text).toBe(':eyes: *Erin Walsh* acknowledged this incident and took it on (assigned in DataHub).');
  });

  it('Resolve: the modal asks fixed or no action and a note; on submit RESOLVED with that stage and note; Reopen offered', async () => {
    const r = await click(ERIN, 'janus.incident.resolve', sessions);
    expect(r.status).toBe(200);
    const [open] = await eventually(() => {
      const opened = callsOf(bed.slack, 'views.open');
      return opened.length ? opened : undefined;
    }, 'views.open');
    const view = open!.view as Json;
    expect(view.callback_id).toBe('janus.incident.resolve');
    expect(JSON.parse(view.private_metadata as string)).toEqual({ urn: sessions, channel: CHANNEL, ts: r.message.ts });
    expect(await status(sessions)).toMatchObject({ state: 'ACTIVE', stage: 'INVESTIGATION' });

    const note = 'Re-ran build_stg_sessions after the upstream outage.';
    const submit = await postInteraction(
      bed.janus.endpoint,
      viewSubmission({ user: ERIN.id, privateMetadata: view.private_metadata as string, stage: 'FIXED', note }),
    );
    expect(submit.status).toBe(200);
    expect(await submit.text()).toBe('');
    const [update] = await updated(r.message.ts);
    expect(await status(sessions)).toMatchObject({
      state: 'RESOLVED',
      stage: 'FIXED',
      message: `Resolved by Erin Walsh (erin.walsh@acmepay.example) in Slack: ${note}`,
    });
    expect(textOf(update!.blocks as Json[])).toContain('*Resolved: fixed* by Erin Walsh');
    expect(textOf(update!.blocks as Json[])).toContain('Re-ran build_stg_sessions');
    expect(buttonsOf(update!.blocks as Json[])).toEqual(['open_report', 'janus.incident.reopen']);
    const [reply] = await threadReplies(r.message.ts);
    expect(reply!.text).toBe(`:white_check_mark: *Erin Walsh* resolved this incident as fixed.\n>${note}`);
    // resolving keeps who it is assigned to
    expect((await people(sessions)).assignees.map((a) => a.name)).toEqual(['Erin Walsh']);
  });

  it('Reopen, by a member of the owning group: ACTIVE / TRIAGE again, naming them', async () => {
    const r = await click(FRANK, 'janus.incident.reopen', sessions);
    expect(r.status).toBe(200);
    const [update] = await updated(r.message.ts);
    expect(await status(sessions)).toMatchObject({
      state: 'ACTIVE',
      stage: 'TRIAGE',
      message: 'Reopened by Frank Li (frank.li@acmepay.example) in Slack.',
    });
    expect(textOf(update!.blocks as Json[])).toContain('*Reopened* by Frank Li');
    expect(buttonsOf(update!.blocks as Json[])).toEqual([
      'open_report',
      'janus.incident.ack',
      'janus.incident.resolve',
      'janus.incident.assign',
      'janus.incident.set',
    ]);
    expect((await threadReplies(r.message.ts))[0]!.text).toBe(':rotating_light: *Frank Li* reopened this incident.');
  });

  it('Assign to me, then a priority and a stage from the menu: each lands in DataHub, the message and the thread', async () => {
    const message = alertOn(sessions);
    const before = await people(sessions);
    expect(before.assignees.map((a) => a.urn)).toEqual(['urn:li:corpuser:erin.walsh']);
    await click(FRANK, 'janus.incident.assign', sessions, message);
    await threadReplies(message.ts, 1);
    expect(await people(sessions)).toEqual({
      priority: before.priority,
      assignees: [
        { urn: 'urn:li:corpuser:erin.walsh', name: 'Erin Walsh' },
        { urn: 'urn:li:corpuser:frank.li', name: 'Frank Li' },
      ],
    });
    const choose = (choice: string) =>
      clickButton(bed.slack, bed.janus.endpoint, {
        user: FRANK,
        actionId: 'janus.incident.set',
        value: '',
        message,
        choice,
      });
    expect((await choose(`priority:CRITICAL|${sessions}`)).res.status).toBe(200);
    await threadReplies(message.ts, 2);
    // the priority changes, the assignees stay (GMS would drop what the update leaves out)
    expect(await people(sessions)).toMatchObject({ priority: 'CRITICAL', assignees: [{}, {}] });
    expect((await choose(`stage:WORK_IN_PROGRESS|${sessions}`)).res.status).toBe(200);
    const replies = await threadReplies(message.ts, 3);
    expect(await status(sessions)).toMatchObject({
      state: 'ACTIVE',
      stage: 'WORK_IN_PROGRESS',
      message: 'Moved to work in progress by Frank Li (frank.li@acmepay.example) in Slack.',
    });
    expect((await people(sessions)).priority).toBe('CRITICAL');
    expect(replies.map((m) => m.text)).toEqual([
      ':raising_hand: *Frank Li* assigned this incident to themselves.',
      ':label: *Frank Li* set the priority to *P0 Critical*.',
      ':arrows_counterclockwise: *Frank Li* moved this incident to *work in progress*.',
    ]);
    const last = updatesOf(message.ts).at(-1)!;
    expect(textOf(last.blocks as Json[])).toContain('*Moved to work in progress* by Frank Li');
    expect(textOf(last.blocks as Json[])).toContain('P0 Critical · assigned to Erin Walsh, Frank Li');
    // back to triage, as the tests below expect it
    await choose(`stage:TRIAGE|${sessions}`);
    await threadReplies(message.ts, 4);
    expect(await status(sessions)).toMatchObject({ state: 'ACTIVE', stage: 'TRIAGE' });
  });

  it('the menu: a forged option is refused as malformed, and one who may not act is refused; nothing written', async () => {
    bed.sim.resetStats();
    const message = alertOn(sessions);
    const forged = await clickButton(bed.slack, bed.janus.endpoint, {
      user: FRANK,
      actionId: 'janus.incident.set',
      value: '',
      message,
      choice: `priority:URGENT|${sessions}`,
    });
    expect((await forged.reply()).text).toContain('This button does not name a DataHub incident');
    const refused = await clickButton(bed.slack, bed.janus.endpoint, {
      user: DEV,
      actionId: 'janus.incident.set',
      value: '',
      message,
      choice: `priority:LOW|${sessions}`,
    });
    expect((await refused.reply()).text).toContain('Only the owners of analytics.stg_sessions');
    const assign = await click(DEV, 'janus.incident.assign', sessions, message);
    expect((await assign.reply()).text).toContain('Only the owners of analytics.stg_sessions');
    expect(bed.sim.stats().mutations).toBe(0);
  });

  it('a button on an incident resolved elsewhere says so and shows where it is now, writing nothing', async () => {
    const old = alertOn(uplift);
    await setIncidentStatus(bed.sim, uplift, {
      state: 'RESOLVED',
      stage: 'NO_ACTION_REQUIRED',
      message: 'Known gap, owner on the way',
    });
    bed.sim.resetStats();
    const r = await click(ERIN, 'janus.incident.ack', uplift, old);
    const reply = await r.reply();
    expect(reply).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(reply.text).toContain('This incident was already resolved');
    const [update] = await updated(old.ts);
    expect(textOf(update!.blocks as Json[])).toContain('*Resolved: no action required*');
    expect(textOf(update!.blocks as Json[])).toContain('Known gap, owner on the way');
    expect(buttonsOf(update!.blocks as Json[])).toEqual(['open_report', 'janus.incident.reopen']);
    expect(bed.sim.stats().mutations).toBe(0);
    expect(await status(uplift)).toMatchObject({ state: 'RESOLVED', stage: 'NO_ACTION_REQUIRED' });
  });

  it('the owner of an affected model may act when the dataset has no owner', async () => {
    const r = await click(ERIN, 'janus.incident.reopen', uplift);
    await updated(r.message.ts);
    expect(await status(uplift)).toMatchObject({ state: 'ACTIVE', stage: 'TRIAGE' });
  });
});

describe('who may not act: told only them, nothing changed', () => {
  const unchanged = async (r: Awaited<ReturnType<typeof click>>, urn: string, before: unknown) => {
    expect(r.status).toBe(200);
    const reply = await r.reply();
    expect(reply).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(bed.sim.stats().mutations).toBe(0);
    expect(updatesOf(r.message.ts)).toEqual([]);
    const requests = bed.sim.stats().requests;
    if (urn) expect(await status(urn)).toEqual(before);
    return { ...reply, requests } as Json & { requests: number };
  };

  it('a non-owner is refused, naming who may act', async () => {
    const before = await status(sessions);
    bed.sim.resetStats();
    const reply = await unchanged(await click(DEV, 'janus.incident.ack', sessions), sessions, before);
    expect(reply.text).toContain('Only the owners of analytics.stg_sessions or of the models it affects may act');
    expect(reply.text).toContain('Erin Walsh');
    expect(reply.text).toContain('Growth ML');
  });

  it('a Slack member with no DataHub account is told so', async () => {
    const before = await status(sessions);
    bed.sim.resetStats();
    const reply = await unchanged(await click(NOBODY, 'janus.incident.ack', sessions), sessions, before);
    expect(reply.text).toContain('DataHub has no user with your email (nobody@elsewhere.example)');
  });

  it('a member whose email Slack does not give is told so', async () => {
    bed.sim.resetStats();
    const reply = await unchanged(await click(BOT_USER, 'janus.incident.ack', sessions), '', undefined);
    expect(reply.text).toContain('Argos cannot see your email in Slack');
  });

  it('a forged value: an incident the clicker does not own is refused, a malformed urn named as such', async () => {
    const before = await status(leak);
    bed.sim.resetStats();
    const refused = await unchanged(await click(ERIN, 'janus.incident.ack', leak), leak, before);
    expect(refused.text).toContain('Only the owners of analytics.stg_chargebacks');
    for (const value of ['urn:li:dataset:(urn:li:dataPlatform:snowflake,x,PROD)', 'DROP TABLE', '']) {
      bed.sim.resetStats();
      const reply = await unchanged(await click(ERIN, 'janus.incident.ack', value), '', undefined);
      expect(reply.text).toContain('This button does not name a DataHub incident');
      expect(reply.requests).toBe(0);
    }
    bed.sim.resetStats();
    const gone = await unchanged(
      await click(ERIN, 'janus.incident.ack', 'urn:li:incident:no-such-incident'),
      '',
      undefined,
    );
    expect(gone.text).toContain('DataHub has no incident `urn:li:incident:no-such-incident`');
  });

  it('an unknown janus.incident action id is answered as unknown', async () => {
    const before = await status(sessions);
    bed.sim.resetStats();
    const reply = await unchanged(await click(ERIN, 'janus.incident.delete', sessions), sessions, before);
    expect(reply.text).toContain('Argos does not know the button `janus.incident.delete`');
    expect(reply.requests).toBe(0);
  });

  it('a bad signature gets 401 and a stale timestamp is refused: nothing runs', async () => {
    const payload = blockActions({
      user: ERIN.id,
      actionId: 'janus.incident.ack',
      value: sessions,
      message: alertOn(sessions),
      responseUrl: bed.slack.responseUrl().url,
    });
    const before = await status(sessions);
    bed.sim.resetStats();
    const calls = bed.slack.calls.length;
    expect((await postInteraction(bed.janus.endpoint, payload, { secret: 'not-the-secret' })).status).toBe(401);
    const stale = await postInteraction(bed.janus.endpoint, payload, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(bed.sim.stats().requests).toBe(0);
    expect(bed.slack.calls.length).toBe(calls);
    expect(await status(sessions)).toEqual(before);
  });

  it('a Resolve form without a stage or note is shown its errors; a forged form is refused; nothing written', async () => {
    const meta = JSON.stringify({ urn: sessions, channel: CHANNEL, ts: '1760009999.000100' });
    bed.sim.resetStats();
    const missing = await postInteraction(bed.janus.endpoint, viewSubmission({ user: ERIN.id, privateMetadata: meta }));
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({
      response_action: 'errors',
      errors: { stage: 'Choose Fixed or Accept the risk.', note: 'Write a note (at most 1000 characters).' },
    });
    const forged = await postInteraction(
      bed.janus.endpoint,
      viewSubmission({ user: ERIN.id, privateMetadata: '{"urn":"urn:li:dataset:x"}', stage: 'FIXED', note: 'x' }),
    );
    expect(((await forged.json()) as Json).errors.note).toContain('does not name a DataHub incident');
    expect(bed.sim.stats().mutations).toBe(0);
  });
});

describe('in one process without Redis', () => {
  it('10 clicks at once by an owner of the affected model: one transition, one message update, nine told', async () => {
    const message = alertOn(leak);
    bed.sim.resetStats();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => click(DEV, 'janus.incident.ack', leak, message)));
    expect(clicks.map((c) => c.status)).toEqual(Array(10).fill(200));
    const ids = new Set(clicks.map((c) => c.replyId));
    const told = await eventually(() => {
      const list = bed.slack.responses.filter((r) => ids.has(r.id));
      return list.length >= 9 ? list : undefined;
    }, 'nine replies');
    expect(told).toHaveLength(9);
    for (const r of told) expect(String(r.body.text)).toContain('already acknowledged by Dev Patel');
    expect(bed.sim.stats().byOperation.JanusUpdateIncident).toBe(1);
    expect(updatesOf(message.ts)).toHaveLength(1);
    expect(await status(leak)).toMatchObject({ state: 'ACTIVE', stage: 'INVESTIGATION' });
  });
});

describe('configured: slack.admins and slack.actors', () => {
  it('an admin (by email) may act on any incident; under `anyone`, every member with a DataHub account may', async () => {
    withIncidentMethods(bed.slack, [ERIN, FRANK, DEV, NOBODY, BOT_USER, CAROL]);
    const asAdmin = await startJanusWithIncidents({
      datahub: bed.sim.url,
      slack: bed.slack,
      env: { JANUS_SLACK_ADMINS: 'U0SOMEONE, Carol.Diaz@acmepay.example' },
    });
    const anyone = await startJanusWithIncidents({
      datahub: bed.sim.url,
      slack: bed.slack,
      env: { JANUS_SLACK_ACTORS: 'anyone' },
    });
    const ackOn = async (j: JanusWithIncidents, user: Member, value: string) => {
      const message = alertOn(value);
      const { res } = await clickButton(bed.slack, j.endpoint, {
        user,
        actionId: 'janus.incident.ack',
        value,
        message,
      });
      expect(res.status).toBe(200);
      return updated(message.ts);
    };
    try {
      expect(asAdmin.config.slack.admins).toEqual(['U0SOMEONE', 'Carol.Diaz@acmepay.example']);
      expect(await status(sessions)).toMatchObject({ state: 'ACTIVE', stage: 'TRIAGE' });
      // carol owns neither stg_sessions nor its models: refused by default, an admin on the other instance
      expect((await (await click(CAROL, 'janus.incident.ack', sessions)).reply()).text).toContain('Only the owners');
      await ackOn(asAdmin, CAROL, sessions);
      expect(await status(sessions)).toMatchObject({
        stage: 'INVESTIGATION',
        message: 'Acknowledged by Carol Diaz (carol.diaz@acmepay.example) in Slack.',
      });
      expect(await status(uplift)).toMatchObject({ state: 'ACTIVE', stage: 'TRIAGE' });
      expect((await (await click(DEV, 'janus.incident.ack', uplift)).reply()).text).toContain('Only the owners');
      await ackOn(anyone, DEV, uplift);
      expect(await status(uplift)).toMatchObject({
        stage: 'INVESTIGATION',
        message: expect.stringContaining('Dev Patel'),
      });
    } finally {
      await asAdmin.close();
      await anyone.close();
    }
  });
});
