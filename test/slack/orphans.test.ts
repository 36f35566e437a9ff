import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, DBT_MODELS } from '@janus/datahub-sim/demo';
import { RedisVerdictHistory } from '../../src/history/index.js';
import { demoScore } from '../support/demo-verdicts.js';
import { eventually, REDIS_URL } from '../support/service.js';
import { alertsWorlds, CHANNELS, SLACK_IDS, textOf } from './alerts-setup.js';
import {
  channelName,
  CLAIM,
  claim,
  claimButtonFor,
  FCT,
  ownersIn,
  pingsOf,
  unown,
  withMembers,
} from './orphans-setup.js';

const world = alertsWorlds();
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
afterAll(() => redis.disconnect());

describe('orphans: pinged once per channel, claimed from Slack (janus serve, the simulator, a fake Slack)', () => {
  it('pings the owners of three models once about the table nobody owns on their path; a claim makes the clicker its owner', async () => {
    const w = await world({ env: { JANUS_SLACK_ORPHAN_PINGS: 'on' } });
    withMembers(w.slack);
    // analytics.fct_transactions, two hops above three models' features, loses its owners (an ingestion run)
    await unown(w, FCT);
    // and its dbt model: the two are one dataset to Janus (siblings), owned while either is
    await unown(w, DBT_MODELS.fctTransactions);
    const serve = w.serve();
    await serve.ready;
    const endpoint = `${serve.http}/slack/events`;
    await eventually(() => pingsOf(w, FCT).length >= 3, 'the orphan pings');
    await w.cycles(3);

    // one ping per channel: the models' owners (fraud_detector_v4: risk-ml; customer_ltv_v2: ml-platform; churn's
    // only owner has left, so it routes nowhere) and the fallback channel, which names all three
    const pings = pingsOf(w, FCT);
    expect(pings.map((m) => channelName(w, m)).sort()).toEqual(
      [CHANNELS.fallback, CHANNELS.mlPlatform, CHANNELS.riskMl].sort(),
    );
    const fallback = pings.find((m) => channelName(w, m) === CHANNELS.fallback)!;
    expect(fallback.text).toContain('3 models read fct_transactions, which nobody owns');
    for (const name of ['fraud_detector_v4', 'churn_predictor_v2', 'customer_ltv_v2'])
      expect(textOf(fallback)).toContain(name);
    const risk = pings.find((m) => channelName(w, m) === CHANNELS.riskMl)!;
    expect(risk.text).toContain('1 of your models reads fct_transactions');
    expect(claimButtonFor(risk, FCT)).toBe(true);
    expect(w.problems()).toEqual([]);

    // Erin claims it in #risk-ml-oncall: she becomes its technical owner in DataHub, the message says so
    const first = claim(w, endpoint, SLACK_IDS.erin, risk, FCT);
    expect((await first.sent).status).toBe(200);
    expect(String((await first.reply()).text)).toContain('You now own `fct_transactions`');
    expect(await ownersIn(w, FCT)).toEqual([`${DEMO.users.erin} urn:li:ownershipType:__system__technical_owner`]);
    await eventually(() => textOf(risk).includes('Claimed'), 'the ping updated');
    expect(textOf(risk)).toContain(`<@${SLACK_IDS.erin}> (Erin Walsh)`);
    expect(JSON.stringify(risk.blocks)).not.toContain(CLAIM);

    // the next cycle sees the owner: the pings in the other channels say who claimed it
    const ml = pings.find((m) => channelName(w, m) === CHANNELS.mlPlatform)!;
    const before = { text: ml.text, blocks: ml.blocks.map((b) => structuredClone(b)) };
    await eventually(
      () => textOf(fallback).includes('Claimed') && textOf(ml).includes('Claimed'),
      'every ping updated',
    );

    // Alice clicks the button as it was before: already claimed, nothing written
    const second = claim(w, endpoint, SLACK_IDS.alice, { ...ml, ...before }, FCT);
    expect((await second.sent).status).toBe(200);
    expect(String((await second.reply()).text)).toContain('was already claimed by Erin Walsh');
    expect(await ownersIn(w, FCT)).toHaveLength(1);

    // no second ping, whatever the cycles since
    await w.cycles(2);
    expect(pingsOf(w, FCT)).toHaveLength(3);
  }, 120_000);

  it('a table nobody owns is one message in its model’s channel, the No owner alert with Claim; a claim clears the finding', async () => {
    const w = await world({ env: { JANUS_SLACK_ORPHAN_PINGS: 'on' } });
    withMembers(w.slack);
    const table = DEMO.ownership.unownedTable;
    const serve = w.serve();
    await serve.ready;
    await eventually(() => pingsOf(w, table).length >= 1, 'the orphan ping');
    if (redis.status === 'wait') await redis.connect();
    const history = new RedisVerdictHistory(redis, { prefix: `${w.prefix}:` });
    const finding = `missing_owner:${table}`;
    const findings = async () => (await history.latestOf([DEMO.models.campaignUplift]))[0]?.findings ?? [];
    expect(await findings()).toContain(finding);

    // one message about it in its model's channel: the "No owner" alert, with Claim (no orphan ping beside it);
    // the fallback channel, which hears of every orphan, keeps its ping
    const growth = () => pingsOf(w, table).filter((m) => channelName(w, m) === CHANNELS.growthMl);
    await eventually(() => growth().length >= 1, 'the No owner alert with its Claim button');
    await w.cycles(2);
    expect(growth()).toHaveLength(1);
    const alert = growth()[0]!;
    expect(alert.text).toBe(
      `campaign_uplift_v1 → caution (${demoScore('campaignUplift')}): No owner: uplift_training_set <@${SLACK_IDS.erin}>`,
    );
    expect(textOf(alert)).toContain('janus.incident.ack');
    expect(w.parents(CHANNELS.growthMl).filter((m) => textOf(m).includes('uplift_training_set'))).toHaveLength(1);
    expect(
      pingsOf(w, table)
        .map((m) => channelName(w, m))
        .sort(),
    ).toEqual([CHANNELS.fallback, CHANNELS.growthMl].sort());

    const c = claim(w, `${serve.http}/slack/events`, SLACK_IDS.erin, alert, table);
    expect((await c.sent).status).toBe(200);
    expect(String((await c.reply()).text)).toContain('You now own');
    // the click's edit shows who claimed it (a later edit, the recovery's, may follow it)
    const versions = () => [alert, ...alert.edits].map((v) => JSON.stringify(v.blocks));
    await eventually(() => versions().some((b) => b.includes('Claimed')), 'the alert shows the claim');
    await eventually(async () => !(await findings()).includes(finding), 'the finding gone');
    // the claim clears the root cause: Argos stands down in the alert's thread
    await eventually(
      () => w.slack.replies(alert.channel, alert.ts).some((r) => r.text.includes('Argos stands down')),
      'the recovery',
    );
  }, 120_000);
});
