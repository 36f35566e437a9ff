import { describe, expect, it } from 'vitest';
import type { Transition } from '../../src/core/transitions.js';
import { stagedAlert } from '../../src/jobs/alert-payloads.js';
import { planCycle, type PlanContext, type StagedAlert } from '../../src/slack/alerts/plan-cycle.js';
import { planTimers } from '../../src/slack/alerts/plan-timers.js';
import type { AlertState } from '../../src/slack/alerts/types.js';
import { band, CAUSE_KEY, cleared, context, dataset, model, NOW, raised, staged } from './alert-fixtures.js';
import { blockProblems } from './fake-slack.js';

const fraud = model('fraud_detector_v4');
const ltv = model('customer_ltv_v2');
const RISK = 'risk-ml-oncall';
const PLATFORM = 'data-platform-alerts';

/** What the store would hold after a plan: the next plan starts from it. */
function after(ctx: PlanContext, staged: StagedAlert[], over: Partial<PlanContext> = {}) {
  const plan = planCycle(staged, { ...ctx, ...over });
  const states = { ...ctx.states, ...plan.states };
  const live = { ...ctx.live };
  for (const [k, v] of Object.entries(plan.live))
    if (v === null) delete live[k];
    else live[k] = v;
  const byModel: Record<string, string[]> = {};
  for (const s of Object.values(states))
    if (s.status === 'open') for (const m of Object.keys(s.models)) (byModel[m] ??= []).push(s.id);
  return { plan, ctx: { ...ctx, ...over, states, live, byModel } };
}

const routes = {
  [PLATFORM]: { models: [fraud.urn, ltv.urn], mentions: ['U0CAROL01'] },
  [RISK]: { models: [fraud.urn], mentions: ['U1DEV0099'] },
};

