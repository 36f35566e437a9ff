import type { types } from '@slack/bolt';
import type { HomeData } from '../../src/app/app-home.js';
import type { IncidentStatus } from '../../src/core/incident-status.js';
import type { Band } from '../../src/core/score.js';
import type { BandMove, Transition } from '../../src/core/transitions.js';
import type { ModelRef } from '../../src/core/verdict.js';
import type { ModelSummary } from '../../src/history/index.js';
import { homeView } from '../../src/slack/app-home-view.js';
import { atRiskMessage, testAlertReply } from '../../src/slack/command-replies.js';
import { snoozedMessage } from '../../src/slack/messages.js';
import { orphanDigest, orphanMessage, type OrphanPing } from '../../src/slack/orphan-blocks.js';
import type { SlackMessage } from '../../src/slack/present/kit.js';
import { planCycle, type PlanContext, type StagedAlert } from '../../src/slack/alerts/plan-cycle.js';
import { planTimers } from '../../src/slack/alerts/plan-timers.js';
import { snoozeNotice } from '../../src/slack/alerts/snooze-notices.js';
import { testAlertMessage } from '../../src/slack/alerts/test-alert.js';
import type { Delivery, Plan } from '../../src/slack/alerts/types.js';

/**
 * The pictures of docs/slack.md, each made by the builders Janus posts with (the alert planner, the command replies,
 * App Home), from a demo catalog's transitions. Typechecked with the sources, so a changed builder or input type
 * breaks the build of the pictures rather than drawing something Janus no longer sends. `slack-pictures.mjs` draws
 * them; `test/slack/slack-pictures.test.ts` checks each is made.
 */

export interface Picture {
  file: string;
  /** The channel's name as the mock's title bar shows it (no `#`), or the Home tab's title. */
  channel: string;
  parent: SlackMessage | types.HomeView;
  replies?: SlackMessage[];
  home?: boolean;
  /** Shown to the asker alone ("Only visible to you"). */
  ephemeral?: boolean;
  /** The asker's ephemeral answer, below the message (where `/janus test` posted). */
  answer?: SlackMessage;
  /** `phone`: Slack's mobile layout, about 390 px wide. */
  frame?: 'desktop' | 'phone';
  caption: string;
}

