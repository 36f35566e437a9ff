import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { RedisVerdictHistory } from '../../src/history/index.js';
import { reportPath } from '../../src/core/links.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { BOT, startFakeSlack, blockProblems, type FakeSlack } from './fake-slack.js';
import { SECRET, startJanusWithSlack, type JanusWithSlack } from './harness.js';
import { sendInteraction, sendSlashCommand, sign } from './slash-command.js';
import { Registry } from 'prom-client';
import { startService } from '../../src/compose/service.js';
import { cycleSchema } from '../../src/config/cycle.js';
import { createLogger } from '../../src/log.js';
import { eventually } from '../support/service.js';
import { demoScore, demoScoreLine } from '../support/demo-verdicts.js';

/**
 * The `/janus` commands through real Bolt (signed requests), the simulator and a fake Slack, with Redis under a
 * prefix of the test's own: each command, its errors, candidates as buttons, and link unfurls.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FRAUD = DEMO.modelNames.fraud;
const FRAUD_URN = DEMO.models.fraud;
const UI = 'http://datahub-ui.test:9002';
const ALICE = 'U0ALICE01';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack messages read loosely
const textOf = (m: Json): string => `${m.text}\n${JSON.stringify(m.blocks)}`;

let sim: RunningSim;
let slack: FakeSlack;
let janus: JanusWithSlack;
let redis: Redis;
const prefix = `janus-test-cmd-${randomUUID()}`;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  const client = createDataHubClient({ url: sim.url });
  // a scan with write-back: Janus's incidents in DataHub, every verdict in the history
  const scan = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})) }, 'all');
  expect(scan.failed).toEqual([]);
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const history = new RedisVerdictHistory(redis, { prefix: `${prefix}:` });
  const hour = 3_600_000;
  for (const v of scan.verdicts) {
    // two earlier scans, the model doing better then: a trend to draw
    for (const [ago, better] of [
      [2, 15],
      [1, 8],
    ] as const)
      await history.record({
        ...v,
        score: Math.min(100, v.score + better),
        band: v.score + better >= 90 ? 'trusted' : 'caution',
        scannedAt: new Date(Date.parse(v.scannedAt) - ago * hour).toISOString(),
      });
    await history.record(v);
  }
  slack = await startFakeSlack();
  slack.methods['users.info'] = (b) =>
    b.user === ALICE
      ? { ok: true, user: { id: ALICE, is_bot: false, profile: { email: 'alice.chen@acmepay.example' } } }
      : { ok: false, error: 'user_not_found' };
  slack.methods['chat.unfurl'] = () => ({ ok: true });
  janus = await startJanusWithSlack({
    datahub: sim.url,
    slack,
    history,
    redis,
    env: { JANUS_REDIS_PREFIX: prefix, JANUS_DATAHUB_UI_URL: UI, JANUS_SLACK_FALLBACK_CHANNEL: '#janus-alerts' },
  });
});
afterAll(async () => {
  await janus?.close();
  await slack?.close();
  await sim?.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});
afterEach(() => {
  expect(slack.unexpected).toEqual([]);
});

/** `/janus <text>`: the ack, and the messages Janus posts to the response URL. */
async function command(text: string, user = ALICE) {
  const { id, url } = slack.responseUrl();
  const res = await sendSlashCommand(janus.endpoint, { text, responseUrl: url, secret: SECRET, user });
  expect(res.status).toBe(200);
  const body = await res.text();
  return {
    ack: body ? (JSON.parse(body) as Json) : undefined,
    reply: () => slack.posted(id) as Promise<Json>,
    id,
  };
}

