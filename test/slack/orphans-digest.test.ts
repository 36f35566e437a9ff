import { describe, expect, it } from 'vitest';
import { DEMO, DBT_MODELS } from '@janus/datahub-sim/demo';
import { eventually } from '../support/service.js';
import { alertsWorlds, CHANNELS, SLACK_IDS, textOf } from './alerts-setup.js';
import { channelName, CLAIM, claim, FCT, ownersIn, pingsOf, unown, withMembers } from './orphans-setup.js';

const world = alertsWorlds();

const TECHNICAL = 'urn:li:ownershipType:__system__technical_owner';
const CHURN = DEMO.ownership.suspendedOwnerModel;
const BOB = DEMO.ownership.suspendedUser;
/** The urns a message's Claim buttons carry. */
function claimValues(blocks: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (o.action_id === CLAIM && typeof o.value === 'string') out.push(o.value);
      Object.values(o).forEach(walk);
    }
  };
  walk(blocks);
  return out;
}

describe('orphans: a digest, and departed owners on claim (janus serve, the simulator, a fake Slack)', () => {
  it('more new orphans for one channel than slack.digestAbove: one message, one Claim button each', async () => {
    const w = await world({ env: { JANUS_SLACK_ORPHAN_PINGS: 'on', JANUS_SLACK_DIGEST_ABOVE: '2' } });
    withMembers(w.slack);
    await unown(w, FCT);
    // and its dbt model: the two are one dataset to Janus (siblings), owned while either is
    await unown(w, DBT_MODELS.fctTransactions);
    const serve = w.serve();
    await serve.ready;
    const orphans = [FCT, DEMO.ownership.unownedTable, CHURN];
    await eventually(() => orphans.every((u) => pingsOf(w, u).length >= 1), 'the orphan pings');
    await w.cycles(2);

    // the fallback channel hears of every orphan (more than 2): one message, not one each
    const inFallback = w.slack.messages.filter(
      (m) => !m.thread_ts && channelName(w, m) === CHANNELS.fallback && JSON.stringify(m.blocks).includes(CLAIM),
    );
    expect(inFallback).toHaveLength(1);
    const digest = inFallback[0]!;
    expect(digest.text).toMatch(/Argos found \d+ entities nobody owns/);
    const values = claimValues(digest.blocks);
    expect(values.length).toBeGreaterThan(2);
    expect(new Set(values).size).toBe(values.length);
    for (const u of orphans) expect(values).toContain(u);
    expect(w.problems()).toEqual([]);

    // a claim from the digest edits only its orphan's line: the others keep their buttons
    const c = claim(w, `${serve.http}/slack/events`, SLACK_IDS.erin, digest, FCT);
    expect((await c.sent).status).toBe(200);
    expect(String((await c.reply()).text)).toContain('You now own `fct_transactions`');
    await eventually(() => textOf(digest).includes('Claimed'), 'the digest updated');
    expect(claimValues(digest.blocks).sort()).toEqual(values.filter((v) => v !== FCT).sort());
  }, 120_000);

  for (const removes of [true, false])
    it(`a claim with slack.claimRemovesDeparted ${removes ? 'on removes' : 'off keeps'} the suspended owner`, async () => {
      const w = await world({
        env: { JANUS_SLACK_ORPHAN_PINGS: 'on', JANUS_SLACK_CLAIM_REMOVES_DEPARTED: removes ? 'on' : 'off' },
      });
      withMembers(w.slack);
      const serve = w.serve();
      await serve.ready;
      await eventually(() => pingsOf(w, CHURN).length >= 1, 'the ping about churn_predictor_v2');
      expect(await ownersIn(w, CHURN, 'mlModel')).toEqual([`${BOB} ${TECHNICAL}`]);

      const ping = pingsOf(w, CHURN)[0]!;
      const c = claim(w, `${serve.http}/slack/events`, SLACK_IDS.erin, ping, CHURN);
      expect((await c.sent).status).toBe(200);
      const reply = String((await c.reply()).text);
      expect(reply).toContain('You now own');
      const owners = await ownersIn(w, CHURN, 'mlModel');
      if (removes) {
        expect(owners).toEqual([`${DEMO.users.erin} ${TECHNICAL}`]);
        expect(reply).toContain('Removed the owners who left: bob.okafor');
      } else {
        expect(owners.sort()).toEqual([`${BOB} ${TECHNICAL}`, `${DEMO.users.erin} ${TECHNICAL}`].sort());
        expect(reply).not.toContain('Removed');
      }
      await eventually(() => textOf(ping).includes('Claimed'), 'the ping updated');
      expect(textOf(ping).includes('removed as owner')).toBe(removes);
    }, 120_000);
});
