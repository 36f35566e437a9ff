import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { RedisVerdictHistory } from '../../src/history/index.js';
import { answerUsersInfo, blockProblems, startFakeSlack, type FakeSlack } from './fake-slack.js';
import { SECRET, startJanusWithSlack, type JanusWithSlack } from './harness.js';
import { callsOf } from './incident-slack.js';
import { sendEvent, sendSlashCommand } from './slash-command.js';

/**
 * Issue 37, point 5: the people upstream of the models (table owners, data engineers) are served. Through real Bolt
 * (signed requests), the simulator after a scan with write-back (Janus's incidents in DataHub) and a fake Slack, with
 * Redis under a prefix of the test's own: dataset unfurls, Carol's App Home, `/janus trust <dataset>`, `/janus search`.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const UI = 'http://datahub-ui.test:9002';
const ALICE = 'U0ALICE01';
const CAROL = 'U1CAROL99';
const STG_SESSIONS = DEMO.datasets.stgSessions;
const FCT = DEMO.datasets.fctTransactions;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack messages read loosely
const textOf = (m: Json): string => `${m.text}\n${JSON.stringify(m.blocks)}`;

/** A person's incident, raised in DataHub (not by Janus): its description records no finding key. */
const humanIncident = (id: string, on: string, title: string): Proposal => ({
  entityType: 'incident',
  entityUrn: `urn:li:incident:${id}`,
  aspectName: 'incidentInfo',
  aspect: {
    type: 'OPERATIONAL',
    title,
    description: 'Raised by a person in DataHub.',
    entities: [on],
    status: { state: 'ACTIVE', lastUpdated: { time: Date.now() - 60_000, actor: 'urn:li:corpuser:carol.diaz' } },
    source: { type: 'MANUAL' },
    created: { time: Date.now() - 60_000, actor: 'urn:li:corpuser:carol.diaz' },
  },
});

let sim: RunningSim;
let slack: FakeSlack;
let janus: JanusWithSlack;
let redis: Redis;
const prefix = `janus-test-upstream-${randomUUID()}`;

beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  const client = createDataHubClient({ url: sim.url });
  // a scan with write-back: Janus's incidents in DataHub (one on stg_sessions, whose build failed), every verdict kept
  const scan = await writeBackModels({ client, policy: judgePolicy(judgeSchema.parse({})) }, 'all');
  expect(scan.failed).toEqual([]);
  // people's incidents too: one more on stg_sessions, one on a table of Carol's
  const ingested = await ingestProposalBatch(sim.url, [
    humanIncident('late-sessions', STG_SESSIONS, 'Sessions arrive late from the tracker'),
    humanIncident('fct-dupes', FCT, 'Duplicate transactions in fct_transactions'),
  ]);
  expect(ingested.status).toBe(200);
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const history = new RedisVerdictHistory(redis, { prefix: `${prefix}:` });
  for (const v of scan.verdicts) await history.record(v);
  slack = await startFakeSlack();
  answerUsersInfo(slack, [
    { id: ALICE, name: 'Alice Chen', email: 'alice.chen@acmepay.example' },
    { id: CAROL, name: 'Carol Diaz', email: 'carol.diaz@acmepay.example' },
  ]);
  slack.methods['chat.unfurl'] = () => ({ ok: true });
  slack.methods['views.publish'] = (b) => ({ ok: true, view: { id: 'VHOME', ...JSON.parse(b.view ?? '{}') } });
  janus = await startJanusWithSlack({
    datahub: sim.url,
    slack,
    history,
    redis,
    env: { JANUS_REDIS_PREFIX: prefix, JANUS_DATAHUB_UI_URL: UI },
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

async function command(text: string, user = ALICE): Promise<Json> {
  const { id, url } = slack.responseUrl();
  const res = await sendSlashCommand(janus.endpoint, { text, responseUrl: url, secret: SECRET, user });
  expect(res.status).toBe(200);
  return (await slack.posted(id)) as Json;
}

/** The card `chat.unfurl` was given for one pasted DataHub link. */
async function unfurled(url: string): Promise<Json[]> {
  const before = callsOf(slack, 'chat.unfurl').length;
  const res = await sendEvent(janus.endpoint, SECRET, {
    type: 'link_shared',
    channel: 'C0MLOPS01',
    user: ALICE,
    message_ts: '1700000123.000200',
    unfurl_id: `U${randomUUID()}`,
    source: 'conversations_history',
    links: [{ url, domain: new URL(url).hostname }],
  });
  expect(res.status).toBe(200);
  await expect.poll(() => callsOf(slack, 'chat.unfurl').length).toBe(before + 1);
  const unfurls = JSON.parse(callsOf(slack, 'chat.unfurl').at(-1)!.unfurls as string) as Record<string, Json>;
  expect(Object.keys(unfurls)).toEqual([url]);
  return unfurls[url]!.blocks as Json[];
}

const datasetLink = (urn: string) => `${UI}/dataset/${encodeURIComponent(urn)}`;

describe('a dataset link unfurls the truth', () => {
  it('stg_sessions: its open incidents, Janus’s and a person’s, the failed run rooted there and the model it hurts', async () => {
    const blocks = await unfurled(datasetLink(STG_SESSIONS));
    const card = JSON.stringify(blocks);
    expect(card).not.toContain('No model Janus judged has a finding');
    expect(card).toContain(':large_yellow_circle: *stg_sessions*: 2 open incidents, 1 finding, hurting 1 model');
    expect(card).toContain('Sessions arrive late from the tracker · raised in DataHub');
    expect(card).toContain('raised by Janus');
    expect(card).toContain('*Top finding:*');
    expect(card).toContain('build_stg_sessions');
    expect(card).toContain('*Hurts:* session_intent_v1');
    expect(card).toContain("Open session_intent_v1's report");
    expect(blockProblems(blocks)).toEqual([]);
  });

  it('a dataset DataHub does not hold: not in DataHub, never green', async () => {
    const ghost = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.no_such_table,PROD)';
    const card = JSON.stringify(await unfurled(datasetLink(ghost)));
    expect(card).toContain('not in DataHub');
    expect(card).not.toContain(':large_green_circle:');
  });
});

describe("Carol's App Home: the incidents on the tables she owns", () => {
  it('owns no model, yet lists the open incidents on her tables (Janus’s and a person’s), with their buttons', async () => {
    const before = callsOf(slack, 'views.publish').length;
    const opened = await sendEvent(janus.endpoint, SECRET, {
      type: 'app_home_opened',
      user: CAROL,
      channel: 'D0CAROL01',
      tab: 'home',
    });
    expect(opened.status).toBe(200);
    await expect.poll(() => callsOf(slack, 'views.publish').length).toBeGreaterThan(before);
    const view = callsOf(slack, 'views.publish').at(-1)!;
    expect(view.user_id).toBe(CAROL);
    const home = view.view as { blocks: Json[] };
    const text = JSON.stringify(home.blocks);
    expect(text).toContain('*You own no model in DataHub.* You own ');
    expect(text).toContain('Open incidents on your models and tables* (3)');
    // the two tables whose Janus incidents paged her (she owns them through data-platform), and a person's on fct
    expect(text).toContain('campaign_touches is past its freshness SLA*\\non your table *campaign_touches*');
    expect(text).toMatch(/Target leakage[^"]*\*\\non your table \*stg_chargebacks\*/);
    expect(text).toContain('Duplicate transactions in fct_transactions*\\non your table *fct_transactions*');
    expect(text).toContain('urn:li:incident:fct-dupes');
    expect(text).toContain('janus.incident.ack');
    // stg_sessions is Erin's table, not Carol's
    expect(text).not.toContain('Sessions arrive late');
    expect(home.blocks.length).toBeLessThanOrEqual(100);
  });
});

describe('/janus trust <dataset>', () => {
  it('answers for the dataset: what is wrong there, its open incidents with buttons, the models it hurts', async () => {
    const m = await command('trust analytics.stg_sessions');
    const text = textOf(m);
    expect(text).not.toContain('Closest');
    expect(text).not.toContain('Pick one');
    expect(m.text).toContain('analytics.stg_sessions: 2 open incidents, 1 finding, hurting 1 model');
    expect(text).toContain('*What is wrong here*');
    expect(text).toContain('build_stg_sessions');
    expect(text).toContain('*Open incidents* (2)');
    expect(text).toContain('urn:li:incident:late-sessions');
    expect(text).toContain('janus.incident.ack');
    expect(text).toContain('*Models it hurts* (1)');
    expect(text).toMatch(/session_intent_v1> {2}\*\d+\*\/100, (caution|at risk)/);
    expect(text).toContain('Open in DataHub');
    expect(blockProblems(m.blocks)).toEqual([]);
  });

  it('a dataset urn DataHub does not hold: not in DataHub', async () => {
    const m = await command('trust urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.no_such_table,PROD)');
    expect(m.text).toBe('no_such_table: not in DataHub (no dataset has this urn)');
  });

  it('a model’s exact name still answers for the model', async () => {
    const m = await command(`trust ${DEMO.modelNames.fraud}`);
    expect(m.text).toContain('fraud_detector_v4 scores');
  });
});

describe('/janus search', () => {
  it('churn: the matching models (with their bands) and datasets, each a link', async () => {
    const m = await command('search churn');
    const text = textOf(m);
    expect(m.response_type).toBe('ephemeral');
    expect(m.text).toMatch(/^`churn`: \d+ match(es)? in DataHub$/);
    expect(text).toMatch(/churn_predictor_v2> {2}\d+\/100, (trusted|caution|at risk) {2}· model/);
    expect(text).toContain('· dataset');
    expect(text).toContain(`${UI}/dataset/`);
    expect(blockProblems(m.blocks)).toEqual([]);
  });

  it('nothing matches: says so', async () => {
    const m = await command('search zzqx_nothing_like_it');
    expect(m.text).toBe('Nothing in DataHub matches `zzqx_nothing_like_it`: no model, no dataset.');
  });
});