const AT = '2026-03-02T09:14:00.000Z';
const NOW = Date.parse(AT);
const model = (name: string): ModelRef => ({ urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`, name });
const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const fraud = model('fraud_detector_v4');
const ltv = model('customer_ltv_v2');
const churn = model('churn_predictor_v2');
const KEY = `upstream_failure:${dataset('analytics.stg_transactions')}`;
const INCIDENT = 'urn:li:incident:7c1f3a52-5b0e-4d7e-9a51-3f6a9e0b2d11';
const reportOf = (urn: string) => `https://janus.example.com/reports/${encodeURIComponent(urn)}`;
const REPORT = reportOf(fraud.urn);
const DATAHUB = `https://datahub.example.com/dataset/${encodeURIComponent(dataset('analytics.stg_transactions'))}`;
const CHANNEL = 'data-platform-alerts';

/** Slack ids the pictures mention, with the names the mock shows for them. */
export const PEOPLE: Record<string, string> = {
  U1CAROL01: 'carol.diaz',
  U1DEV0099: 'dev.patel',
  U1ALICE99: 'alice.chen',
  U1ERIN099: 'erin.walsh',
  U1BOBOK01: 'bob.okafor',
};

function raised(
  key: string,
  models: ModelRef[],
  moved: BandMove[],
  over: Partial<Extract<Transition, { kind: 'cause' }>> = {},
): Transition {
  return {
    kind: 'cause',
    id: `cause:${key}:1:raised`,
    episode: 1,
    at: AT,
    state: 'raised',
    key,
    dataset: key.slice(key.indexOf(':') + 1),
    detector: key.slice(0, key.indexOf(':')),
    severity: 'high',
    message: '',
    models,
    modelCount: models.length,
    since: AT,
    moved,
    movedCount: moved.length,
    ...over,
  };
}

function staged(
  t: Transition,
  routes: StagedAlert['routes'],
  story: string[],
  extra: Partial<StagedAlert> = {},
): StagedAlert {
  return {
    transition: t,
    queuedAt: NOW,
    models: t.kind === 'cause' ? t.models : [t.model],
    routes,
    story,
    incident: INCIDENT,
    links: { report: REPORT, datahub: DATAHUB, incident: `${DATAHUB}/Incidents` },
    ...extra,
  };
}

const ctx = (over: Partial<PlanContext> = {}): PlanContext => ({
  now: NOW,
  cycle: 'c1',
  states: {},
  live: {},
  byModel: {},
  snoozed: () => false,
  digestAbove: 10,
  ...over,
});

/** A cycle's plan, and the context the next cycle would start from (the states and indexes it leaves). */
function after(c: PlanContext, list: StagedAlert[], over: Partial<PlanContext> = {}): { plan: Plan; ctx: PlanContext } {
  const plan = planCycle(list, { ...c, ...over });
  const states = { ...c.states, ...plan.states };
  const live = { ...c.live };
  for (const [k, v] of Object.entries(plan.live))
    if (v === null) delete live[k];
    else live[k] = v;
  const byModel: Record<string, string[]> = {};
  for (const s of Object.values(states))
    if (s.status === 'open') for (const m of Object.keys(s.models)) (byModel[m] ??= []).push(s.id);
  return { plan, ctx: { ...c, ...over, states, live, byModel } };
}

/** The one delivery a plan must have made: a scenario that no longer makes it fails the pictures loudly. */
function pick(deliveries: Delivery[], what: string, test: (d: Delivery) => boolean = () => true): Delivery {
  const d = deliveries.find(test);
  if (!d)
    throw new Error(`the plan made no ${what} (deliveries: ${deliveries.map((x) => x.what).join(', ') || 'none'})`);
  return d;
}
function parentOf(d: Delivery): SlackMessage {
  if (!d.parent) throw new Error(`the ${d.what} delivery edits no parent`);
  return d.parent;
}

const STORY = [
  'An assertion on stg_transactions failed its latest run; it also explains fct_transactions, txn_features and fraud_training_set.',
];
const moves: BandMove[] = [
  { model: fraud, from: 'trusted', to: 'at_risk', score: 40 },
  { model: ltv, from: 'trusted', to: 'caution', score: 60 },
];

// --- an alert, its follow-up, its recovery ---

const first = after(ctx(), [
  staged(
    raised(KEY, [fraud, ltv], moves),
    { [CHANNEL]: { models: [fraud.urn, ltv.urn], mentions: ['U1CAROL01'] } },
    STORY,
  ),
]);
const alert = pick(first.plan.deliveries, 'alert');

const worseKey = `upstream_failure:urn:li:dataJob:(urn:li:dataFlow:(airflow,growth_etl,PROD),build_customer_profile)`;
const worse = after(first.ctx, [
  staged(
    raised(worseKey, [ltv, churn], [{ model: ltv, from: 'caution', to: 'at_risk', score: 20 }], {
      dataset: dataset('analytics.customer_profile'),
    }),
    { 'ml-platform': { models: [ltv.urn], mentions: ['U1ALICE99'] } },
    [],
  ),
]);
const followup = pick(worse.plan.deliveries, 'follow-up', (d) => d.what === 'followup');

const recovery = pick(
  after(worse.ctx, [
    staged(
      raised(KEY, [], [{ model: fraud, from: 'at_risk', to: 'trusted', score: 80 }], {
        id: `cause:${KEY}:1:cleared`,
        state: 'cleared',
        at: '2026-03-02T11:36:00.000Z',
      }),
      {},
      [],
    ),
  ]).plan.deliveries,
  'recovery',
  (d) => d.channel === CHANNEL,
);

// --- an alert naming 40 models (the first 25 by name, the rest counted) ---

const FAMILIES = ['fraud', 'chargeback', 'credit_limit', 'churn', 'ltv', 'upsell', 'pricing', 'demand'];
const KINDS = ['scorer', 'ranker', 'classifier', 'forecaster', 'detector'];
const many = Array.from({ length: 40 }, (_, i) =>
  model(`${FAMILIES[i % FAMILIES.length]}_${KINDS[Math.floor(i / FAMILIES.length)]}_v${(i % 3) + 2}`),
);
const manyMoves: BandMove[] = many.map((m, i) => ({
  model: m,
  from: 'trusted',
  to: i % 3 === 0 ? 'at_risk' : 'caution',
  score: i % 3 === 0 ? 38 + (i % 7) : 58 + (i % 9),
}));
const manyKey = `freshness_lag:${dataset('analytics.fct_payments')}`;
const fortyAlert = pick(
  planCycle(
    [
      staged(
        raised(manyKey, many, manyMoves, { severity: 'critical' }),
        {
          [CHANNEL]: { models: many.map((m) => m.urn), mentions: ['U1CAROL01', 'U1DEV0099', 'U1ALICE99'] },
        },
        [
          'fct_payments has not been updated for 31 hours (its SLA: 6 hours); every model below reads it through txn_features or payment_features.',
        ],
      ),
    ],
    ctx(),
  ).deliveries,
  'alert of 40 models',
).message;

// --- a digest, an escalation, a model's own alert, the end of a snooze ---

const digestCauses: [string, ModelRef[], string, string?][] = [
  [`freshness_lag:${dataset('raw.marketing.campaign_touches')}`, [model('campaign_uplift_v1')], 'medium'],
  [
    `target_leakage:urn:li:mlFeature:(txn_features,days_to_chargeback)`,
    [fraud],
    'critical',
    dataset('analytics.stg_chargebacks'),
  ],
  [KEY, [fraud, ltv], 'high'],
  [`upstream_failure:${dataset('analytics.stg_sessions')}`, [model('session_intent_v1')], 'high'],
];
const digest = pick(
  planCycle(
    digestCauses.map(([key, models, severity, ds]) =>
      staged(
        raised(
          key,
          models,
          models.map((m) => ({ model: m, from: null, to: 'caution', score: 60 })),
          { severity, ...(ds ? { dataset: ds } : {}) },
        ),
        { [CHANNEL]: { models: models.map((m) => m.urn), mentions: ['U1CAROL01'] } },
        [],
      ),
    ),
    ctx({ digestAbove: 3 }),
  ).deliveries,
  'digest',
);

const escalation = planTimers({
  now: NOW + 3_600_000,
  states: Object.values(first.ctx.states),
  snoozed: () => false,
  escalateAfterMs: 3_600_000,
  escalationChannel: '#ml-oncall',
  acknowledged: new Set(),
}).deliveries;
const escalated = pick(escalation, 'escalation', (d) => d.what === 'escalation');
const escalatedChannel = pick(escalation, 'escalation-channel', (d) => d.what === 'escalation-channel');

const own = pick(
  planCycle(
    [
      staged(
        {
          kind: 'band',
          id: `band:${churn.urn}:2`,
          seq: 2,
          at: AT,
          model: churn,
          from: 'trusted',
          to: 'caution',
          score: 70,
          previousScore: 90,
          causes: [],
          causeCount: 0,
        },
        { 'growth-ml-alerts': { models: [churn.urn], mentions: ['U1ERIN099'] } },
        [
          'churn_predictor_v2 scores 70/100. Caution.',
          'Nobody answers for churn_predictor_v2: bob.okafor has left.',
          'Nobody answers for customer_features: the owner has left.',
        ],
        { incident: undefined, links: { report: reportOf(churn.urn) } },
      ),
    ],
    ctx(),
  ).deliveries,
  "model's own alert",
);

const SNOOZE = { name: 'customer_ltv_v2', kind: 'model' as const, by: 'U1ALICE99', until: NOW + 7_200_000 };
const held = after(ctx({ snoozed: (u) => u === ltv.urn }), [
  staged(raised(KEY, [ltv], [moves[1]!]), { 'ml-platform': { models: [ltv.urn], mentions: ['U1ALICE99'] } }, STORY),
]);
const snoozeEnd = pick(
  planTimers({
    now: SNOOZE.until,
    states: Object.values(held.ctx.states),
    snoozed: () => false,
    ended: { [ltv.urn]: SNOOZE },
    escalateAfterMs: 86_400_000,
    acknowledged: new Set(),
  }).deliveries,
  'alert held by the snooze',
);

// what the delivery puts on top of an alert it could not post where it was routed (src/jobs/slack-delivery.ts)
const fallbackNote: SlackMessage = {
  ...alert.message,
  blocks: [
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: ':warning: Argos could not post in #risk-ml-oncall (channel_not_found), so it is here.',
        },
      ],
    },
    ...alert.message.blocks,
  ],
};

