import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { reportUrlFor } from '../../src/core/links.js';
import type { Transition } from '../../src/core/transitions.js';
import { CLAIM_ACTION, orphanBlockId, withClaim } from '../../src/slack/orphan-blocks.js';
import { planCycle, type PlanContext, type StagedAlert } from '../../src/slack/alerts/plan-cycle.js';
import type { Block } from '../../src/slack/present/kit.js';
import type { Delivery, Plan } from '../../src/slack/alerts/types.js';
import { demoVerdict, type DemoModel } from '../support/demo-verdicts.js';
import { AT, context, model, NOW } from './alert-fixtures.js';
import { blockProblems } from './fake-slack.js';

/**
 * The demo catalog's alerts as each channel reads them: its first start, then a failing check on stg_transactions
 * (upstream of three models owned by three teams), then the check passing again. Every channel's first line, list,
 * report and recovery are its own; the whole conversation is `__golden__/alert-channels.md`, to read by eye.
 */

const BASE = 'http://janus.example.test';
const CH = { platform: 'data-platform-alerts', risk: 'risk-ml-oncall', growth: 'growth-ml-alerts', ml: 'ml-platform' };
const WHO = { carol: 'U0CAROL01', dev: 'U1DEV0099', erin: 'U1ERIN099', alice: 'U1ALICE99' };
const ref = (m: DemoModel) => ({ urn: DEMO.models[m], name: DEMO.modelNames[m] });
const fraud = ref('fraud');
const churn = ref('churn');
const ltv = ref('customerLtv');
const campaign = ref('campaignUplift');
const session = ref('sessionIntent');
const links = { reportBase: BASE, datahub: 'http://datahub-ui.test:9002/dataset/x' };

type Move = {
  m: { urn: string; name: string };
  from: 'trusted' | 'caution' | 'at_risk' | null;
  to: Move['from'] & string;
  score: number;
};

function raise(
  key: string,
  dataset: string,
  severity: string,
  moves: Move[],
  extra: { urn: string; name: string }[] = [],
): Transition {
  const detector = key.slice(0, key.indexOf(':'));
  return {
    kind: 'cause',
    id: `cause:${key}:1:raised`,
    episode: 1,
    at: AT,
    state: 'raised',
    key,
    dataset,
    detector,
    severity,
    models: [...moves.map((x) => x.m), ...extra],
    modelCount: moves.length + extra.length,
    since: AT,
    moved: moves.map((x) => ({ model: x.m, from: x.from, to: x.to, score: x.score })),
    movedCount: moves.length,
  };
}

const route = (models: { urn: string }[], mentions: string[]) => ({ models: models.map((m) => m.urn), mentions });
const stage = (t: Transition, routes: StagedAlert['routes'], over: Partial<StagedAlert> = {}): StagedAlert => ({
  transition: t,
  queuedAt: NOW,
  models: t.kind === 'cause' ? t.models : [t.model],
  routes,
  story: [],
  incident: `urn:li:incident:${t.id.length.toString(16).padStart(8, '0')}-demo`,
  links: { ...links, incident: 'http://datahub-ui.test:9002/dataset/x/Incidents' },
  ...over,
});

const first = (m: DemoModel): Move => ({ m: ref(m), from: null, to: demoVerdict(m).band, score: demoVerdict(m).score });
const keyOf = (m: DemoModel, detector: string) => demoVerdict(m).findings.find((f) => f.detector === detector)!;