describe('usage', () => {
  it('help lists every command, and says answers are private unless --public', async () => {
    const { ack } = await command('help');
    for (const c of ['trust', 'history', 'at-risk', 'owners', 'scan', 'watch', 'unwatch', 'watching', 'snooze'])
      expect(textOf(ack!)).toContain(`/janus ${c}`);
    expect(textOf(ack!)).toContain('--public');
    expect(ack!.response_type).toBe('ephemeral');
  });

  it.each([
    ['trust', '/janus trust <model|dataset>'],
    ['history a b', '/janus history <model>'],
    ['owners', '/janus owners <model|dataset>'],
    ['scan', '/janus scan <model>|all'],
    ['watch', '/janus watch <model|dataset>'],
    ['unwatch a b', '/janus unwatch <model|dataset>'],
    ['watching too', '/janus watching'],
    ['at-risk now', '/janus at-risk'],
    ['trust fraud --loud', '/janus trust <model|dataset>'],
  ])('"%s": an ephemeral usage line in the ack, nothing asked of DataHub', async (text, usage) => {
    sim.resetStats();
    const { ack } = await command(text);
    expect(ack?.response_type).toBe('ephemeral');
    expect(textOf(ack!)).toContain(`*Usage:* \`${usage.replace(/</g, '&lt;').replace(/>/g, '&gt;')}\``);
    expect(sim.stats().requests).toBe(0);
  });

  it('an unknown command: the usage of every command', async () => {
    const { ack } = await command('frobnicate');
    expect(ack?.text).toContain('Argos does not know `/janus frobnicate`');
    expect(textOf(ack!)).toContain('/janus at-risk');
  });
});

describe('/janus trust', () => {
  it('answers the asker alone: verdict, trend from history, open incidents with their buttons', async () => {
    const m = await (await command(`trust ${FRAUD}`)).reply();
    expect(m.response_type).toBe('ephemeral');
    expect(m.text).toContain(demoScoreLine('fraud'));
    expect(textOf(m)).toContain('Trend: ');
    expect(textOf(m)).toContain('95 → 80 over 3 scans');
    expect(textOf(m)).toContain('janus.incident.ack');
    expect(textOf(m)).toContain('urn:li:incident:');
    expect(blockProblems(m.blocks)).toEqual([]);
  });

  it('--public answers in the channel', async () => {
    const m = await (await command(`trust ${FRAUD} --public`)).reply();
    expect(m.response_type).toBe('in_channel');
  });

  it('a name only one model matches is answered for that model, saying which', async () => {
    const m = await (await command('trust fraud')).reply();
    expect(m.text).toContain(demoScoreLine('fraud'));
    expect(textOf(m)).toContain('`fraud` matches one model in DataHub, *fraud_detector_v4*: this answer is for it.');
    expect(textOf(m)).not.toContain('Name one by its urn');
  });

  it('several matches: the candidates as buttons; picking one answers the same command for it', async () => {
    const m = await (await command('trust v2 --public')).reply();
    expect(m.response_type).toBe('ephemeral');
    expect(m.text).toBe('`v2` matches 2 models in DataHub. Pick one:');
    const buttons = m.blocks.find((b: Json) => b.type === 'actions').elements as Json[];
    expect(buttons.map((b) => b.text.text)).toEqual(['churn_predictor_v2', 'customer_ltv_v2']);
    const ltv = buttons[1]!;
    expect(ltv.value).toBe(`trust ${DEMO.models.customerLtv} --public`);
    const { id, url } = slack.responseUrl();
    const res = await sendInteraction(janus.endpoint, SECRET, {
      type: 'block_actions',
      user: { id: ALICE, username: 'alice', team_id: BOT.teamId },
      team: { id: BOT.teamId, domain: 'janus-test' },
      api_app_id: 'A0JANUS01',
      token: 'legacy',
      trigger_id: '1.2.3',
      response_url: url,
      container: { type: 'message', is_ephemeral: true },
      actions: [{ type: 'button', action_id: ltv.action_id, block_id: 'janus.pick', value: ltv.value, action_ts: '1' }],
    });
    expect(res.status).toBe(200);
    const picked = (await slack.posted(id)) as Json;
    expect(picked.text).toContain('customer_ltv_v2 scores');
    expect(picked.response_type).toBe('in_channel');
  });

  it('no such model: the closest names as buttons', async () => {
    const m = await (await command('history fraud_detektor_v4')).reply();
    expect(m.text).toContain('Argos finds no model named `fraud_detektor_v4`');
    const button = m.blocks.find((b: Json) => b.type === 'actions').elements[0];
    expect(button.value).toBe(`history ${FRAUD_URN}`);
  });
});

