import { Queue } from 'bullmq';
import { QUEUES } from '../../src/jobs/names.js';
import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { eventually, REDIS_URL } from '../support/service.js';
import { SECRET } from './harness.js';
import { sendSlashCommand } from './slash-command.js';
import { reportUrlFor } from '../../src/core/links.js';
import { demoScore } from '../support/demo-verdicts.js';
import { answerUsersInfo, type FakeMessage } from './fake-slack.js';
import {
  alertsWorlds,
  CHANNELS,
  jobRun,
  PUBLIC_URL,
  SLACK_IDS,
  stgTransactionsCheck,
  textOf,
  type AlertsWorld,
} from './alerts-setup.js';

const world = alertsWorlds();

/** The URL of a message's "Open report" button. */
const reportOf = (m: FakeMessage) =>
  (m.blocks as { elements?: { action_id?: string; url?: string }[] }[])
    .flatMap((b) => b.elements ?? [])
    .find((e) => e.action_id === 'open_report')?.url;

const withText = (w: AlertsWorld, channel: string, text: string) =>
  w.parents(channel).filter((m) => textOf(m).includes(text));

describe('Argos alerts in Slack (janus serve, the simulator, a fake Slack)', () => {
  it('routes each root cause to its owners’ channels once, mentions them, threads what follows, stands down, and never reposts', async () => {
    const w = await world();
    const serve = w.serve();
    await serve.ready;
    // first start: the demo's four root causes, each once in every owning channel
    await eventually(
      () => w.parents(CHANNELS.growthMl).length >= 3 && w.parents(CHANNELS.riskMl).length >= 1,
      'the first alerts',
    );
    await w.cycles(2);
    // a leak is its model's own: the model's owners hear of it, named by model and feature, not the table's owners
    const leakage = w.parents(CHANNELS.riskMl);
    expect(leakage).toHaveLength(1);
    expect(leakage[0]!.text).toBe(
      `fraud_detector_v4 → at risk (${demoScore('fraud')}): Target leakage: feature days_to_chargeback <@${SLACK_IDS.dev}>`,
    );
    expect(withText(w, CHANNELS.dataPlatform, 'Target leakage')).toEqual([]);
    expect(w.parents(CHANNELS.dataPlatform)).toHaveLength(1);
    // the bot was not in #growth-ml-alerts, a public channel: it joined, then posted
    expect(w.slack.calls.some((c) => c.method === 'conversations.join')).toBe(true);
    expect(w.parents(CHANNELS.growthMl)).toHaveLength(3);
    // the training set without any owner: its alert still reaches the model's owners
    expect(withText(w, CHANNELS.growthMl, 'No owner: uplift_training_set')).toHaveLength(1);

    // a failing check upstream of two models: one message per channel, listing both where both are owned
    const before = w.slack.messages.length;
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await eventually(
      () => withText(w, CHANNELS.mlPlatform, 'Upstream failure: stg_transactions').length === 1,
      'the failure alert',
    );
    await eventually(
      () => withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions').length === 1,
      'the failure alert',
    );
    await eventually(
      () => withText(w, CHANNELS.riskMl, 'Upstream failure: stg_transactions').length === 1,
      'the failure alert',
    );
    const failure = withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')[0]!;
    expect(textOf(failure)).toContain('customer_ltv_v2');
    expect(textOf(failure)).toContain('fraud_detector_v4');
    expect(textOf(failure)).toContain('janus.incident.ack');
    expect(textOf(failure)).toContain('urn:li:incident:');
    // carol's email is unknown to Slack: DataHub's Slack id for her
    expect(failure.text).toContain(`<@${SLACK_IDS.carolFromDataHub}>`);
    // each channel reads its own model first, lists only its own models and opens its own model's report
    const ml = withText(w, CHANNELS.mlPlatform, 'Upstream failure: stg_transactions')[0]!;
    const risk = withText(w, CHANNELS.riskMl, 'Upstream failure: stg_transactions')[0]!;
    expect(ml.text).toMatch(/^customer_ltv_v2 → caution \(\d+\): Upstream failure: stg_transactions <@U1ALICE99>$/);
    expect(risk.text).toMatch(/^fraud_detector_v4 → at risk \(\d+\): Upstream failure: stg_transactions <@U1DEV0099>$/);
    expect(JSON.stringify(ml.blocks)).not.toContain('fraud_detector_v4');
    expect(JSON.stringify(risk.blocks)).not.toContain('customer_ltv_v2');
    expect(reportOf(ml)).toBe(reportUrlFor(PUBLIC_URL, DEMO.models.customerLtv));
    expect(reportOf(risk)).toBe(reportUrlFor(PUBLIC_URL, DEMO.models.fraud));

    // a second root cause moves customer_ltv_v2 further: the first alert's threads say so, their parents edited
    await w.ingest(jobRun(DEMO.jobs.buildCustomerProfile, 'FAILURE'));
    const worse = (channel: string, ts: string) =>
      w.slack.replies(channel, ts).some((r) => r.text.includes('*customer_ltv_v2* moved caution → at risk'));
    await eventually(() => worse(CHANNELS.dataPlatform, failure.ts), 'the follow-up in the thread');
    await eventually(() => worse(CHANNELS.mlPlatform, ml.ts), 'the follow-up in #ml-platform');
    // fraud_detector_v4 did not move: #risk-ml-oncall's thread hears nothing
    expect(w.slack.replies(CHANNELS.riskMl, risk.ts)).toEqual([]);
    const edited = w.slack.messages.find((m) => m.ts === failure.ts)!;
    await eventually(() => textOf(edited).includes('caution → at risk'), 'the parent edited');
    expect(edited.edits.length).toBeGreaterThan(0);

    // five quiet cycles: nothing more is said
    await w.cycles(2);
    const said = w.slack.messages.length;
    const edits = w.slack.messages.reduce((n, m) => n + m.edits.length, 0);
    expect(said).toBeGreaterThan(before);
    await w.cycles(5);
    expect(w.slack.messages.length).toBe(said);
    expect(w.slack.messages.reduce((n, m) => n + m.edits.length, 0)).toBe(edits);

    // a restart: the same alerts are not posted again
    expect(await serve.stop()).toBe(0);
    const again = w.serve();
    await again.ready;
    await w.cycles(3);
    expect(w.slack.messages.length).toBe(said);

    // the check passes again: Argos stands down in the thread, and the parent says resolved
    await w.ingest(stgTransactionsCheck('SUCCESS'));
    await eventually(
      () => w.slack.replies(CHANNELS.dataPlatform, failure.ts).some((r) => r.text.includes('Argos stands down')),
      'the recovery reply',
    );
    const parent = w.slack.messages.find((m) => m.ts === failure.ts)!;
    await eventually(() => parent.text.startsWith('Resolved'), 'the parent marked resolved');
    expect(textOf(parent)).not.toContain('janus.incident.ack');
    expect(withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')).toHaveLength(1);
    // each channel's recovery speaks of its own models: customer_ltv_v2 is still held by the failed job
    const recovery = async (channel: string, ts: string) => {
      await eventually(() => w.slack.replies(channel, ts).some((r) => r.text.includes('Argos stands down')), channel);
      return w.slack.replies(channel, ts).find((r) => r.text.includes('Argos stands down'))!.text;
    };
    const mlSaid = await recovery(CHANNELS.mlPlatform, ml.ts);
    expect(mlSaid).toMatch(/Still not trusted \(something else holds them\): \*customer_ltv_v2\* caution \(\d+\)\.$/);
    expect(mlSaid).not.toContain('fraud_detector_v4');
    const riskSaid = await recovery(CHANNELS.riskMl, risk.ts);
    expect(riskSaid).toContain(`*fraud_detector_v4* at risk (${demoScore('fraud')})`);
    expect(riskSaid).not.toContain('customer_ltv_v2');
    // the resolved parent shows fraud_detector_v4 as it is now, not as it was while the check failed
    const riskParent = w.slack.messages.find((m) => m.ts === risk.ts)!;
    await eventually(() => riskParent.text.startsWith('Resolved'), 'the parent in #risk-ml-oncall resolved');
    expect(riskParent.text).toBe(
      `Resolved: Upstream failure: stg_transactions — fraud_detector_v4 now at risk (${demoScore('fraud')}) <@${SLACK_IDS.dev}>`,
    );
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);

  it('falls back when no owner’s channel is reachable, digests a burst, and escalates what nobody acknowledged, once', async () => {
    const w = await world({
      // the bot is not in this private channel: Slack says channel_not_found, and it cannot join
      channels: (slack) => slack.addChannel({ name: CHANNELS.riskMl, private: true, member: false }),
      env: {
        JANUS_SLACK_DIGEST_ABOVE: '1',
        JANUS_SLACK_ESCALATE_AFTER: '8s',
        JANUS_SLACK_ESCALATION_CHANNEL: `#${CHANNELS.escalation}`,
      },
    });
    // campaign_uplift_v1 is left with one owner, who has left: its training set (owned by nobody) reaches no channel
    await w.ingest({
      entityType: 'mlModel',
      entityUrn: DEMO.models.campaignUplift,
      aspectName: 'ownership',
      aspect: {
        owners: [{ owner: DEMO.users.bob, type: 'TECHNICAL_OWNER' }],
        lastModified: { time: Date.now(), actor: 'urn:li:corpuser:datahub' },
      },
    });
    // stg_sessions is the platform team's too: two alerts for #data-platform-alerts in the first cycle
    await w.ingest({
      entityType: 'dataset',
      entityUrn: DEMO.datasets.stgSessions,
      aspectName: 'ownership',
      aspect: {
        owners: [
          { owner: DEMO.groups.dataPlatform, type: 'TECHNICAL_OWNER' },
          { owner: DEMO.users.carol, type: 'TECHNICAL_OWNER' },
        ],
        lastModified: { time: Date.now(), actor: 'urn:li:corpuser:datahub' },
      },
    });
    const serve = w.serve();
    await serve.ready;
    const fallback = () => w.parents(CHANNELS.fallback);
    await eventually(() => fallback().length >= 2 && w.parents(CHANNELS.dataPlatform).length >= 1, 'the first alerts');
    // nobody to route to: the fallback channel, with the alert as it is
    expect(fallback().filter((m) => textOf(m).includes('No owner: uplift_training_set'))).toHaveLength(1);
    // the owners' channel could not be posted to: the fallback channel, saying where it could not post
    const moved = fallback().filter((m) => textOf(m).includes('Target leakage'));
    expect(moved).toHaveLength(1);
    expect(textOf(moved[0]!)).toContain('could not post in #risk-ml-oncall (channel_not_found)');
    const risk = w.slack.channel(CHANNELS.riskMl)!.id;
    expect(w.slack.calls.filter((c) => c.method === 'conversations.join' && c.body.channel === risk)).toEqual([]);
    // two alerts for one channel in one cycle, more than digestAbove: one digest
    const digest = w.parents(CHANNELS.dataPlatform);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('Argos found 2 problems at once');
    expect(textOf(digest[0]!)).toContain('Upstream failure: stg_sessions');
    expect(textOf(digest[0]!)).toContain('Stale data: campaign_touches');
    expect(textOf(digest[0]!)).not.toContain('Target leakage');

    // someone takes up the stale table's incident in DataHub: that one is not escalated
    const incidents = await fetch(`${w.sim.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ entities(urns: ["${DEMO.datasets.campaignTouches}"]) { ... on Dataset { incidents(state: ACTIVE, start: 0, count: 10) { incidents { urn } } } } }`,
      }),
    }).then((r) => r.json() as Promise<{ data: { entities: { incidents: { incidents: { urn: string }[] } }[] } }>);
    const staleIncident = incidents.data.entities[0]!.incidents.incidents[0]!.urn;
    await fetch(`${w.sim.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation ($urn: String!) { updateIncidentStatus(urn: $urn, input: { state: ACTIVE, stage: INVESTIGATION, message: "on it" }) }',
        variables: { urn: staleIncident },
      }),
    });

    // nobody acknowledged the rest: each raised again once in its thread, and in the escalation channel
    const escalations = () => w.slack.messages.filter((m) => m.thread_ts && m.text.includes('nobody has acknowledged'));
    await eventually(() => w.parents(CHANNELS.escalation).length >= 3, 'the escalations', 60_000);
    await w.cycles(6);
    const notices = w.parents(CHANNELS.escalation);
    expect(notices.filter((m) => m.text.includes('Target leakage'))).toHaveLength(1);
    expect(notices.filter((m) => m.text.includes('No owner: uplift_training_set'))).toHaveLength(1);
    expect(notices.filter((m) => m.text.includes('Upstream failure: stg_sessions'))).toHaveLength(1);
    expect(notices.filter((m) => m.text.includes('Stale data'))).toEqual([]);
    const sessionsThread = escalations().filter(
      (m) => m.thread_ts === digest[0]!.ts && m.text.includes('Upstream failure: stg_sessions'),
    );
    expect(sessionsThread).toHaveLength(1);
    expect(sessionsThread[0]!.text).toContain(`<@${SLACK_IDS.carolFromDataHub}>`);
    expect(escalations().filter((m) => m.text.includes('Stale data'))).toEqual([]);
    expect(new Set(escalations().map((m) => `${m.channel}|${m.thread_ts}|${m.text.slice(0, 40)}`)).size).toBe(
      escalations().length,
    );
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);

  it('snooze: no alerts about a dataset or model until it ends, then one if still bad; unsnooze brings them back', async () => {
    const w = await world();
    answerUsersInfo(w.slack, [
      { id: 'U0ALICE01', name: 'alice', email: 'alice.chen@acmepay.example' },
      { id: 'U0CAROL01', name: 'carol', email: 'carol.diaz@acmepay.example' },
      { id: 'U0MALLORY', name: 'mallory', email: 'mallory@elsewhere.example' },
    ]);
    const serve = w.serve();
    await serve.ready;
    await eventually(() => w.parents(CHANNELS.riskMl).length >= 1, 'the first alerts');
    const command = async (text: string, user = 'U0ALICE01') => {
      const { id, url } = w.slack.responseUrl();
      const res = await sendSlashCommand(`${serve.http}/slack/events`, {
        text,
        responseUrl: url,
        secret: SECRET,
        user,
      });
      expect(res.status).toBe(200);
      return w.slack.posted(id) as Promise<{ text: string; response_type: string }>;
    };
    // only its owners silence it (issue 37): not another team, not someone DataHub does not know
    const notHers = await command('snooze analytics.stg_transactions 10s');
    expect(notHers.response_type).toBe('ephemeral');
    expect(notHers.text).toContain('Only the owners of the dataset `analytics.stg_transactions` may snooze its alerts');
    expect(notHers.text).toContain('Carol Diaz');
    const stranger = await command('snooze customer_ltv_v2 1h', 'U0MALLORY');
    expect(stranger.text).toContain('DataHub has no user with your email');
    const snoozed = await command('snooze analytics.stg_transactions 10s', 'U0CAROL01');
    expect(snoozed.response_type).toBe('in_channel');
    expect(snoozed.text).toContain(
      "<@U0CAROL01> snoozed Argos's alerts about the dataset `analytics.stg_transactions`",
    );
    const ltv = await command('snooze customer_ltv_v2 1h');
    expect(ltv.text).toContain('about the model `customer_ltv_v2`');
    expect((await command('snooze no_such_thing 1h')).text).toContain('no model or dataset named');

    const failure = (channel: string) => withText(w, channel, 'Upstream failure: stg_transactions');
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await w.cycles(3);
    expect(failure(CHANNELS.dataPlatform)).toEqual([]);
    expect(failure(CHANNELS.mlPlatform)).toEqual([]);
    // the dataset's snooze ends with the failure still there: one alert, saying so; the model stays snoozed
    // each channel is delivered on its own: wait for both before counting
    await eventually(
      () => failure(CHANNELS.dataPlatform).length >= 1 && failure(CHANNELS.riskMl).length >= 1,
      'the alert once the snooze ended',
      30_000,
    );
    expect(failure(CHANNELS.dataPlatform)).toHaveLength(1);
    expect(textOf(failure(CHANNELS.dataPlatform)[0]!)).toContain(
      "<@U0CAROL01>'s snooze on the dataset `analytics.stg_transactions` is over",
    );
    expect(failure(CHANNELS.riskMl)).toHaveLength(1);
    await w.cycles(4);
    expect(failure(CHANNELS.mlPlatform)).toEqual([]);
    expect(failure(CHANNELS.dataPlatform)).toHaveLength(1);
    const unsnoozed = await command('unsnooze customer_ltv_v2');
    expect(unsnoozed.text).toContain('unsnoozed `customer_ltv_v2`');
    await eventually(() => failure(CHANNELS.mlPlatform).length === 1, 'the model’s alert after unsnooze', 30_000);
    await w.cycles(3);
    expect(failure(CHANNELS.mlPlatform)).toHaveLength(1);
    expect(failure(CHANNELS.dataPlatform)).toHaveLength(1);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);

  it('Slack down: cycles go on; every alert is delivered when it is back, in order, through 429s; a refused one is kept and counted', async () => {
    const w = await world({ env: { JANUS_SLACK_CHANNEL_GAP_MS: '0' } });
    w.slack.perChannelPerSecond = 1;
    const serve = w.serve();
    await serve.ready;
    await eventually(
      () => w.parents(CHANNELS.growthMl).length >= 3 && w.parents(CHANNELS.dataPlatform).length >= 1,
      'the first alerts',
    );
    // Janus did not pace itself here: Slack's 429s did, and nothing was lost
    expect(w.slack.calls.filter((c) => c.status === 429).length).toBeGreaterThan(0);

    w.slack.down = true;
    const before = await w.state.lastCycle();
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await w.cycles(3);
    await w.ingest(stgTransactionsCheck('SUCCESS'));
    await w.cycles(3);
    // the cycles did not wait for Slack
    expect((await w.state.lastCycle())!.id).not.toBe(before!.id);
    expect(withText(w, CHANNELS.dataPlatform, 'stg_transactions')).toEqual([]);
    const health = (await fetch(`${serve.http}/healthz`).then((r) => r.json())) as { status: string };
    expect(health.status).toBe('ok');

    // back, with a burst of 429s first: the alert, then its recovery in its thread, then the parent resolved
    w.slack.rateLimit('chat.postMessage', 1, 3);
    w.slack.down = false;
    const parent = async () =>
      (await eventually(
        () => withText(w, CHANNELS.dataPlatform, 'Upstream failure: stg_transactions')[0],
        'the alert',
        60_000,
      ))!;
    const p = await parent();
    await eventually(
      () => w.slack.replies(CHANNELS.dataPlatform, p.ts).length >= 1 && p.text.startsWith('Resolved'),
      'the recovery',
      60_000,
    );
    const replies = w.slack.replies(CHANNELS.dataPlatform, p.ts);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toContain('Argos stands down');
    expect(replies[0]!.at).toBeGreaterThan(p.at);
    for (const channel of [CHANNELS.mlPlatform, CHANNELS.riskMl]) {
      const m = await eventually(() => withText(w, channel, 'stg_transactions')[0], `the alert in ${channel}`, 60_000);
      await eventually(() => w.slack.replies(channel, m.ts).length === 1, `the recovery in ${channel}`, 60_000);
    }

    // a message Slack refuses for good: kept as a failed job with the reason, counted in /metrics, never retried
    w.slack.fail('chat.postMessage', 'invalid_blocks', 1);
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await eventually(
      async () =>
        (await fetch(`${serve.http}/metrics`).then((r) => r.text())).match(
          /janus_slack_failed_total\{reason="invalid_blocks"\} 1/,
        )
          ? true
          : false,
      'the failure counted',
      60_000,
    );
    const queue = new Queue(QUEUES.slack, { connection: { url: REDIS_URL }, prefix: w.prefix });
    const failed = await queue.getFailed();
    await queue.close();
    expect(failed.map((j) => j.failedReason)).toEqual(['Slack refused the message: invalid_blocks']);
    const metrics = await fetch(`${serve.http}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/janus_slack_rate_limited_total [1-9]/);
    expect(metrics).toMatch(/janus_queue_jobs\{queue="slack",state="failed"\} 1/);
    expect(w.problems()).toEqual([]);
  }, 180_000);
});