describe('the alert planner', () => {
  it('posts one alert per root cause per channel, listing the models routed there, with their owners mentioned', () => {
    const { plan } = after(context(), [staged(raised([fraud, ltv]), routes)]);
    expect(plan.deliveries.map((d) => [d.channel, d.what, d.reply])).toEqual([
      [PLATFORM, 'alert', false],
      [RISK, 'alert', false],
    ]);
    const platform = plan.deliveries[0]!.message;
    // the first line is the channel's own worst model (a tie: by name), then the cause
    expect(platform.text).toBe('customer_ltv_v2 → caution (60): Upstream failure: stg_transactions <@U0CAROL01>');
    expect(JSON.stringify(platform.blocks)).toContain('fraud_detector_v4');
    const risk = plan.deliveries[1]!.message;
    expect(risk.text).toBe('fraud_detector_v4 → caution (60): Upstream failure: stg_transactions <@U1DEV0099>');
    expect(JSON.stringify(risk)).not.toContain('customer_ltv_v2');
    const actions = platform.blocks.find((b) => b.type === 'actions') as {
      elements: { action_id: string; value?: string }[];
    };
    expect(actions.elements.map((e) => e.action_id)).toEqual([
      'janus.incident.ack',
      'janus.incident.resolve',
      'janus.incident.assign',
      'janus.incident.set',
      'open_report',
      'open_datahub',
    ]);
    expect(actions.elements[0]!.value).toBe('urn:li:incident:0f1e2d3c');
  });

  it('never posts a root cause twice, whatever retries the plan', () => {
    const first = after(context(), [staged(raised([fraud, ltv]), routes)]);
    const again = planCycle([staged(raised([fraud, ltv]), routes)], first.ctx);
    expect(again.deliveries).toEqual([]);
    // the same plan computed twice gives the same deliveries, so their job ids match
    expect(planCycle([staged(raised([fraud, ltv]), routes)], context()).deliveries.map((d) => d.id)).toEqual(
      first.plan.deliveries.map((d) => d.id),
    );
  });

  it('puts a further band change in the thread, with the parent edited, only where the model is listed', () => {
    const { ctx } = after(context(), [staged(raised([fraud, ltv]), routes)]);
    const { plan } = after(ctx, [staged(band(ltv, 'caution', 'at_risk', { score: 20 }), {})]);
    expect(plan.deliveries.map((d) => [d.channel, d.what, d.reply, d.threads[0]!.seq])).toEqual([
      [PLATFORM, 'followup', true, 2],
    ]);
    expect(plan.deliveries[0]!.message.text).toContain('customer_ltv_v2* moved caution → at risk (20)');
    expect(JSON.stringify(plan.deliveries[0]!.parent)).toContain('caution → at risk (20)');
  });

  it('a root cause raised again (a new episode while the last is open) is a new alert; the old one is closed quietly', () => {
    const { ctx } = after(context(), [staged(raised([fraud, ltv]), routes)]);
    const again = after(ctx, [
      staged(raised([fraud, ltv], { episode: 2, moved: [] }), routes, { incident: 'urn:li:incident:99aa' }),
    ]);
    expect(again.plan.deliveries.map((d) => [d.channel, d.what, d.reply, d.threads[0]!.alert])).toEqual([
      [PLATFORM, 'alert', false, `cause:${CAUSE_KEY}#2`],
      [RISK, 'alert', false, `cause:${CAUSE_KEY}#2`],
    ]);
    expect(JSON.stringify(again.plan.deliveries[0]!.message.blocks)).toContain('urn:li:incident:99aa');
    expect(again.plan.states[`cause:${CAUSE_KEY}#1`]).toMatchObject({ status: 'resolved' });
    expect(again.plan.live[CAUSE_KEY]).toBe(`cause:${CAUSE_KEY}#2`);
    // what follows goes to the new alert's threads only
    const { plan } = after(again.ctx, [staged(band(ltv, 'caution', 'at_risk', { score: 20 }), {})]);
    expect(plan.deliveries.map((d) => [d.what, d.threads[0]!.alert])).toEqual([['followup', `cause:${CAUSE_KEY}#2`]]);
  });

  it('tells an open alert when another root cause moves a model it lists', () => {
    const { ctx } = after(context(), [staged(raised([fraud, ltv]), routes)]);
    const other = `freshness_lag:${dataset('analytics.customer_profile')}`;
    const t = raised([ltv], { key: other });
    if (t.kind === 'cause') t.moved = [{ model: ltv, from: 'caution', to: 'at_risk', score: 45 }];
    const { plan } = after(ctx, [staged(t, { 'ml-platform': { models: [ltv.urn], mentions: [] } })]);
    expect(plan.deliveries.map((d) => [d.channel, d.what])).toEqual([
      ['ml-platform', 'alert'],
      [PLATFORM, 'followup'],
    ]);
  });

  it('a model the root cause now hurts too: a reply where it is already posted, a first message where it is not', () => {
    const { ctx } = after(context(), [staged(raised([fraud]), { [RISK]: routes[RISK] })]);
    const churn = model('churn_predictor_v2');
    const { plan } = after(ctx, [
      staged(band(churn, 'trusted', 'caution'), { 'growth-ml': { models: [churn.urn], mentions: [] } }),
    ]);
    expect(plan.deliveries.map((d) => [d.channel, d.what, d.reply])).toEqual([['growth-ml', 'alert', false]]);
  });

  it('stands down when the root cause clears: a recovery reply and the parent marked resolved, in every channel', () => {
    const { ctx } = after(context(), [staged(raised([fraud, ltv]), routes)]);
    const { plan, ctx: next } = after(ctx, [staged(cleared({ moved: [ltv] }), {})]);
    expect(plan.deliveries.map((d) => [d.channel, d.what])).toEqual([
      [PLATFORM, 'recovery'],
      [RISK, 'recovery'],
    ]);
    expect(plan.deliveries[0]!.message.text).toContain('Argos stands down');
    expect(plan.deliveries[0]!.message.text).toContain('after 2h 5m');
    expect(plan.deliveries[0]!.parent!.text).toMatch(/^Resolved: /);
    expect(JSON.stringify(plan.deliveries[0]!.parent)).not.toContain('janus.incident.ack');
    expect(next.live[CAUSE_KEY]).toBeUndefined();
    // raised again later: a new episode, a new message
    const { plan: back } = after(next, [staged(raised([fraud], { episode: 2 }), { [RISK]: routes[RISK] })]);
    expect(back.deliveries.map((d) => [d.channel, d.what, d.reply])).toEqual([[RISK, 'alert', false]]);
  });

  it('gives a band change nothing explains an alert of its own, and stands it down when the model is trusted again', () => {
    const churn = model('churn_predictor_v2');
    const r = { 'growth-ml': { models: [churn.urn], mentions: ['U1ERIN099'] } };
    const { plan, ctx } = after(context(), [staged(band(churn, 'trusted', 'caution', { causes: [] }), r)]);
    expect(plan.deliveries.map((d) => [d.what, d.message.text])).toEqual([
      ['alert', 'churn_predictor_v2 → caution (45): was trusted, no single root cause <@U1ERIN099>'],
    ]);
    const worse = after(ctx, [staged(band(churn, 'caution', 'at_risk', { causes: [], n: 3 }), r)]);
    expect(worse.plan.deliveries.map((d) => [d.what, d.reply])).toEqual([['followup', true]]);
    // the header keeps where the episode began
    expect(worse.plan.deliveries[0]!.parent!.text).toContain('churn_predictor_v2 → at risk (45): was trusted');
    const back = after(worse.ctx, [staged(band(churn, 'at_risk', 'trusted', { causes: [], n: 4, score: 90 }), r)]);
    expect(back.plan.deliveries.map((d) => d.what)).toEqual(['recovery']);
  });

  it('plans a cycle staged before transitions carried their episode and sequence as it plans one staged now', () => {
    const churn = model('churn_predictor_v2');
    const now = [
      staged(raised([fraud, ltv], { episode: 3 }), routes),
      staged(band(churn, 'trusted', 'caution', { causes: [], n: 7 }), routes),
    ];
    // as Redis kept them: JSON without the new fields, read back through the stored schema
    const older = now.map(({ transition: t, ...rest }) => {
      const { episode: _e, seq: _s, ...without } = t as Transition & { episode?: number; seq?: number };
      return stagedAlert.parse(JSON.parse(JSON.stringify({ ...rest, transition: without }))) as StagedAlert;
    });
    expect(older.map((s) => s.transition)).toEqual(now.map((s) => s.transition));
    const plan = planCycle(older, context());
    expect(Object.keys(plan.states)).toEqual([`cause:${CAUSE_KEY}#3`, `model:${churn.urn}#7`]);
    expect(plan).toEqual(planCycle(now, context()));
  });

  it('sends what reaches no channel to the fallback channel, or reports it unroutable when there is none', () => {
    const r = { '': { models: [fraud.urn], mentions: [] } };
    expect(
      planCycle([staged(raised([fraud]), r)], context({ fallback: '#janus-alerts' })).deliveries.map((d) => d.channel),
    ).toEqual(['janus-alerts']);
    const none = planCycle([staged(raised([fraud]), r)], context());
    expect(none.deliveries).toEqual([]);
    expect(none.unroutable).toEqual([{ alert: `cause:${CAUSE_KEY}#1`, models: [fraud.urn] }]);
  });

  it('posts one digest instead of more than digestAbove alerts to one channel in one cycle', () => {
    const causes = Array.from({ length: 4 }, (_, i) =>
      raised([fraud], { key: `upstream_failure:${dataset(`t${i}`)}` }),
    );
    const { plan, ctx } = after(
      context({ digestAbove: 3 }),
      causes.map((t) => staged(t, { [RISK]: routes[RISK], solo: { models: [fraud.urn], mentions: [] } })),
    );
    expect(plan.deliveries.map((d) => [d.channel, d.what, d.threads.length])).toEqual([
      [RISK, 'digest', 4],
      ['solo', 'digest', 4],
    ]);
    expect(plan.deliveries[0]!.message.text).toBe('Argos found 4 problems at once. <@U1DEV0099>');
    // a follow-up goes in the digest's thread, naming its alert; the digest itself is not edited
    const { plan: next } = after(ctx, [
      staged(band(fraud, 'caution', 'at_risk', { causes: [causes[0]!.kind === 'cause' ? causes[0]!.key : ''] }), {}),
    ]);
    const followup = next.deliveries.find((d) => d.channel === RISK)!;
    expect(followup.reply).toBe(true);
    expect(followup.parent).toBeUndefined();
    expect(followup.message.text).toMatch(/^Upstream failure: t0: /);
    const few = planCycle(
      causes.slice(0, 3).map((t) => staged(t, { [RISK]: routes[RISK] })),
      context({ digestAbove: 3 }),
    );
    expect(few.deliveries.map((d) => d.what)).toEqual(['alert', 'alert', 'alert']);
  });

  it('holds back a snoozed model’s alerts, and posts them once when the snooze ends if still open', () => {
    let snoozed = true;
    const ctx0 = context({ snoozed: (urn) => snoozed && urn === fraud.urn });
    const { plan, ctx } = after(ctx0, [staged(raised([fraud]), { [RISK]: routes[RISK] })]);
    expect(plan.deliveries).toEqual([]);
    const held = planTimers({
      now: NOW + 1000,
      states: Object.values(ctx.states),
      snoozed: ctx.snoozed,
      escalateAfterMs: 3_600_000,
      acknowledged: new Set(),
    });
    expect(held.deliveries).toEqual([]);
    snoozed = false;
    const woke = planTimers({
      now: NOW + 2000,
      states: Object.values(ctx.states),
      snoozed: ctx.snoozed,
      escalateAfterMs: 3_600_000,
      acknowledged: new Set(),
    });
    expect(woke.deliveries.map((d) => [d.channel, d.what])).toEqual([[RISK, 'alert']]);
    expect(woke.deliveries[0]!.message.blocks.some((b) => JSON.stringify(b).includes('snooze is over'))).toBe(true);
    const states = { ...ctx.states, ...woke.states };
    const twice = planTimers({
      now: NOW + 3000,
      states: Object.values(states),
      snoozed: ctx.snoozed,
      escalateAfterMs: 3_600_000,
      acknowledged: new Set(),
    });
    expect(twice.deliveries).toEqual([]);
  });

  it('holds every route of a snoozed model an open root cause newly hurts, and posts them all when someone unsnoozes it', () => {
    const ML = 'ml-platform';
    const DM = 'D0ERIN001';
    let snoozed = true;
    const quietLtv = context({ snoozed: (urn) => snoozed && urn === ltv.urn });
    // the root cause reaches fraud_detector_v4 alone at first; later it hurts customer_ltv_v2, snoozed meanwhile
    const first = after(quietLtv, [
      staged(raised([fraud]), { [PLATFORM]: { models: [fraud.urn], mentions: [] }, [RISK]: routes[RISK] }),
    ]);
    const ltvRoutes = {
      [PLATFORM]: { models: [fraud.urn, ltv.urn], mentions: ['U0CAROL01'] },
      [ML]: { models: [ltv.urn], mentions: ['U0ALICE01'] },
      [DM]: { models: [ltv.urn], mentions: [] },
    };
    const later = after(first.ctx, [staged(band(ltv, 'trusted', 'caution'), ltvRoutes)]);
    expect(later.plan.deliveries).toEqual([]);
    const alert = Object.values(later.ctx.states)[0]!;
    expect(alert.channels[ML]).toMatchObject({ posted: false, models: [ltv.urn] });
    expect(alert.channels[DM]).toMatchObject({ posted: false, models: [ltv.urn] });
    snoozed = false;
    const woke = planTimers({
      now: NOW + 60_000,
      states: Object.values(later.ctx.states),
      snoozed: later.ctx.snoozed,
      ended: {
        [ltv.urn]: { name: ltv.name, kind: 'model', by: 'U0ALICE01', until: NOW + 3_600_000, endedBy: 'U0ERIN001' },
      },
      escalateAfterMs: 3_600_000,
      acknowledged: new Set(),
    });
    expect(woke.deliveries.map((d) => [d.channel, d.what])).toEqual([
      [ML, 'alert'],
      [DM, 'alert'],
    ]);
    for (const d of woke.deliveries) {
      expect(JSON.stringify(d.message.blocks)).toContain("<@U0ERIN001> ended <@U0ALICE01>'s snooze on the model");
      expect(JSON.stringify(d.message.blocks)).toContain('customer_ltv_v2');
    }
  });

  it('escalates an alert nobody acknowledged once, in its threads and the escalation channel; not an acknowledged one', () => {
    const { ctx } = after(context(), [staged(raised([fraud, ltv]), routes)]);
    const base = { snoozed: () => false, escalateAfterMs: 3_600_000, escalationChannel: '#ml-oncall' };
    const early = planTimers({
      ...base,
      now: NOW + 3_599_000,
      states: Object.values(ctx.states),
      acknowledged: new Set(),
    });
    expect(early.deliveries).toEqual([]);
    const due = planTimers({
      ...base,
      now: NOW + 3_600_000,
      states: Object.values(ctx.states),
      acknowledged: new Set(),
    });
    expect(due.deliveries.map((d) => [d.channel, d.what, d.reply])).toEqual([
      [PLATFORM, 'escalation', true],
      [RISK, 'escalation', true],
      ['ml-oncall', 'escalation-channel', false],
    ]);
    expect(due.deliveries[0]!.message.text).toContain('<@U0CAROL01>: nobody has acknowledged this in 1h');
    const once = planTimers({
      ...base,
      now: NOW + 7_200_000,
      states: Object.values({ ...ctx.states, ...due.states }),
      acknowledged: new Set(),
    });
    expect(once.deliveries).toEqual([]);
    const acked = planTimers({
      ...base,
      now: NOW + 3_600_000,
      states: Object.values(ctx.states),
      acknowledged: new Set(['urn:li:incident:0f1e2d3c']),
    });
    expect(acked.deliveries).toEqual([]);
    expect((Object.values(acked.states)[0] as AlertState).acknowledged).toBe(true);
  });

  it('keeps every message within Block Kit’s limits, however many models, and escapes DataHub’s names', () => {
    const many = Array.from({ length: 600 }, (_, i) => model(`model_${String(i).padStart(3, '0')}_${'x'.repeat(100)}`));
    const evil = model('<!channel> & <@U123>');
    const { plan, ctx } = after(context(), [
      staged(raised([evil, ...many]), {
        [PLATFORM]: {
          models: [evil.urn, ...many.map((m) => m.urn)],
          mentions: Array.from({ length: 80 }, (_, i) => `U${1000 + i}`),
        },
      }),
    ]);
    for (const d of plan.deliveries) expect(blockProblems(d.message.blocks)).toEqual([]);
    const first = plan.deliveries[0]!.message;
    // mrkdwn escaped (the header is plain text: Slack reads no mention or link in it)
    const text = JSON.stringify({ ...first, blocks: first.blocks.filter((b) => b.type !== 'header') });
    // ten named, worst first; the rest counted exactly
    expect(text).toContain('…and 591 more models');
    expect(text).toContain('the report lists them');
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('&lt;!channel&gt; &amp; &lt;@U123&gt;');
    const followup = planCycle([staged(cleared({ moved: many }), {})], ctx);
    for (const d of followup.deliveries) {
      expect(blockProblems(d.message.blocks)).toEqual([]);
      expect(blockProblems(d.parent!.blocks)).toEqual([]);
    }
  });

  it('an accepted root cause: one reply naming who, the parent marked accepted; its owners told once a day before it ends', () => {
    const DAY = 86_400_000;
    const until = new Date(NOW + 30 * DAY).toISOString();
    const acceptance = { by: 'carol.diaz', reason: 'backfill running', until };
    const first = after(context(), [staged(raised([fraud]), { [RISK]: routes[RISK] })]);
    const gone = cleared({ moved: [fraud] }) as Extract<Transition, { kind: 'cause' }>;
    const accepted: Transition = {
      ...gone,
      id: gone.id.replace(/cleared$/, 'accepted'),
      state: 'accepted',
      acceptance,
    };
    const { plan, ctx } = after(first.ctx, [staged(accepted, {})]);
    expect(plan.deliveries.map((d) => [d.channel, d.what])).toEqual([[RISK, 'accepted']]);
    const [reply] = plan.deliveries;
    expect(reply!.message.text).toMatch(/^:ok_hand: Accepted by carol\.diaz until \d+ \w{3}: 'backfill running'$/);
    expect(reply!.parent!.text).toMatch(/^Accepted: /);
    expect(JSON.stringify(reply!.parent!.blocks)).toContain('Argos stays quiet about it until then');
    expect(JSON.stringify(reply!.parent!.blocks)).not.toContain('janus.incident.ack');

    const timers = (now: number, states: AlertState[]) =>
      planTimers({
        now,
        states: [],
        snoozed: () => false,
        escalateAfterMs: 3_600_000,
        acknowledged: new Set(),
        accepted: states.filter((a) => a.accepted && !a.expiryTold),
      });
    const states = Object.values(ctx.states);
    expect(timers(NOW + 28 * DAY, states).deliveries).toEqual([]);
    const told = timers(NOW + 29.5 * DAY, states);
    expect(told.deliveries.map((d) => [d.channel, d.what, d.reply])).toEqual([[RISK, 'expiry', true]]);
    expect(told.deliveries[0]!.message.text).toContain('<@U1DEV0099>');
    expect(told.deliveries[0]!.message.text).toContain("carol.diaz's acceptance of this risk ends");
    expect(Object.values(told.states).map((a) => a.expiryTold)).toEqual([true]);
    // said once: the state remembers it
    expect(timers(NOW + 29.6 * DAY, Object.values({ ...ctx.states, ...told.states })).deliveries).toEqual([]);
    // past its end: not said (the cycle raises it anew)
    expect(timers(NOW + 31 * DAY, states).deliveries).toEqual([]);
    for (const d of [...plan.deliveries, ...told.deliveries]) expect(blockProblems(d.message.blocks)).toEqual([]);
  });
});