describe('/janus history and at-risk: from the scan history', () => {
  it('history: the scores newest first, with the trend', async () => {
    const m = await (await command(`history ${FRAUD_URN}`)).reply();
    expect(m.response_type).toBe('ephemeral');
    // the two earlier scans seeded above: the golden score + 15, + 8
    const score = demoScore('fraud');
    expect(m.text).toBe(`fraud_detector_v4: ${score}/100, at risk, over 3 scans`);
    const rows = textOf(m);
    expect(rows.indexOf(`*${score}*`)).toBeLessThan(rows.indexOf(`*${score + 8}*`));
    expect(rows).toContain('(from caution)');
    expect(rows).toContain(`${score + 15} → ${score} over 3 scans`);
  });

  it('at-risk: every model not trusted, worst first, each linking its report; no DataHub request', async () => {
    sim.resetStats();
    const m = await (await command('at-risk')).reply();
    expect(sim.stats().requests).toBe(0);
    const text = textOf(m);
    expect(text).toContain(`${janus.url}${reportPath(FRAUD_URN)}`);
    const rows = [...text.matchAll(/\|([a-z_0-9]+)> {2}(\d+)\/100/g)].map((x) => ({ name: x[1], score: Number(x[2]) }));
    expect(rows.map((r) => r.name)).toContain('fraud_detector_v4');
    expect(rows.map((r) => r.score)).toEqual([...rows.map((r) => r.score)].sort((a, b) => a - b));
    expect(m.text).toMatch(/^\d+ models are not trusted, worst first$/);
  });
});

describe('/janus owners', () => {
  it('a model: its owners, the channel its alerts go to, whom they mention, the unowned tables upstream', async () => {
    const m = await (await command(`owners ${DEMO.modelNames.campaignUplift}`)).reply();
    const text = textOf(m);
    expect(text).toContain('*Owners:*');
    expect(text).toContain('#growth-ml-alerts');
    expect(text).toContain('*Nobody owns, upstream:* `uplift_training_set`');
  });

  it('a dataset by name', async () => {
    const m = await (await command('owners analytics.stg_sessions')).reply();
    expect(textOf(m)).toContain('(dataset)');
    expect(textOf(m)).toContain('*Alerts go to:*');
  });
});

describe('/janus watch', () => {
  it('watch, watching, unwatch: private answers, kept in Redis', async () => {
    expect((await (await command(`watch ${FRAUD}`)).reply()).text).toContain('You are watching the model');
    expect((await (await command(`watch ${FRAUD}`)).reply()).text).toBe('You already watch *fraud_detector_v4*.');
    expect(await redis.smembers(`${prefix}:watch:of:${FRAUD_URN}`)).toEqual([ALICE]);
    expect(textOf(await (await command('watching')).reply())).toContain('*fraud_detector_v4* (model)');
    expect((await (await command(`unwatch ${FRAUD}`)).reply()).text).toContain('You no longer watch');
    expect((await (await command(`unwatch ${FRAUD}`)).reply()).text).toContain('You were not watching');
    expect((await (await command('watching')).reply()).text).toContain('You watch nothing');
  });
});

describe('/janus scan', () => {
  it('queues a cycle on the cycle queue and says so at once', async () => {
    const m = await (await command(`scan ${FRAUD}`)).reply();
    expect(m.text).toContain('A cycle judging *fraud_detector_v4* again is queued');
    const jobs = await redis.keys(`${prefix}:cycle:manual-*`);
    expect(jobs.length).toBeGreaterThan(0);
    const data = JSON.parse(
      (await redis.hget(
        jobs.find((k) => !k.endsWith(':lock'))!,
        'data',
      ))!,
    ) as Json;
    expect(data).toEqual({ trigger: 'manual', full: false, models: [FRAUD_URN] });
  });

  it('posts the outcome to the same response URL once a worker has run the cycle', async () => {
    const service = await startService({
      redisUrl: REDIS_URL,
      prefix,
      cycle: cycleSchema.parse({ interval: '1h' }),
      client: createDataHubClient({ url: sim.url }),
      policy: judgePolicy(judgeSchema.parse({})),
      logger: createLogger({ level: 'silent' }),
      registry: new Registry(),
      scheduler: false,
      workers: true,
    });
    try {
      const c = await command(`scan ${FRAUD}`);
      expect((await c.reply()).text).toContain('is queued');
      const outcome = await eventually(
        () => slack.responses.filter((r) => r.id === c.id)[1]?.body as Json | undefined,
        'the outcome of the cycle at the response URL',
        60_000,
      );
      expect(outcome.text).toMatch(/^:white_check_mark: Cycle done: \d+ models? judged, \d+ changes? to tell\./);
      expect(outcome.text).toMatch(/\*fraud_detector_v4\*: \d+\/100/);
      expect(outcome.replace_original).not.toBe(true);
    } finally {
      await service.close(5_000);
    }
  });
});