/** The demo catalog's first start: each root cause its verdicts name, first judged, routed as Janus routes it. */
function firstStart(): StagedAlert[] {
  const leak = keyOf('fraud', 'target_leakage');
  const sessions = keyOf('sessionIntent', 'upstream_failure');
  const fresh = keyOf('campaignUplift', 'freshness_lag');
  const orphan = keyOf('campaignUplift', 'missing_owner');
  return [
    // a leak is its model's own: its owners hear of it, not the table its chain passes through
    stage(
      raise(leak.key, leak.entity, 'critical', [first('fraud')]),
      { [CH.risk]: route([fraud], [WHO.dev]) },
      {
        story: [
          'Feature days_to_chargeback can see the answer: days_to_chargeback → stg_chargebacks.chargeback_at → is_fraud.',
        ],
      },
    ),
    stage(raise(sessions.key, sessions.entity, 'high', [first('sessionIntent')]), {
      [CH.platform]: route([session], [WHO.carol]),
      [CH.growth]: route([session], [WHO.erin]),
    }),
    stage(raise(fresh.key, fresh.entity, 'medium', [first('campaignUplift')]), {
      [CH.platform]: route([campaign], [WHO.carol]),
      [CH.growth]: route([campaign], [WHO.erin]),
    }),
    stage(raise(orphan.key, orphan.entity, 'medium', [first('campaignUplift')]), {
      [CH.growth]: route([campaign], [WHO.erin]),
    }),
  ];
}

const STG = `upstream_failure:${DEMO.assertions.stgTransactionsRowCount}`;

/** stg_transactions' check fails: three teams' models hurt, fraud_detector_v4 (at risk already) further down. */
function checkFails(): StagedAlert[] {
  const t = raise(
    STG,
    DEMO.datasets.stgTransactions,
    'high',
    [
      { m: churn, from: 'trusted', to: 'caution', score: 70 },
      { m: ltv, from: 'trusted', to: 'caution', score: 65 },
    ],
    [fraud],
  );
  return [
    stage(
      t,
      {
        [CH.platform]: route([fraud, churn, ltv], [WHO.carol]),
        [CH.growth]: route([churn], [WHO.erin]),
        [CH.ml]: route([ltv], [WHO.alice]),
        [CH.risk]: route([fraud], [WHO.dev]),
      },
      {
        models: [{ ...fraud, band: 'at_risk', score: 55 }, churn, ltv],
        story: ['An assertion on stg_transactions failed its latest run.'],
      },
    ),
  ];
}

/** The check passes: churn_predictor_v2 and customer_ltv_v2 recover; fraud_detector_v4 is back to 80 (still leaking). */
function checkPasses(): StagedAlert[] {
  const t: Transition = {
    kind: 'cause',
    id: `cause:${STG}:1:cleared`,
    episode: 1,
    at: '2026-03-01T14:05:00.000Z',
    state: 'cleared',
    key: STG,
    dataset: DEMO.datasets.stgTransactions,
    detector: 'upstream_failure',
    models: [],
    modelCount: 0,
    since: AT,
    moved: [
      { model: churn, from: 'caution', to: 'trusted', score: 90 },
      { model: ltv, from: 'caution', to: 'trusted', score: 100 },
    ],
    movedCount: 2,
  };
  return [
    {
      transition: t,
      queuedAt: NOW,
      models: [{ ...fraud, band: 'at_risk', score: 80 }],
      routes: {},
      story: [],
      links: {},
    },
  ];
}

/** Plans in turn, each plan starting from what the last left (as the store would hold it). */
function conversation(...cycles: StagedAlert[][]): Plan[] {
  let ctx: PlanContext = context();
  return cycles.map((staged, i) => {
    const plan = planCycle(staged, { ...ctx, cycle: `c${i}` });
    const states = { ...ctx.states, ...plan.states };
    const live = { ...ctx.live };
    for (const [k, v] of Object.entries(plan.live))
      if (v === null) delete live[k];
      else live[k] = v;
    const byModel: Record<string, string[]> = {};
    for (const s of Object.values(states))
      if (s.status === 'open') for (const m of Object.keys(s.models)) (byModel[m] ??= []).push(s.id);
    ctx = { ...ctx, states, live, byModel };
    return plan;
  });
}

/** A message as a person reads it, one line a block: to read by eye in the golden file. */
function readable(blocks: Block[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'header') return `# ${b.text.text}`;
      if (b.type === 'section') return b.text?.text ?? '';
      if (b.type === 'context') return b.elements.map((e) => `> ${'text' in e ? e.text : ''}`).join('\n');
      if (b.type === 'actions')
        return b.elements
          .map((e) =>
            'text' in e && e.text
              ? `[${e.text.text}${'url' in e && e.url ? ` → ${e.url}` : ''}]`
              : `[${e.type}${'placeholder' in e && e.placeholder ? `: ${e.placeholder.text} ▾` : ''}]`,
          )
          .join(' ');
      return `(${b.type})`;
    })
    .join('\n');
}