// --- `/janus at-risk` for 44 models: 20 rows, then "…and 24 more" linking the page of them all ---

const AREAS = ['payments', 'lending', 'marketing', 'growth'];
const TASKS = ['fraud_scoring', 'default_probability', 'propensity', 'uplift', 'retention', 'anomaly_detection'];
const atRisk: ModelSummary[] = Array.from({ length: 44 }, (_, i) => {
  const band: Band = i < 12 ? 'at_risk' : 'caution';
  const m = model(`${AREAS[i % AREAS.length]}_${TASKS[i % TASKS.length]}_model_v${1 + (i % 5)}`);
  return {
    ...m,
    score: band === 'at_risk' ? 18 + i * 2 : 50 + Math.floor(i / 2),
    band,
    scannedAt: AT,
    findings: [
      i % 3 === 0 ? `upstream_failure:${dataset('analytics.fct_payments')}` : `freshness_lag:${dataset('raw.events')}`,
      ...(i % 4 === 0 ? [`missing_owner:${dataset('analytics.customer_profile')}`] : []),
    ],
  };
});
const atRiskAnswer = atRiskMessage(atRisk, atRisk.length, true, reportOf, 'https://janus.example.com/at-risk');

// --- orphans, App Home ---

const orphanPing = (table: string, models: ModelRef[], departed: string[] = [], yours = true): OrphanPing => ({
  urn: dataset(table),
  name: table.split('.').at(-1)!,
  kind: 'dataset',
  departed,
  models,
  modelCount: models.length,
  yours,
  datahubUrl: `https://datahub.example.com/dataset/${encodeURIComponent(dataset(table))}`,
});
const orphan = orphanMessage(orphanPing('analytics.fct_transactions', [fraud, ltv]));
const orphansDigest = orphanDigest([
  orphanPing('analytics.fct_transactions', [fraud, ltv]),
  orphanPing('raw.marketing.campaign_touches', [model('campaign_uplift_v1')], ['urn:li:corpuser:bob.okafor']),
  orphanPing('analytics.stg_sessions', [model('session_intent_v1')]),
  orphanPing('analytics.customer_profile', [ltv, churn], ['urn:li:corpuser:bob.okafor']),
]);

