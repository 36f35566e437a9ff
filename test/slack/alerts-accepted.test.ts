import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { acceptRisk } from '../../src/app/accept-risk.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { eventually } from '../support/service.js';
import { policy } from '../app/write-back-helpers.js';
import { SECRET } from './harness.js';
import { answerUsersInfo } from './fake-slack.js';
import { callsOf } from './incident-slack.js';
import { sendEvent, sendSlashCommand } from './slash-command.js';
import { alertsWorlds, CHANNELS, SLACK_IDS, textOf, type AlertsWorld } from './alerts-setup.js';

const world = alertsWorlds();

// the service reads as the admin; carol.diaz owns the leak's table, so she may accept it (as `janus accept` does)
const SERVICE = 'janus-service-token';
const CAROL = 'carol-token';
const WRITES = ['EDIT_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'];

const leakAlerts = (w: AlertsWorld) => w.parents(CHANNELS.riskMl).filter((m) => textOf(m).includes('Target leakage'));

describe('Argos and accepted risk (janus serve, the simulator, a fake Slack)', () => {
  it('an accepted leak: one reply naming who accepted, the parent marked accepted, its end announced once, quiet; raised anew once it ends', async () => {
    const w = await world({
      sim: { token: SERVICE, tokens: { [CAROL]: { actor: 'urn:li:corpuser:carol.diaz', privileges: WRITES } } },
    });
    // the judgments' clock, fixed; every cycle reads the whole catalog (the change probe's own test of acceptances:
    // alerts-accepted-probe.test.ts)
    const t0 = Date.now();
    const clock = { DATAHUB_GMS_TOKEN: SERVICE, JANUS_CYCLE_REFRESH: '1s' };
    const serve = w.serve({ ...clock, JANUS_AS_OF: new Date(t0).toISOString() });
    await serve.ready;
    await eventually(() => leakAlerts(w).length === 1, 'the leak alert');
    const leak = leakAlerts(w)[0]!;

    const until = new Date(t0 + 60_000).toISOString();
    const { acceptance } = await acceptRisk(
      { client: createDataHubClient({ url: w.sim.url, token: CAROL }), policy, admins: [], now: () => t0 },
      DEMO.modelNames.fraud,
      { finding: 'target_leakage', reason: 'backfill running', until },
    );
    expect(acceptance.by).toBe('carol.diaz');

    const said = (text: string) => w.slack.replies(CHANNELS.riskMl, leak.ts).filter((r) => r.text.includes(text));
    await eventually(() => said('Accepted by carol.diaz').length === 1, 'the accepted reply');
    const day = new Date(until).getUTCDate();
    expect(said('Accepted by carol.diaz')[0]!.text).toMatch(
      new RegExp(`Accepted by carol\\.diaz until ${day} \\w{3}: 'backfill running'$`),
    );
    const parent = w.slack.messages.find((m) => m.ts === leak.ts)!;
    await eventually(() => parent.text.startsWith('Accepted: Target leakage'), 'the parent marked accepted');
    expect(textOf(parent)).toContain('Argos stays quiet about it until then');
    expect(textOf(parent)).not.toContain('janus.incident.ack');

    // it ends within a day: its owners are told once, in the thread (the alert timers, on the service's clock)
    const ending = () => said("carol.diaz's acceptance of this risk ends");
    await eventually(() => ending().length === 1, 'the expiry notice');
    expect(ending()[0]!.text).toContain(`<@${SLACK_IDS.dev}>`);

    // quiet while accepted: no "cleared", no stand-down, no second alert, the expiry said once
    await w.cycles(3);
    expect(ending()).toHaveLength(1);
    expect(said('stands down')).toEqual([]);
    expect(said('cleared')).toEqual([]);
    expect(said('Accepted by')).toHaveLength(1);
    expect(leakAlerts(w)).toHaveLength(1);

    // App Home and /janus at-risk list it (from the service's history in Redis): model, finding, who, until, why
    const endpoint = `${serve.http}/slack/events`;
    const line = new RegExp(
      `fraud_detector_v4\\*: target leakage, accepted by carol\\.diaz until ${day} \\w{3}: 'backfill running'`,
    );
    const { id, url } = w.slack.responseUrl();
    expect((await sendSlashCommand(endpoint, { text: 'at-risk', responseUrl: url, secret: SECRET })).status).toBe(200);
    const atRisk = JSON.stringify(await w.slack.posted(id));
    expect(atRisk).toContain('Accepted risks, not counting* (1)');
    expect(atRisk).toMatch(line);
    answerUsersInfo(w.slack, [{ id: SLACK_IDS.erin, name: 'Erin Walsh', email: 'erin.walsh@acmepay.example' }]);
    w.slack.methods['views.publish'] = (b) => ({ ok: true, view: { id: 'VHOME', ...JSON.parse(b.view ?? '{}') } });
    await sendEvent(endpoint, SECRET, {
      type: 'app_home_opened',
      user: SLACK_IDS.erin,
      channel: 'D0ERIN001',
      tab: 'home',
    });
    const home = () => callsOf(w.slack, 'views.publish').find((c) => c.user_id === SLACK_IDS.erin);
    await eventually(() => !!home(), "Erin's App Home");
    expect(JSON.stringify(home()!.view)).toMatch(line);

    // past its end: the leak counts again, raised as a new episode, once
    expect(await serve.stop()).toBe(0);
    const later = w.serve({ ...clock, JANUS_AS_OF: new Date(t0 + 120_000).toISOString() });
    await later.ready;
    await eventually(() => leakAlerts(w).length === 2, 'the leak raised again');
    await w.cycles(3);
    expect(leakAlerts(w)).toHaveLength(2);
    expect(said('Accepted by')).toHaveLength(1);
    expect(w.problems()).toEqual([]);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);
});
