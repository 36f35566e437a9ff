import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { eventually } from '../support/service.js';
import { alertsWorlds, CHANNELS, SLACK_IDS, stgTransactionsCheck, textOf, type AlertsWorld } from './alerts-setup.js';
import type { FakeSlack } from './fake-slack.js';
import { SECRET } from './harness.js';
import { sendSlashCommand } from './slash-command.js';
import { demoScore } from '../support/demo-verdicts.js';

/**
 * `/janus watch`, `unwatch`, `watching` and `scan` against `janus serve` (Slack on, Redis, the simulator): a watcher's
 * DM gets the next transition of what they watch, threaded like the channels; after unwatch it does not; a watcher
 * DataHub suspends has their watches lapse. A scan asked for in Slack runs a cycle and posts its outcome.
 */

const world = alertsWorlds();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack payloads read loosely

/** Members `users.info` knows (the watchers), and DM channels `conversations.open` opens, as Slack does. */
function withWatchMethods(slack: FakeSlack, members: Record<string, string>): void {
  slack.methods['users.info'] = (b) => {
    const email = members[b.user ?? ''];
    if (!email) return { ok: false, error: 'user_not_found' };
    return { ok: true, user: { id: b.user, name: email.split('@')[0], is_bot: false, profile: { email } } };
  };
  slack.methods['conversations.open'] = (b) => {
    const user = b.users ?? '';
    const id = `D${user.slice(1)}`;
    if (!slack.channels.has(id)) slack.addChannel({ name: `dm-${user}`, id });
    return { ok: true, channel: { id } };
  };
}

/** `/janus <text>` as `user`: every message Janus posts to the command's response URL, as they arrive. */
async function command(w: AlertsWorld, endpoint: string, text: string, user: string) {
  const { id, url } = w.slack.responseUrl();
  const res = await sendSlashCommand(endpoint, { text, responseUrl: url, secret: SECRET, user });
  expect(res.status).toBe(200);
  const body = await res.text();
  const replies = () => w.slack.responses.filter((r) => r.id === id).map((r) => r.body as Json);
  const reply = async (n = 1) => {
    await eventually(() => replies().length >= n, `reply ${n} to /janus ${text}`);
    return replies()[n - 1]!;
  };
  return { ack: body ? (JSON.parse(body) as Json) : undefined, reply, replies };
}

const suspended = (urn: string) => ({
  entityType: 'corpuser',
  entityUrn: urn,
  aspectName: 'corpUserStatus',
  aspect: { status: 'SUSPENDED', lastModified: { time: Date.now(), actor: 'urn:li:corpuser:okta' } },
});

describe('/janus watch against janus serve', () => {
  it("a watcher's DM gets the next transition, threaded; unwatched, nothing more; a scan reports its cycle", async () => {
    const w = await world({
      channels: (slack) =>
        withWatchMethods(slack, {
          [SLACK_IDS.erin]: 'erin.walsh@acmepay.example',
          U0STRANGER: 'stranger@elsewhere.example',
        }),
      // DataHub is asked again whether a watcher is still active at most every 100 ms
      env: { JANUS_SLACK_USER_CACHE_TTL: '0.1s' },
    });
    const serve = w.serve();
    await serve.ready;
    const endpoint = `${serve.http}/slack/events`;
    await eventually(() => w.parents(CHANNELS.riskMl).length >= 1, 'the first alerts');
    await w.cycles(2);

    // erin (growth) watches a risk model she does not own
    const watch = await command(w, endpoint, `watch ${DEMO.modelNames.fraud}`, SLACK_IDS.erin);
    expect(watch.ack).toBeUndefined();
    const watched = await watch.reply();
    expect(watched.response_type).toBe('ephemeral');
    expect(watched.text).toContain('You are watching the model *fraud_detector_v4*');
    const listed = await (await command(w, endpoint, 'watching', SLACK_IDS.erin)).reply();
    expect(textOf(listed as never)).toContain('fraud_detector_v4');
    // someone DataHub does not know may watch too, and is told Argos cannot see them leave
    const stranger = await (await command(w, endpoint, `watch ${DEMO.datasets.stgTransactions}`, 'U0STRANGER')).reply();
    expect(textOf(stranger as never)).toContain('does not find you in DataHub');

    // the next transition of fraud_detector_v4: a failing check upstream of it
    await w.ingest(stgTransactionsCheck('FAILURE'));
    const dm = `D${SLACK_IDS.erin.slice(1)}`;
    await eventually(
      () => w.parents(dm).some((m) => textOf(m).includes('Upstream failure: stg_transactions')),
      "the alert in erin's DM",
    );
    const alert = w.parents(dm).find((m) => textOf(m).includes('Upstream failure: stg_transactions'))!;
    expect(textOf(alert)).toContain('fraud_detector_v4');
    expect(w.slack.calls.filter((c) => c.method === 'conversations.open').map((c) => c.body.users)).toContain(
      SLACK_IDS.erin,
    );
    // the dataset's watcher hears of it too, with every model it hurts
    const strangerDm = 'D0STRANGER';
    await eventually(() => w.parents(strangerDm).length === 1, "the alert in the dataset watcher's DM");
    expect(textOf(w.parents(strangerDm)[0]!)).toContain('customer_ltv_v2');

    // erin stops watching; the check passes again: the channels hear Argos stand down, erin's DM does not
    const unwatched = await (await command(w, endpoint, `unwatch ${DEMO.modelNames.fraud}`, SLACK_IDS.erin)).reply();
    expect(unwatched.text).toContain('You no longer watch *fraud_detector_v4*');
    await w.ingest(stgTransactionsCheck('SUCCESS'));
    const channelAlert = w
      .parents(CHANNELS.dataPlatform)
      .find((m) => textOf(m).includes('Upstream failure: stg_transactions'))!;
    await eventually(
      () => w.slack.replies(CHANNELS.dataPlatform, channelAlert.ts).some((r) => r.text.includes('Argos stands down')),
      'the recovery in the channel',
    );
    await eventually(
      () => w.slack.replies(strangerDm, w.parents(strangerDm)[0]!.ts).some((r) => r.text.includes('stands down')),
      "the recovery in the dataset watcher's thread",
    );
    expect(w.slack.replies(dm, alert.ts)).toEqual([]);
    expect(w.parents(dm)).toHaveLength(1);

    // a scan of one model, asked in Slack: said at once, the outcome once the cycle ran
    const scan = await command(w, endpoint, `scan ${DEMO.modelNames.fraud}`, SLACK_IDS.erin);
    expect((await scan.reply(1)).text).toContain('A cycle judging *fraud_detector_v4* again is queued');
    const outcome = await scan.reply(2);
    expect(outcome.text).toContain('Cycle done');
    expect(outcome.text).toContain(`*fraud_detector_v4*: ${demoScore('fraud')}/100`);

    // the stranger's DataHub twin: erin watches again, then DataHub suspends her: her watches lapse
    await (await command(w, endpoint, `watch ${DEMO.datasets.stgTransactions}`, SLACK_IDS.erin)).reply();
    await w.ingest(suspended(DEMO.users.erin));
    await w.ingest(stgTransactionsCheck('FAILURE'));
    await eventually(() => w.parents(strangerDm).length === 2, "the next alert in the stranger's DM");
    expect(w.parents(dm)).toHaveLength(1);
    const after = await (await command(w, endpoint, 'watching', SLACK_IDS.erin)).reply();
    expect(after.text).toContain('You watch nothing');
    expect(serve.logs.some((l) => l.msg === 'watcher is suspended in DataHub: their watches lapse')).toBe(true);
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  });
});