const summary = (m: ModelRef, score: number, band: Band): ModelSummary => ({
  urn: m.urn,
  name: m.name,
  score,
  band,
  scannedAt: AT,
  findings: [],
});
/** Incidents as DataHub holds them when Home is drawn: one nobody took yet, one acknowledged, one Janus reopened. */
const status = (s: Partial<IncidentStatus>): IncidentStatus => ({
  state: 'ACTIVE',
  stage: 'TRIAGE',
  message: 'Raised by Janus',
  updatedAt: NOW,
  updatedBy: 'urn:li:corpuser:janus',
  ...s,
});
const homeData: HomeData = {
  identity: {
    kind: 'known',
    actor: {
      slackId: 'U1CAROL01',
      email: 'carol.diaz@acmepay.example',
      urn: 'urn:li:corpuser:carol.diaz',
      name: 'Carol Diaz',
      groups: [],
    },
  },
  models: [
    { ...summary(fraud, 40, 'at_risk'), trend: [92, 90, 88, 71, 55, 40] },
    { ...summary(ltv, 60, 'caution'), trend: [85, 85, 80, 72, 60] },
    { ...summary(model('session_intent_v1'), 94, 'trusted'), trend: [93, 94, 94, 95, 94] },
  ],
  ownedCount: 3,
  unjudged: 0,
  incidents: [
    {
      urn: INCIDENT,
      headline: 'Upstream failure: analytics.stg_transactions',
      severity: 'high',
      models: [fraud.name, ltv.name],
      since: AT,
      status: status({}),
    },
    {
      urn: 'urn:li:incident:3b9e0c7d-1f42-4a8e-b6d1-7e2a4c9f5a03',
      headline: 'Freshness lag: raw.marketing.campaign_touches',
      severity: 'medium',
      models: [ltv.name],
      table: 'campaign_touches',
      since: '2026-03-01T22:40:00.000Z',
      status: status({
        stage: 'INVESTIGATION',
        message: 'Acknowledged by Erin Walsh (erin.walsh@acmepay.example) in Slack.',
        updatedAt: NOW - 2_400_000,
      }),
    },
    {
      urn: 'urn:li:incident:9d4a6e21-8c3f-4b57-a0e9-2f6b1d8c7e44',
      headline: 'Target leakage: txn_features.days_to_chargeback',
      severity: 'critical',
      models: [fraud.name],
      since: '2026-02-27T16:05:00.000Z',
      status: status({
        message: 'Reopened by Janus: the evidence is still there (days_to_chargeback is still read by the model).',
        updatedAt: NOW - 600_000,
      }),
    },
  ],
  incidentsCount: 3,
  tables: 4,
  tablesRead: 4,
  atRisk: [summary(fraud, 40, 'at_risk'), summary(churn, 52, 'caution'), summary(ltv, 60, 'caution')],
  atRiskCount: 3,
  orphans: [
    {
      ...orphanPing('analytics.fct_transactions', [fraud, ltv]),
      models: [fraud.urn, ltv.urn],
    },
    {
      ...orphanPing('raw.marketing.campaign_touches', [model('campaign_uplift_v1')], ['urn:li:corpuser:bob.okafor']),
      models: [model('campaign_uplift_v1').urn],
    },
  ],
  orphansCount: 2,
  history: 'redis',
};
const home = homeView(homeData, NOW);

