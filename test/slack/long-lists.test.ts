import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { digestMessage } from '../../src/slack/alerts/render.js';
import type { AlertState } from '../../src/slack/alerts/types.js';
import { historyMessage, watchingMessage } from '../../src/slack/command-replies.js';
import { clipLine, fitLines } from '../../src/slack/present/list.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { ingestProposalBatch, type Proposal } from '@janus/datahub-sim/ingest-client';
import { blockProblems, startFakeSlack, type FakeSlack } from './fake-slack.js';
import { SECRET, startJanusWithSlack, type JanusWithSlack } from './harness.js';
import { sendSlashCommand } from './slash-command.js';

/**
 * Lists longer than a Slack message holds: `/janus at-risk` over 44 models with long names (through real Bolt, the
 * simulator and the fake Slack, which refuses what Slack refuses), and the other lists' builders at any size.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Slack messages read loosely

const MODELS = 44;
const modelName = (i: number) => `customer_lifetime_value_propensity_scoring_${String(i).padStart(2, '0')}`;
const modelUrn = (i: number) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${modelName(i)},PROD)`;

const SOURCE = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.old_orders,PROD)';
const FEATURE = 'urn:li:mlFeature:(orders,order_count)';
/** 44 models reading one feature of a deprecated table nobody owns: each judged not trusted. */
const proposals: Proposal[] = [
  { entityType: 'dataset', entityUrn: SOURCE, aspectName: 'datasetProperties', aspect: { name: 'old_orders' } },
  {
    entityType: 'dataset',
    entityUrn: SOURCE,
    aspectName: 'deprecation',
    aspect: { deprecated: true, note: 'use shop.orders', actor: 'urn:li:corpuser:datahub' },
  },
  {
    entityType: 'mlFeature',
    entityUrn: FEATURE,
    aspectName: 'mlFeatureProperties',
    aspect: { customProperties: {}, dataType: 'CONTINUOUS', sources: [SOURCE] },
  },
  ...Array.from({ length: MODELS }, (_, i) => ({
    entityType: 'mlModel',
    entityUrn: modelUrn(i),
    aspectName: 'mlModelProperties',
    aspect: { name: modelName(i), customProperties: {}, mlFeatures: [FEATURE] },
  })),
];

/** The texts of every section and context element of a message. */
const textsOf = (blocks: Json[]): string[] =>
  blocks.flatMap((b) =>
    b.type === 'section' ? [b.text.text as string] : b.type === 'context' ? b.elements.map((e: Json) => e.text) : [],
  );
/** Whether every `<` opens a whole Slack token (`<url|label>`, `<!date^…|…>`): nothing cut in the middle of a link. */
const linksWhole = (text: string) => text.replace(/<[^<>]+>/g, '').indexOf('<') < 0;

let sim: RunningSim;
let slack: FakeSlack;
let janus: JanusWithSlack;

beforeAll(async () => {
  sim = await startSim({ demo: false, port: 0 });
  expect((await ingestProposalBatch(sim.url, proposals)).status).toBe(200);
  slack = await startFakeSlack();
  janus = await startJanusWithSlack({ datahub: sim.url, slack });
  const judge = { client: createDataHubClient({ url: sim.url }), policy: judgePolicy(judgeSchema.parse({})) };
  for (let i = 0; i < MODELS; i++) await janus.history.record((await judgeModel(judge, modelUrn(i))).verdict);
});
afterAll(async () => {
  await janus?.close();
  await slack?.close();
  await sim?.close();
});
afterEach(() => expect(slack.unexpected).toEqual([]));