function golden(plans: Plan[]): string {
  const out: string[] = [];
  plans.forEach((p, i) => {
    out.push(`## Cycle ${i + 1}`, '');
    for (const d of p.deliveries) {
      out.push(`### #${d.channel}: ${d.what}${d.reply ? ' (in the thread)' : ''}`, '', `text: ${d.message.text}`, '');
      out.push('```', readable(d.message.blocks), '```', '');
      if (d.parent) out.push('Its parent now:', '', '```', readable(d.parent.blocks), '```', '');
    }
  });
  return `${out.join('\n').trimEnd()}\n`;
}

const inChannel = (p: Plan, channel: string, what: Delivery['what']) =>
  p.deliveries.filter((d) => d.channel === channel && d.what === what);
const actionsAt = (blocks: Block[]) => blocks.findIndex((b) => b.type === 'actions');

describe('alerts written for the channel that reads them (the demo catalog)', () => {
  const [start, fails, passes] = conversation(firstStart(), checkFails(), checkPasses());

  it('opens each channel’s message with its own worst model, its band and score, then the cause', () => {
    const firstLines = Object.fromEntries(
      inChannel(fails!, CH.platform, 'alert')
        .concat(
          inChannel(fails!, CH.risk, 'alert'),
          inChannel(fails!, CH.growth, 'alert'),
          inChannel(fails!, CH.ml, 'alert'),
        )
        .map((d) => [d.channel, d.message.text]),
    );
    expect(firstLines).toEqual({
      // the table's owners: every model it hurts, the worst first (at risk before caution)
      [CH.platform]: `fraud_detector_v4 → at risk (55): Upstream failure: stg_transactions <@${WHO.carol}>`,
      [CH.risk]: `fraud_detector_v4 → at risk (55): Upstream failure: stg_transactions <@${WHO.dev}>`,
      [CH.growth]: `churn_predictor_v2 → caution (70): Upstream failure: stg_transactions <@${WHO.erin}>`,
      [CH.ml]: `customer_ltv_v2 → caution (65): Upstream failure: stg_transactions <@${WHO.alice}>`,
    });
    for (const d of fails!.deliveries) {
      const header = d.message.blocks[0]!;
      expect(header.type === 'header' && header.text.text).toContain(d.message.text.replace(/ <@.*$/, ''));
    }
  });

  it('lists only the channel’s own models, worst band then score, and opens its own model’s report', () => {
    const [platform] = inChannel(fails!, CH.platform, 'alert');
    const list = readable(platform!.message.blocks);
    expect(list.indexOf('fraud_detector_v4')).toBeLessThan(list.indexOf('customer_ltv_v2'));
    expect(list.indexOf('customer_ltv_v2')).toBeLessThan(list.indexOf('churn_predictor_v2'));
    const [risk] = inChannel(fails!, CH.risk, 'alert');
    expect(readable(risk!.message.blocks)).not.toMatch(/churn_predictor_v2|customer_ltv_v2/);
    const report = (d: Delivery) => readable(d.message.blocks).match(/\[Open report → ([^\]]+)\]/)?.[1];
    expect(report(risk!)).toBe(reportUrlFor(BASE, fraud.urn));
    expect(report(inChannel(fails!, CH.growth, 'alert')[0]!)).toBe(reportUrlFor(BASE, churn.urn));
    expect(report(inChannel(fails!, CH.ml, 'alert')[0]!)).toBe(reportUrlFor(BASE, ltv.urn));
  });

  it('says in each channel what recovered there, and what is still not trusted; the parent shows the latest scores', () => {
    const said = (channel: string) => inChannel(passes!, channel, 'recovery')[0]!;
    expect(said(CH.risk).message.text).not.toMatch(/churn_predictor_v2|customer_ltv_v2/);
    expect(said(CH.risk).message.text).toContain(
      'Still not trusted (something else holds them): *fraud_detector_v4* at risk (80).',
    );
    expect(said(CH.growth).message.text).toContain('Recovered here: *churn_predictor_v2* trusted (90).');
    expect(said(CH.growth).message.text).not.toContain('customer_ltv_v2');
    expect(said(CH.ml).message.text).toContain('Recovered here: *customer_ltv_v2* trusted (100).');
    // the resolved parent: fraud_detector_v4 as it is now (80), not the 55 the alert said when raised
    const parent = readable(said(CH.risk).parent!.blocks);
    expect(parent).toContain('fraud_detector_v4*: at risk (80)');
    expect(parent).not.toContain('(55)');
    expect(said(CH.risk).parent!.text).toBe(
      `Resolved: Upstream failure: stg_transactions — fraud_detector_v4 now at risk (80) <@${WHO.dev}>`,
    );
  });

  it('says a first start plainly, names a leak by its model and feature, and gives severity in words', () => {
    const leak = inChannel(start!, CH.risk, 'alert')[0]!;
    expect(leak.message.text).toBe(
      `fraud_detector_v4 → at risk (80): Target leakage: feature days_to_chargeback <@${WHO.dev}>`,
    );
    expect(readable(leak.message.blocks)).toContain('first judged: at risk (80)');
    expect(readable(leak.message.blocks)).toContain('*Critical* severity');
    expect(JSON.stringify(start)).not.toContain('unjudged');
    expect(readable(leak.message.blocks)).toContain(
      'DataHub incident: <http://datahub-ui.test:9002/dataset/x/Incidents|Target leakage: feature days_to_chargeback in fraud_detector_v4>',
    );
  });

  it('carries Claim ownership on a No owner alert about a table (the one message about it), as the orphan ping did', () => {
    const table = DEMO.ownership.unownedTable;
    const alert = inChannel(start!, CH.growth, 'alert').find((d) => d.message.text.includes('No owner'))!;
    const claim = alert.message.blocks.find((b) => b.block_id === `${orphanBlockId(table)}:actions`);
    expect(claim).toMatchObject({ type: 'actions', elements: [{ action_id: CLAIM_ACTION, value: table }] });
    // what a click draws: who claimed it, in place of the button
    const claimed = withClaim(alert.message.blocks, table, {
      slackId: WHO.erin,
      name: 'Erin Walsh',
      at: NOW,
      removed: [],
    });
    expect(JSON.stringify(claimed)).not.toContain(CLAIM_ACTION);
    expect(readable(claimed)).toContain(`Claimed* by <@${WHO.erin}>`);
    // other alerts have no Claim button
    expect(JSON.stringify(inChannel(start!, CH.risk, 'alert'))).not.toContain(CLAIM_ACTION);
  });

  it('puts the buttons before a long list, names ten models and counts the rest', () => {
    const many = Array.from({ length: 41 }, (_, i) => model(`scorer_${String(i).padStart(2, '0')}`));
    const t = raise(
      STG,
      DEMO.datasets.stgTransactions,
      'high',
      many.map((m, i) => ({ m, from: 'trusted', to: 'caution', score: 50 + i })),
    );
    const [plan] = conversation([stage(t, { [CH.platform]: route(many, [WHO.carol]) })]);
    const blocks = plan!.deliveries[0]!.message.blocks;
    expect(blockProblems(blocks)).toEqual([]);
    const firstList = blocks.findIndex((b) => b.type === 'section' && b.text?.text.includes('scorer_'));
    expect(actionsAt(blocks)).toBeGreaterThan(0);
    expect(actionsAt(blocks)).toBeLessThan(firstList);
    const text = readable(blocks);
    expect(text).toContain('scorer_09');
    expect(text).not.toContain('scorer_10');
    expect(text).toContain(`…and 31 more models: <${BASE}/at-risk|Janus lists every model not trusted>`);
  });

  it('reads as the golden file says', async () => {
    for (const p of [start!, fails!, passes!])
      for (const d of p.deliveries) {
        expect(blockProblems(d.message.blocks)).toEqual([]);
        if (d.parent) expect(blockProblems(d.parent.blocks)).toEqual([]);
      }
    await expect(golden([start!, fails!, passes!])).toMatchFileSnapshot('__golden__/alert-channels.md');
  });
});