// --- `/janus test`, and snoozes ---

const testAlert = testAlertMessage({ by: 'U1CAROL01', at: new Date(AT) });
const testReply = testAlertReply({ ok: true, channel: CHANNEL });

export const PICTURES: Picture[] = [
  {
    file: 'slack-alert.png',
    channel: CHANNEL,
    parent: alert.message,
    caption: 'An alert: one root cause, its models, the owners, the incident and its buttons',
  },
  {
    file: 'slack-alert-40-models.png',
    channel: CHANNEL,
    parent: fortyAlert,
    caption: 'An alert naming 40 models: 25 by name, then the rest counted with the report link',
  },
  {
    file: 'slack-alert-40-models-phone.png',
    channel: CHANNEL,
    parent: fortyAlert,
    frame: 'phone',
    caption: 'The same alert on a phone (Slack’s mobile layout, 390 px)',
  },
  {
    file: 'slack-followup.png',
    channel: CHANNEL,
    parent: parentOf(followup),
    replies: [followup.message],
    caption: 'A follow-up in the thread; the parent edited in place',
  },
  {
    file: 'slack-recovery.png',
    channel: CHANNEL,
    parent: parentOf(recovery),
    replies: [followup.message, recovery.message],
    caption: 'The root cause cleared: Argos stands down, the parent marked resolved',
  },
  {
    file: 'slack-digest.png',
    channel: CHANNEL,
    parent: digest.message,
    caption: 'A digest: more alerts for one channel in one cycle than slack.digestAbove',
  },
  {
    file: 'slack-escalation.png',
    channel: CHANNEL,
    parent: parentOf(escalated),
    replies: [escalated.message],
    caption: 'Escalation, once, in the thread',
  },
  {
    file: 'slack-escalation-channel.png',
    channel: 'ml-oncall',
    parent: escalatedChannel.message,
    caption: 'The same escalation in slack.escalationChannel',
  },
  {
    file: 'slack-model-alert.png',
    channel: 'growth-ml-alerts',
    parent: own.message,
    caption: 'A band change no root cause explains: an alert of the model’s own',
  },
  {
    file: 'slack-fallback.png',
    channel: 'janus-alerts',
    parent: fallbackNote,
    caption: 'In the fallback channel, saying where it could not post',
  },
  {
    file: 'slack-test-alert.png',
    channel: CHANNEL,
    parent: testAlert,
    answer: testReply,
    caption: '/janus test: a test alert from the same renderer as real alerts, and where it went, to the asker alone',
  },
  {
    file: 'slack-snooze-command.png',
    channel: 'ml-platform',
    parent: snoozedMessage(SNOOZE.name, SNOOZE.kind, SNOOZE.until, SNOOZE.by),
    caption: '/janus snooze, answered in the channel',
  },
  {
    file: 'slack-snooze-notice.png',
    channel: 'ml-platform',
    parent: snoozeNotice(SNOOZE),
    caption: 'The snooze announced wherever its alerts would go',
  },
  {
    file: 'slack-snooze-over.png',
    channel: 'ml-platform',
    parent: snoozeEnd.message,
    caption: 'A snooze ended and the trouble is still there',
  },
  {
    file: 'slack-at-risk.png',
    channel: CHANNEL,
    parent: atRiskAnswer,
    ephemeral: true,
    caption: '/janus at-risk for 44 models: 20 whole rows, then “…and 24 more” linking the page of them all',
  },
  {
    file: 'slack-orphan.png',
    channel: 'risk-ml-oncall',
    parent: orphan,
    caption: 'An orphan ping: a table on the models’ supply chain nobody owns, with Claim ownership',
  },
  {
    file: 'slack-orphan-digest.png',
    channel: CHANNEL,
    parent: orphansDigest,
    caption: 'More new orphans for one channel than slack.digestAbove: one message, one Claim button each',
  },
  {
    file: 'slack-app-home.png',
    channel: 'Argos · Home',
    home: true,
    parent: home,
    caption:
      'App Home: your models, their incidents as DataHub has them now, what you could claim, the catalog at risk',
  },
];
