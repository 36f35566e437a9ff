// Renders every shape of Argos's Slack alerts to a PNG for docs/slack.md: the Block Kit the planner produces
// (dist/, so run `npm run build` first) → an HTML mock of Slack's message layout → a screenshot through headless
// Chromium (playwright-core and /usr/bin/chromium, as the report's browser test uses; apt-get install -y chromium).
//
//   node scripts/slack-pictures.mjs [outDir]      (default docs/img)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { planCycle } from '../dist/src/slack/alerts/plan-cycle.js';
import { planTimers } from '../dist/src/slack/alerts/plan-timers.js';
import { snoozedMessage } from '../dist/src/slack/messages.js';
import { orphanDigest, orphanMessage } from '../dist/src/slack/orphan-blocks.js';
import { homeView } from '../dist/src/slack/app-home-view.js';

const OUT = process.argv[2] ?? 'docs/img';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

// --- the scenarios, in plain data (what the cycle emits for the demo catalog) ---

const AT = '2026-03-02T09:14:00.000Z';
const NOW = Date.parse(AT);
const model = (name) => ({ urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`, name });
const dataset = (name) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const fraud = model('fraud_detector_v4');
const ltv = model('customer_ltv_v2');
const churn = model('churn_predictor_v2');
const KEY = `upstream_failure:${dataset('analytics.stg_transactions')}`;
const INCIDENT = 'urn:li:incident:7c1f3a52-5b0e-4d7e-9a51-3f6a9e0b2d11';
const REPORT =
  'https://janus.example.com/reports/urn%3Ali%3AmlModel%3A(urn%3Ali%3AdataPlatform%3Amlflow%2Cfraud_detector_v4%2CPROD)';
const DATAHUB = `https://datahub.example.com/dataset/${encodeURIComponent(dataset('analytics.stg_transactions'))}`;
const PEOPLE = { U1CAROL01: 'carol.diaz', U1DEV0099: 'dev.patel', U1ALICE99: 'alice.chen', U1ERIN099: 'erin.walsh' };
const CHANNEL = 'data-platform-alerts';

const raised = (key, models, moved) => ({
  kind: 'cause',
  id: `cause:${key}:1:raised`,
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
});
const staged = (t, routes, story, extra = {}) => ({
  transition: t,
  queuedAt: NOW,
  models: t.kind === 'cause' ? t.models : [t.model],
  routes,
  story,
  incident: INCIDENT,
  links: {
    report: REPORT,
    reportBase: 'https://janus.example.com',
    datahub: DATAHUB,
    incident: `${DATAHUB}/Incidents`,
  },
  ...extra,
});
const ctx = (over = {}) => ({
  now: NOW,
  cycle: 'c1',
  states: {},
  live: {},
  byModel: {},
  snoozed: () => false,
  digestAbove: 10,
  ...over,
});
function after(c, list, over = {}) {
  const plan = planCycle(list, { ...c, ...over });
  const states = { ...c.states, ...plan.states };
  const live = { ...c.live };
  for (const [k, v] of Object.entries(plan.live))
    if (v === null) delete live[k];
    else live[k] = v;
  const byModel = {};
  for (const s of Object.values(states))
    if (s.status === 'open') for (const m of Object.keys(s.models)) (byModel[m] ??= []).push(s.id);
  return { plan, ctx: { ...c, ...over, states, live, byModel } };
}
const STORY = [
  'An assertion on stg_transactions failed its latest run; it also explains fct_transactions, txn_features and fraud_training_set.',
];
const routes = { [CHANNEL]: { models: [fraud.urn, ltv.urn], mentions: ['U1CAROL01'] } };
const moves = [
  { model: fraud, from: 'trusted', to: 'at_risk', score: 40 },
  { model: ltv, from: 'trusted', to: 'caution', score: 60 },
];

const first = after(ctx(), [staged(raised(KEY, [fraud, ltv], moves), routes, STORY)]);
const alert = first.plan.deliveries[0];

const worseT = raised(
  `upstream_failure:urn:li:dataJob:(urn:li:dataFlow:(airflow,growth_etl,PROD),build_customer_profile)`,
  [ltv, churn],
  [{ model: ltv, from: 'caution', to: 'at_risk', score: 20 }],
);
worseT.dataset = dataset('analytics.customer_profile');
const worse = after(first.ctx, [staged(worseT, { 'ml-platform': { models: [ltv.urn], mentions: ['U1ALICE99'] } }, [])]);
const followup = worse.plan.deliveries.find((d) => d.what === 'followup');

const clearedT = {
  ...raised(KEY, [], []),
  id: `cause:${KEY}:1:cleared`,
  state: 'cleared',
  at: '2026-03-02T11:36:00.000Z',
  moved: [{ model: fraud, from: 'at_risk', to: 'trusted', score: 80 }],
  movedCount: 1,
};
const recovery = after(worse.ctx, [staged(clearedT, {}, [])]).plan.deliveries.find((d) => d.channel === CHANNEL);

const escalation = planTimers({
  now: NOW + 3_600_000,
  states: Object.values(first.ctx.states),
  snoozed: () => false,
  escalateAfterMs: 3_600_000,
  escalationChannel: '#ml-oncall',
  acknowledged: new Set(),
}).deliveries;

const digestCauses = [
  [`freshness_lag:${dataset('raw.marketing.campaign_touches')}`, [model('campaign_uplift_v1')], 'medium'],
  // (a leak is its model's own: it goes to the model's owners, never to the table owners' digest)
  [`deprecated_upstream:${dataset('analytics.customer_profile')}`, [ltv, churn], 'medium'],
  [KEY, [fraud, ltv], 'high'],
  [`upstream_failure:${dataset('analytics.stg_sessions')}`, [model('session_intent_v1')], 'high'],
].map(([key, models, severity, ds]) => {
  const t = raised(
    key,
    models,
    models.map((m) => ({ model: m, from: null, to: 'caution', score: 60 })),
  );
  t.severity = severity;
  if (ds) t.dataset = ds;
  return staged(t, { [CHANNEL]: { models: models.map((m) => m.urn), mentions: ['U1CAROL01'] } }, []);
});
const digest = planCycle(digestCauses, ctx({ digestAbove: 3 })).deliveries[0];

const own = planCycle(
  [
    staged(
      {
        kind: 'band',
        id: `band:${churn.urn}:2`,
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
      { incident: undefined, links: { report: REPORT } },
    ),
  ],
  ctx(),
).deliveries[0];

const snoozeEnd = planTimers({
  now: NOW + 7_200_000,
  states: Object.values(
    after(ctx({ snoozed: (u) => u === ltv.urn }), [
      staged(raised(KEY, [ltv], [moves[1]]), { 'ml-platform': { models: [ltv.urn], mentions: ['U1ALICE99'] } }, STORY),
    ]).ctx.states,
  ),
  snoozed: () => false,
  escalateAfterMs: 86_400_000,
  acknowledged: new Set(),
}).deliveries[0];

const fallbackNote = {
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

// orphans: one ping (in an owners' channel), a digest, and App Home
const orphanPing = (table, models, departed = [], yours = true) => ({
  urn: dataset(table),
  name: table.split('.').at(-1),
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
const summary = (m, score, band) => ({ urn: m.urn, name: m.name, score, band, scannedAt: AT, findings: [] });
const home = homeView(
  {
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
      },
    ],
    incidentsCount: 1,
    atRisk: [summary(fraud, 40, 'at_risk'), summary(churn, 52, 'caution'), summary(ltv, 60, 'caution')],
    atRiskCount: 3,
    orphans: [
      {
        ...orphanPing('analytics.fct_transactions', [fraud, ltv]),
        models: [fraud.urn, ltv.urn],
        episode: 1,
        since: NOW,
        channels: [],
      },
      {
        ...orphanPing('raw.marketing.campaign_touches', [model('campaign_uplift_v1')], ['urn:li:corpuser:bob.okafor']),
        models: [model('campaign_uplift_v1').urn],
        episode: 1,
        since: NOW,
        channels: [],
      },
    ],
    orphansCount: 2,
    history: 'redis',
  },
  NOW,
);

const SHAPES = [
  {
    file: 'slack-alert.png',
    channel: CHANNEL,
    parent: alert.message,
    caption: 'An alert: one root cause, its models, the owners, the incident and its buttons',
  },
  {
    file: 'slack-followup.png',
    channel: CHANNEL,
    parent: followup.parent,
    replies: [followup.message],
    caption: 'A follow-up in the thread; the parent edited in place',
  },
  {
    file: 'slack-recovery.png',
    channel: CHANNEL,
    parent: recovery.parent,
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
    parent: escalation[0].parent,
    replies: [escalation[0].message],
    caption: 'Escalation, once, in the thread',
  },
  {
    file: 'slack-escalation-channel.png',
    channel: 'ml-oncall',
    parent: escalation.at(-1).message,
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
    file: 'slack-snooze-over.png',
    channel: 'ml-platform',
    parent: snoozeEnd.message,
    caption: 'A snooze ended and the trouble is still there',
  },
  {
    file: 'slack-snooze-command.png',
    channel: 'ml-platform',
    parent: snoozedMessage('customer_ltv_v2', 'model', NOW + 7_200_000, 'U1ALICE99'),
    caption: '/janus snooze, answered in the channel',
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
    caption: 'App Home: your models, their open incidents, what you could claim, the catalog at risk',
  },
];

// --- Block Kit → HTML, a mock of Slack's message layout ---

const EMOJI = {
  red_circle: '🔴',
  large_orange_circle: '🟠',
  large_yellow_circle: '🟡',
  large_green_circle: '🟢',
  white_circle: '⚪',
  white_check_mark: '✅',
  warning: '⚠️',
  rotating_light: '🚨',
  small_blue_diamond: '🔹',
  zzz: '💤',
  bell: '🔔',
  bust_in_silhouette: '👤',
  tada: '🎉',
  alarm_clock: '⏰',
};
const esc = (s) =>
  s
    .replace(/&(?!(amp|lt|gt);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const emoji = (s) => s.replace(/:([a-z_]+):/g, (m, n) => EMOJI[n] ?? m);
function mrkdwn(text) {
  // Slack's tokens first (links, mentions, dates), then the inline marks
  let s = text.replace(/<([^>|]+)(?:\|([^>]*))?>/g, (m, target, label) => {
    if (target.startsWith('@'))
      return `\uE000span class="mention"\uE001@${PEOPLE[target.slice(1)] ?? target.slice(1)}\uE000/span\uE001`;
    if (target.startsWith('#')) return `\uE000span class="mention"\uE001#${target.slice(1)}\uE000/span\uE001`;
    if (target.startsWith('!date')) {
      const d = new Date(Number(target.split('^')[1]) * 1000);
      return d.toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      });
    }
    return `\uE000a href="#"\uE001${label ?? target}\uE000/a\uE001`;
  });
  s = s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  s = esc(s)
    .replace(/\uE000/g, '<')
    .replace(/\uE001/g, '>');
  s = s
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*([^*\n]+)\*/g, '<b>$1</b>')
    .replace(/(^|\s)_([^_\n]+)_/g, '$1<i>$2</i>');
  return emoji(s).replace(/\n/g, '<br>');
}
function block(b) {
  switch (b.type) {
    case 'header':
      return `<div class="header">${emoji(esc(b.text.text))}</div>`;
    case 'section':
      return `<div class="section${b.accessory ? ' with-accessory' : ''}"><span>${mrkdwn(b.text?.text ?? '')}</span>${b.accessory?.type === 'button' ? `<span class="button ${b.accessory.style ?? ''}">${esc(b.accessory.text.text)}</span>` : ''}</div>`;
    case 'context':
      return `<div class="context">${b.elements.map((e) => `<span>${mrkdwn(e.text)}</span>`).join('')}</div>`;
    case 'actions':
      return `<div class="actions">${b.elements.map((e) => `<span class="button ${e.style ?? ''}">${esc(e.text.text)}</span>`).join('')}</div>`;
    case 'divider':
      return '<hr>';
    default:
      return '';
  }
}
const message = (m, time) => `
  <div class="message">
    <div class="avatar">A</div>
    <div class="body">
      <div class="who"><b>Argos</b> <span class="app">APP</span> <span class="time">${time}</span></div>
      ${m.blocks.length ? m.blocks.map(block).join('') : `<div class="section">${mrkdwn(m.text)}</div>`}
    </div>
  </div>`;
const page = (shape) => `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 15px/1.46 -apple-system, 'Segoe UI', 'Noto Sans', 'DejaVu Sans', 'Noto Color Emoji', sans-serif; color: #1d1c1d; background: #fff; }
  #shot { width: 720px; padding: 0 0 12px; }
  .channel { padding: 10px 20px; border-bottom: 1px solid #e8e8e8; font-weight: 700; }
  .message { display: flex; gap: 8px; padding: 8px 20px; }
  .avatar { flex: none; width: 36px; height: 36px; border-radius: 6px; background: #4a154b; color: #fff; font-weight: 700; display: flex; align-items: center; justify-content: center; }
  .body { flex: 1; min-width: 0; }
  .who .app { font-size: 10px; background: #e8e8e8; color: #616061; padding: 1px 3px; border-radius: 2px; }
  .who .time { color: #616061; font-size: 12px; }
  .header { font-size: 18px; font-weight: 900; margin: 4px 0 6px; }
  .section { margin: 4px 0; white-space: normal; overflow-wrap: anywhere; }
  .section.with-accessory { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; }
  .section.with-accessory .button { flex: none; }
  .context { color: #616061; font-size: 13px; margin: 6px 0; display: flex; flex-wrap: wrap; gap: 12px; }
  .actions { margin: 8px 0; display: flex; flex-wrap: wrap; gap: 8px; }
  .button { border: 1px solid #bbbabb; border-radius: 4px; padding: 3px 12px; font-size: 14px; font-weight: 700; }
  .button.primary { background: #007a5a; color: #fff; border-color: #007a5a; }
  code { font: 12px Menlo, 'DejaVu Sans Mono', monospace; color: #c01343; background: #f6f6f6; border: 1px solid #e8e8e8; border-radius: 3px; padding: 0 3px; }
  a { color: #1264a3; text-decoration: none; }
  .mention { color: #1264a3; background: #e8f5fa; border-radius: 3px; padding: 0 2px; }
  .thread { margin-left: 64px; border-left: 3px solid #e8e8e8; }
  .thread-label { margin: 4px 0 0 64px; color: #1264a3; font-size: 13px; font-weight: 700; }
</style></head><body><div id="shot">
  <div class="channel">${shape.home ? esc(shape.channel) : `# ${esc(shape.channel)}`}</div>
  ${message(shape.parent, '09:14')}
  ${shape.replies?.length ? `<div class="thread-label">${shape.replies.length} ${shape.replies.length === 1 ? 'reply' : 'replies'}</div><div class="thread">${shape.replies.map((r, i) => message(r, `${10 + i}:0${i}`)).join('')}</div>` : ''}
</div></body></html>`;

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const p = await browser.newPage({ viewport: { width: 720, height: 400 }, deviceScaleFactor: 1 });
  for (const shape of SHAPES) {
    await p.setContent(page(shape));
    await (await p.$('#shot')).screenshot({ path: path.join(OUT, shape.file) });
    console.log(`${path.join(OUT, shape.file)}: ${shape.caption}`);
  }
} finally {
  await browser.close();
}
