import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { eventually } from '../support/service.js';
import { alertsWorlds, CHANNELS, stgTransactionsCheck, textOf, type AlertsWorld } from './alerts-setup.js';
import { answerUsersInfo, type FakeMessage, type FakeSlack } from './fake-slack.js';
import { SECRET } from './harness.js';
import { blockActions, postInteraction, type Json } from './incident-slack.js';
import { sendSlashCommand } from './slash-command.js';

/**
 * Silencing is safe (issue 37): a snooze is announced wherever its alerts would go, naming who and until when; what
 * it holds reaches every route once it ends early, with who ended it; the on-call responders (a Slack user group)
 * may snooze and act like admins, a stranger may not. Through `janus serve`, Bolt with signed requests, the
 * simulator's demo catalog and a fake Slack.
 */

const world = alertsWorlds();

const ALICE = 'U0ALICE01'; // ML Platform: owns customer_ltv_v2
const CAROL = 'U0CAROL01'; // Data Platform: owns the analytics tables
const ERIN = 'U0ERIN001'; // Growth: watches customer_ltv_v2, owns none of it
const FRANK = 'U0FRANK01'; // on call: a member of the responders' user group, owns nothing
const FRANK_URN = 'urn:li:corpuser:frank.ito';
const ONCALL = 'S0ONCALL1';
const ERIN_DM = `D${ERIN.slice(1)}`;

/** The demo's people in Slack, DMs as Slack opens them, and the on-call user group's members. */
function workspace(slack: FakeSlack): void {
  answerUsersInfo(slack, [
    { id: ALICE, name: 'alice', email: 'alice.chen@acmepay.example' },
    { id: CAROL, name: 'carol', email: 'carol.diaz@acmepay.example' },
    { id: ERIN, name: 'erin', email: 'erin.walsh@acmepay.example' },
    { id: FRANK, name: 'frank', email: 'frank.ito@acmepay.example' },
  ]);
  slack.methods['conversations.open'] = (b) => {
    const id = `D${(b.users ?? '').slice(1)}`;
    if (!slack.channels.has(id)) slack.addChannel({ name: `dm-${b.users}`, id });
    return { ok: true, channel: { id } };
  };
  slack.methods['usergroups.users.list'] = (b) =>
    b.usergroup === ONCALL ? { ok: true, users: [FRANK] } : { ok: false, error: 'no_such_subteam' };
}

async function command(w: AlertsWorld, endpoint: string, text: string, user: string) {
  const { id, url } = w.slack.responseUrl();
  const res = await sendSlashCommand(endpoint, { text, responseUrl: url, secret: SECRET, user });
  expect(res.status).toBe(200);
  return (await w.slack.posted(id)) as { text: string; response_type: string };
}

/** The messages of a channel (or DM) whose text has `text`. */
const saying = (w: AlertsWorld, channel: string, text: string): FakeMessage[] =>
  w.parents(channel).filter((m) => textOf(m).includes(text));