/** A signed `link_shared` event, as Slack posts it. */
async function linkShared(urls: string[]) {
  const body = JSON.stringify({
    token: 'legacy',
    team_id: BOT.teamId,
    api_app_id: 'A0JANUS01',
    type: 'event_callback',
    event_id: `Ev${randomUUID().slice(0, 8)}`,
    event_time: Math.floor(Date.now() / 1000),
    event: {
      type: 'link_shared',
      channel: 'C0MLOPS01',
      is_bot_user_member: true,
      user: ALICE,
      message_ts: '1700000123.000200',
      unfurl_id: `U${randomUUID()}`,
      source: 'conversations_history',
      event_ts: '1700000123.000300',
      links: urls.map((url) => ({ url, domain: new URL(url).hostname })),
    },
  });
  const ts = Math.floor(Date.now() / 1000);
  const res = await fetch(janus.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': sign(SECRET, ts, body),
    },
    body,
  });
  expect(res.status).toBe(200);
}

const unfurls = () => slack.calls.filter((c) => c.method === 'chat.unfurl');

describe('link unfurls', () => {
  it('a DataHub model link: one chat.unfurl with the card, from history, no DataHub request', async () => {
    const before = unfurls().length;
    sim.resetStats();
    const url = `${UI}/mlModels/${encodeURIComponent(FRAUD_URN)}`;
    await linkShared([url]);
    await expect.poll(() => unfurls().length).toBe(before + 1);
    const call = unfurls().at(-1)!;
    expect(call.body.source).toBe('conversations_history');
    const card = JSON.parse(call.body.unfurls!) as Record<string, { blocks: Json[] }>;
    expect(Object.keys(card)).toEqual([url]);
    const text = JSON.stringify(card[url]!.blocks);
    expect(text).toContain('*fraud_detector_v4*: *80*/100, at risk');
    expect(text).toContain('*Top finding:* critical');
    expect(text).toContain('*Open incidents:*');
    expect(text).toContain('Open report');
    expect(text).toContain(`${janus.url}${reportPath(FRAUD_URN)}`);
    expect(blockProblems(card[url]!.blocks)).toEqual([]);
    expect(sim.stats().requests).toBe(0);
  });

  it('a model never judged says so; a dataset and a Janus report link unfurl too; other links do not', async () => {
    const before = unfurls().length;
    const unknown = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,never_seen_v1,PROD)';
    const links = [
      `${UI}/mlModels/${encodeURIComponent(unknown)}`,
      `${UI}/dataset/${encodeURIComponent(DEMO.datasets.upliftTrainingSet)}/Schema`,
      `${janus.url}${reportPath(FRAUD_URN)}`,
    ];
    await linkShared([...links, `${UI}/glossary/terms`]);
    await expect.poll(() => unfurls().length).toBe(before + 1);
    const card = JSON.parse(unfurls().at(-1)!.body.unfurls!) as Record<string, { blocks: Json[] }>;
    expect(Object.keys(card).sort()).toEqual([...links].sort());
    expect(JSON.stringify(card[links[0]!])).toContain('Janus has never judged this model');
    expect(JSON.stringify(card[links[1]!])).toContain('uplift_training_set has no owner.');
    expect(JSON.stringify(card[links[2]!])).toContain('fraud_detector_v4');
    const none = unfurls().length;
    await linkShared([`${UI}/glossary/terms`]);
    await linkShared([`${UI}/mlModels/${encodeURIComponent(FRAUD_URN)}`]);
    await expect.poll(() => unfurls().length).toBe(none + 1);
  });
});
