import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { eventually } from '../support/service.js';
import { alertsWorlds, CHANNELS, SLACK_IDS } from './alerts-setup.js';
import { answerUsersInfo, type FakeSlack } from './fake-slack.js';
import { SECRET } from './harness.js';
import { callsOf } from './incident-slack.js';
import { sendEvent } from './slash-command.js';

const world = alertsWorlds();

const CAROL = 'U1CAROL99';
const MEMBERS = [
  { id: SLACK_IDS.erin, name: 'Erin Walsh', email: 'erin.walsh@acmepay.example' },
  // carol owns tables, and no model
  { id: CAROL, name: 'Carol Diaz', email: 'carol.diaz@acmepay.example' },
];

function withHome(fake: FakeSlack): void {
  answerUsersInfo(fake, MEMBERS);
  fake.methods['views.publish'] = (b) => ({ ok: true, view: { id: 'VHOME', ...JSON.parse(b.view ?? '{}') } });
}

type Json = Record<string, unknown>;
const homeOf = (fake: FakeSlack, user: string) =>
  callsOf(fake, 'views.publish')
    .filter((c) => c.user_id === user)
    .at(-1)?.view as { type: string; blocks: Json[] } | undefined;

describe('App Home (app_home_opened → views.publish, from the history in Redis)', () => {
  it("lists an owner's models with band, score and trend and their open incidents; an owner of tables alone sees their incidents and the at-risk models", async () => {
    // every cycle reads the whole catalog again: each model's history gets a scan a cycle (its trend)
    const w = await world({ env: { JANUS_SLACK_ORPHAN_PINGS: 'on', JANUS_CYCLE_REFRESH: '1s' } });
    withHome(w.slack);
    const serve = w.serve();
    await serve.ready;
    // the demo's root causes are alerted, with their DataHub incidents
    await eventually(() => w.parents(CHANNELS.growthMl).length >= 3, 'the first alerts');
    await w.cycles(2);
    const endpoint = `${serve.http}/slack/events`;

    const opened = await sendEvent(endpoint, SECRET, {
      type: 'app_home_opened',
      user: SLACK_IDS.erin,
      channel: 'D0ERIN001',
      tab: 'home',
    });
    expect(opened.status).toBe(200);
    await eventually(() => !!homeOf(w.slack, SLACK_IDS.erin), "Erin's App Home");
    const erin = homeOf(w.slack, SLACK_IDS.erin)!;
    const text = JSON.stringify(erin.blocks);
    expect(erin.type).toBe('home');
    expect(erin.blocks.length).toBeLessThanOrEqual(100);
    // her models (directly, and through growth-ml), with band, score and trend
    expect(text).toContain('Your models* (2)');
    expect(text).toContain('session_intent_v1');
    expect(text).toContain('campaign_uplift_v1');
    expect(text).toMatch(/campaign_uplift_v1\* {2}\d+ · (at risk|caution)/);
    expect(text).toMatch(/`[▁▂▃▄▅▆▇█]{2,}`/);
    // their open incidents, with the incident buttons
    expect(text).toContain('Open incidents on your models');
    expect(text).toContain('janus.incident.ack');
    expect(text).toContain('urn:li:incident:');
    // the table nobody owns under campaign_uplift_v1: hers to claim
    expect(text).toContain('janus.owner.claim');
    expect(text).toContain(DEMO.ownership.unownedTable);

    await sendEvent(endpoint, SECRET, { type: 'app_home_opened', user: CAROL, channel: 'D0CAROL01', tab: 'home' });
    await eventually(() => !!homeOf(w.slack, CAROL), "Carol's App Home");
    const carol = JSON.stringify(homeOf(w.slack, CAROL)!.blocks);
    expect(carol).toContain('You own no model in DataHub');
    expect(carol).not.toContain('Your models');
    // but she owns the tables whose incidents paged her: they are listed, with their buttons
    expect(carol).toContain('Open incidents on your models and tables');
    expect(carol).toContain('on your table *campaign_touches*');
    expect(carol).toContain('janus.incident.ack');
    expect(carol).toContain('At risk across the catalog');
    for (const model of ['campaign_uplift_v1', 'churn_predictor_v2', 'fraud_detector_v4'])
      expect(carol).toContain(model);
  }, 120_000);
});