describe('snoozes, announced and held (janus serve, the simulator, a fake Slack)', () => {
  it('announces a snooze wherever its alerts go, holds what it silences, and on unsnooze delivers it to every route, naming who', async () => {
    const w = await world({ channels: workspace, env: { JANUS_SLACK_RESPONDERS: ONCALL } });
    const serve = w.serve();
    // frank is in DataHub (active) and owns nothing: only the on-call group lets him act
    await w.ingest([
      {
        entityType: 'corpuser',
        entityUrn: FRANK_URN,
        aspectName: 'corpUserInfo',
        aspect: { active: true, displayName: 'Frank Ito', email: 'frank.ito@acmepay.example', fullName: 'Frank Ito' },
      },
      {
        entityType: 'corpuser',
        entityUrn: FRANK_URN,
        aspectName: 'corpUserStatus',
        aspect: { status: 'ACTIVE', lastModified: { time: Date.now(), actor: 'urn:li:corpuser:okta' } },
      },
    ]);
    await serve.ready;
    const endpoint = `${serve.http}/slack/events`;
    await eventually(() => w.parents(CHANNELS.riskMl).length >= 1, 'the first alerts');
    await w.cycles(2);
    const watched = await command(w, endpoint, `watch ${DEMO.modelNames.customerLtv}`, ERIN);
    expect(watched.text).toContain('You are watching the model *customer_ltv_v2*');

    // erin owns none of it and is not on call: refused, nothing announced anywhere
    const refused = await command(w, endpoint, 'snooze customer_ltv_v2 1h', ERIN);
    expect(refused.response_type).toBe('ephemeral');
    expect(refused.text).toContain('Only the owners of the model `customer_ltv_v2` may snooze its alerts');
    expect(refused.text).toContain('or the on-call responders (`slack.responders`)');

    // its owner snoozes it: said in the model's owners' channel and in its watcher's DM, naming who and until when
    const snoozedAt = Date.now();
    const snoozed = await command(w, endpoint, 'snooze customer_ltv_v2 1h', ALICE);
    expect(snoozed.response_type).toBe('in_channel');
    const announced = `<@${ALICE}> snoozed Argos's alerts about the model \`customer_ltv_v2\` until <!date^`;
    await eventually(
      () => saying(w, CHANNELS.mlPlatform, announced).length === 1 && saying(w, ERIN_DM, announced).length === 1,
      'the snooze announced in #ml-platform and the watcher’s DM',
    );
    const until = Number(/<!date\^(\d+)\^/.exec(saying(w, ERIN_DM, announced)[0]!.text)![1]) * 1000;
    expect(until).toBeGreaterThanOrEqual(Math.floor(snoozedAt / 1000) * 1000 + 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(saying(w, CHANNELS.dataPlatform, announced)).toEqual([]);

    // the on-call responder silences a table he does not own: said in its owners' channel and its models' owners'
    const table = `Argos's alerts about the dataset \`analytics.stg_chargebacks\``;
    const bySnoozer = await command(w, endpoint, 'snooze analytics.stg_chargebacks 2h', FRANK);
    expect(bySnoozer.text).toContain(`<@${FRANK}> snoozed ${table}`);
    await eventually(
      () =>
        saying(w, CHANNELS.dataPlatform, `<@${FRANK}> snoozed ${table}`).length === 1 &&
        saying(w, CHANNELS.riskMl, `<@${FRANK}> snoozed ${table}`).length === 1,
      'the dataset’s snooze announced in its owners’ and its model’s owners’ channels',
    );
    // it feeds both models through fct_transactions: both teams hear; the growth team, whose models it does not feed, not
    await eventually(
      () => saying(w, CHANNELS.mlPlatform, `<@${FRANK}> snoozed ${table}`).length === 1,
      'in #ml-platform',
    );
    expect(saying(w, CHANNELS.growthMl, table)).toEqual([]);
    // …and ends it: said where it was announced, naming who ended whose snooze
    expect((await command(w, endpoint, 'unsnooze analytics.stg_chargebacks', CAROL)).text).toContain(
      `<@${CAROL}> unsnoozed \`analytics.stg_chargebacks\` (snoozed by <@${FRANK}>`,
    );
    const tableEnded = `<@${CAROL}> ended the snooze on the dataset \`analytics.stg_chargebacks\` (snoozed by <@${FRANK}>`;
    await eventually(
      () =>
        saying(w, CHANNELS.dataPlatform, tableEnded).length === 1 &&
        saying(w, CHANNELS.riskMl, tableEnded).length === 1,
      'the early end announced where the snooze was',
    );

    // a failure upstream while the model is snoozed: its table's owners hear; the model's channel and watcher do not
    const failure = 'Upstream failure: stg_transactions';
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await eventually(() => saying(w, CHANNELS.dataPlatform, failure).length === 1, 'the failure alert');
    await eventually(() => saying(w, CHANNELS.riskMl, failure).length === 1, 'the failure alert in #risk-ml-oncall');
    await w.cycles(3);
    expect(saying(w, CHANNELS.mlPlatform, failure)).toEqual([]);
    expect(saying(w, ERIN_DM, failure)).toEqual([]);

    // on its incident, the stranger is refused and the on-call responder may act
    const alert = saying(w, CHANNELS.dataPlatform, failure)[0]!;
    const incident = /"value":"(urn:li:incident:[^"]+)"/.exec(JSON.stringify(alert.blocks))![1]!;
    const click = async (user: string) => {
      const { id, url } = w.slack.responseUrl();
      const payload = blockActions({
        user,
        actionId: 'janus.incident.ack',
        value: incident,
        message: { ts: alert.ts, text: alert.text, blocks: alert.blocks as Json[] },
        responseUrl: url,
        channel: alert.channel,
      });
      expect((await postInteraction(endpoint, payload)).status).toBe(200);
      return id;
    };
    const strangerReply = (await w.slack.posted(await click(ERIN))) as Json;
    expect(strangerReply.text).toContain(
      'Only the owners of analytics.stg_transactions or of the models it affects may act',
    );
    expect(strangerReply.text).toContain('the on-call responders (`slack.responders`)');
    await click(FRANK);
    await eventually(
      () =>
        w.slack.calls.some(
          (c) => c.method === 'chat.update' && c.body.ts === alert.ts && c.body.blocks?.includes('Acknowledged'),
        ),
      'the alert showing the responder’s acknowledgement',
    );
    expect(JSON.stringify(w.slack.calls.filter((c) => c.method === 'chat.update' && c.body.ts === alert.ts))).toContain(
      'Frank Ito',
    );

    // anyone may end a snooze: erin does; said where it was announced, and what it held reaches every route
    const ended = await command(w, endpoint, 'unsnooze customer_ltv_v2', ERIN);
    expect(ended.response_type).toBe('in_channel');
    expect(ended.text).toContain(`<@${ERIN}> unsnoozed \`customer_ltv_v2\` (snoozed by <@${ALICE}>`);
    const endNotice = `<@${ERIN}> ended the snooze on the model \`customer_ltv_v2\` (snoozed by <@${ALICE}>`;
    const held = `<@${ERIN}> ended <@${ALICE}>'s snooze on the model`;
    for (const place of [CHANNELS.mlPlatform, ERIN_DM]) {
      await eventually(
        () => saying(w, place, endNotice).length === 1 && saying(w, place, failure).length === 1,
        `the end and the held alert in ${place}`,
        30_000,
      );
      const [alertThere] = saying(w, place, failure);
      expect(textOf(alertThere!)).toContain(held);
      expect(textOf(alertThere!)).toContain('customer_ltv_v2');
      // the end is said before what it held back
      expect(saying(w, place, endNotice)[0]!.at).toBeLessThan(alertThere!.at);
    }
    await w.cycles(3);
    for (const place of [CHANNELS.mlPlatform, ERIN_DM, CHANNELS.dataPlatform, CHANNELS.riskMl])
      expect(saying(w, place, failure)).toHaveLength(1);
    // each said once, however many runs of the timers since
    for (const place of [CHANNELS.mlPlatform, ERIN_DM]) {
      expect(saying(w, place, endNotice)).toHaveLength(1);
      expect(saying(w, place, announced)).toHaveLength(1);
    }
    expect(saying(w, CHANNELS.dataPlatform, `<@${FRANK}> snoozed ${table}`)).toHaveLength(1);
    expect(saying(w, CHANNELS.dataPlatform, tableEnded)).toHaveLength(1);
    expect(saying(w, CHANNELS.dataPlatform, endNotice)).toEqual([]);
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);
});