describe('/janus at-risk with 44 models', () => {
  it('every section within 3,000 characters, no link cut, and "…and N more" counts exactly the models not shown', async () => {
    const { id, url } = slack.responseUrl();
    const res = await sendSlashCommand(janus.endpoint, { text: 'at-risk', responseUrl: url, secret: SECRET });
    expect(res.status).toBe(200);
    const m = (await slack.posted(id)) as Json;
    expect(m.text).toBe(`${MODELS} models are not trusted, worst first`);
    expect(blockProblems(m.blocks)).toEqual([]);
    const texts = textsOf(m.blocks as Json[]);
    for (const t of texts) {
      expect(t.length).toBeLessThanOrEqual(3000);
      expect(linksWhole(t)).toBe(true);
    }
    const rows = texts.flatMap((t) => t.split('\n')).filter((l) => /\d+\/100/.test(l));
    // each row links its model's report, whole
    for (const r of rows) expect(r).toMatch(/<http:\/\/127\.0\.0\.1:\d+\/reports\/[^|>]+\|customer_[a-z_0-9]+>/);
    expect(new Set(rows).size).toBe(rows.length);
    const more = /…and (\d+) more models: <([^|>]+)\|Janus lists them all>/.exec(texts.join('\n'));
    expect(more).not.toBeNull();
    expect(rows.length + Number(more![1])).toBe(MODELS);
    // the rest, linked: Janus's page lists all 44, each linking its report
    expect(more![2]).toBe(`${janus.url}/at-risk`);
    const page = await fetch(more![2]!);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (let i = 0; i < MODELS; i++) expect(html).toContain(`>${modelName(i)}</a>`);
    expect(html.match(/href="\/reports\/urn%3Ali%3AmlModel/g)).toHaveLength(MODELS);
  });
});

describe('the list builder', () => {
  it('packs whole lines, never more than the sections allowed, and counts what it leaves out', () => {
    const lines = Array.from(
      { length: 100 },
      (_, i) => `• <https://janus.test/reports/${'x'.repeat(150)}${i}|model ${i}>`,
    );
    const fitted = fitLines(lines, { sections: 2 });
    expect(fitted.sections).toHaveLength(2);
    for (const s of fitted.sections) expect(s.length).toBeLessThanOrEqual(3000);
    expect(fitted.sections.join('\n').split('\n')).toEqual(lines.slice(0, fitted.shown));
    expect(fitted.shown + fitted.hidden).toBe(100);
    expect(fitLines(lines, { rows: 5, sections: 2 })).toMatchObject({ shown: 5, hidden: 95 });
  });

  it('a line longer than a section by itself is cut before the link it would break', () => {
    const line = `${'a'.repeat(2990)} <https://janus.test/reports/${'y'.repeat(100)}|model>`;
    const cut = clipLine(line, 3000);
    expect(cut.length).toBeLessThanOrEqual(3000);
    expect(cut).toBe(`${'a'.repeat(2990)} …`);
  });

  it('/janus watching with 60 long names and /janus history with 30 scans: within limits, the rest counted', () => {
    const watches = Array.from({ length: 60 }, (_, i) => ({
      name: `${'a_rather_long_dataset_name_'.repeat(4)}${i}`,
      kind: 'dataset' as const,
      since: 1_767_225_600_000,
    }));
    const watching = watchingMessage(watches);
    expect(blockProblems(watching.blocks)).toEqual([]);
    const wTexts = textsOf(watching.blocks as Json[]);
    const shown = wTexts.flatMap((t) => t.split('\n')).filter((l) => l.startsWith('• ')).length;
    expect(shown + Number(/…and (\d+) more entities/.exec(wTexts.join('\n'))![1])).toBe(60);

    const entries = Array.from({ length: 30 }, (_, i) => ({
      scannedAt: new Date(1_767_225_600_000 - i * 3_600_000).toISOString(),
      score: 50 + (i % 7),
      band: 'caution' as const,
    }));
    const history = historyMessage({ urn: modelUrn(0), name: modelName(0) }, entries, true);
    expect(blockProblems(history.blocks)).toEqual([]);
    const hTexts = textsOf(history.blocks as Json[]).join('\n');
    expect(hTexts).toContain('…and 10 more scans');
    for (const t of textsOf(history.blocks as Json[])) expect(linksWhole(t)).toBe(true);
  });

  it('an alert digest of 600 problems with report links: whole lines, under the size Slack takes, the rest counted exactly', () => {
    const alerts = Array.from({ length: 600 }, (_, i) => ({
      alert: {
        id: `cause:k${i}#1`,
        kind: 'cause',
        key: `k${i}`,
        headline: `Freshness lag on ${'a_long_table_name_'.repeat(6)}${i}`,
        story: [],
        since: '2026-03-01T08:00:00.000Z',
        raisedAt: i,
        status: 'open',
        models: { [modelUrn(i % MODELS)]: { urn: modelUrn(i % MODELS), name: modelName(i % MODELS) } },
        modelCount: 1,
        links: { report: `https://janus.example.com/reports/${encodeURIComponent(modelUrn(i % MODELS))}` },
        channels: {},
      } as AlertState,
      channel: { models: [modelUrn(i % MODELS)], mentions: [] },
    }));
    const m = digestMessage(alerts);
    expect(blockProblems(m.blocks)).toEqual([]);
    const texts = textsOf(m.blocks as Json[]);
    for (const t of texts) expect(linksWhole(t)).toBe(true);
    // under the ~12,000 characters of blocks past which Slack answers msg_blocks_too_long
    expect(texts.join('').length).toBeLessThan(12_000);
    const shown = texts.flatMap((t) => t.split('\n')).filter((l) => l.startsWith('• ')).length;
    expect(shown + Number(/…and (\d+) more problems/.exec(texts.join('\n'))![1])).toBe(600);
  });
});
