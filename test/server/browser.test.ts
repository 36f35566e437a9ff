import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { createLogger } from '../../src/log.js';
import { createJanusServer, listen, type Listening } from '../../src/server/index.js';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { acceptedCase } from '../html-report/fixtures.js';
import { troubledVerdict } from '../render/verdicts.js';
import { demoScore } from '../support/demo-verdicts.js';

// A real headless Chromium (Debian's package; no browser download): the report as a person sees it.
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const MODELS = [
  'fraud_detector_v4',
  'churn_predictor_v2',
  'session_intent_v1',
  'campaign_uplift_v1',
  'customer_ltv_v2',
];

describe.skipIf(!hasChromium)(`the report in headless Chromium (${CHROMIUM})`, () => {
  let sim: RunningSim;
  let janus: Listening;
  let hostile: Listening;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sim = await startSim({ demo: true, port: 0 });
    const client = createDataHubClient({ url: sim.url });
    const policy = judgePolicy(judgeSchema.parse({}));
    const logger = createLogger({ level: 'silent' });
    janus = await listen(
      createJanusServer({ judge: (ref) => judgeModel({ client, policy }, ref), logger }).server,
      0,
      '127.0.0.1',
    );
    // A catalog that names a model `<script>`: the page must render it as text.
    const evil = {
      ...troubledVerdict(),
      model: {
        urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,<script>alert(1)</script>,PROD)',
        name: '<script>alert(1)</script><img src=x onerror=alert(2)>',
      },
    };
    hostile = await listen(
      createJanusServer({
        judge: async () => ({
          verdict: evil,
          graph: (await judgeModel({ client, policy }, 'fraud_detector_v4')).graph,
        }),
        logger,
      }).server,
      0,
      '127.0.0.1',
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    fs.mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([janus?.close(), hostile?.close()]);
    await sim?.close();
  });

  it('shows fraud_detector_v4: the score, the band and a readable lineage picture with the leak', async () => {
    const res = await page.goto(`${janus.url}/reports/fraud_detector_v4`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('.score-value').isVisible()).toBe(true);
    expect(await page.locator('.score-value').textContent()).toBe(String(demoScore('fraud')));
    const band = page.locator('.score-card .band');
    expect(await band.isVisible()).toBe(true);
    expect(await band.textContent()).toBe('At risk');
    const svg = page.locator('svg.lineage');
    expect(await svg.isVisible()).toBe(true);
    const box = (await svg.boundingBox())!;
    expect(box.width).toBeGreaterThan(400);
    expect(box.height).toBeGreaterThan(100);
    const shared = page.locator('svg.lineage g.node[data-severity="critical"]', { hasText: 'chargeback_at' });
    expect(await shared.isVisible()).toBe(true);
    for (const label of [
      'chargeback_at',
      'days_to_chargeback',
      'is_fraud',
      'fraud_detector_v4',
      'shared ancestor',
      'label',
      'leaking feature',
    ])
      expect(await svg.locator('text', { hasText: label }).first().isVisible(), label).toBe(true);
    await page.screenshot({ path: 'test-results/report-fraud_detector_v4.png', fullPage: true });
  });

  it.each(MODELS)('renders %s with every label inside its box and nothing wider than the window', async (model) => {
    expect((await page.goto(`${janus.url}/reports/${model}`))?.status()).toBe(200);
    // Runs in the page (the project has no DOM types): the labels whose text runs past their box.
    const overflow = await page.evaluate(`[...document.querySelectorAll('svg.lineage g.node')].flatMap((g) => {
      const box = g.querySelector('rect').getBoundingClientRect();
      return [...g.querySelectorAll(':scope > text, :scope > a > text')]
        .filter((t) => t.getBoundingClientRect().right > box.right - 4 || t.getBoundingClientRect().left < box.left)
        .map((t) => t.textContent);
    })`);
    expect(overflow).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    expect(await page.locator('svg.lineage').isVisible()).toBe(true);
    await page.screenshot({ path: `test-results/report-${model}.png`, fullPage: true });
  });

  it('shows the accepted risks: a row each, coloured by standing, a lapsed one with why, within the window', async () => {
    const logger = createLogger({ level: 'silent' });
    const audit = await listen(
      createJanusServer({ judge: () => Promise.resolve(acceptedCase()), logger }).server,
      0,
      '127.0.0.1',
    );
    try {
      expect((await page.goto(`${audit.url}/reports/fraud_model`))?.status()).toBe(200);
      const section = page.locator('section[aria-label="accepted risks"]');
      expect(await section.isVisible()).toBe(true);
      expect(await section.locator('tbody tr').count()).toBe(4);
      expect(await section.locator('.acc-active').textContent()).toBe('accepted');
      // runs in the page (the project has no DOM types): each standing's pill colour
      const colour = (selector: string) =>
        page.evaluate(
          `getComputedStyle(document.querySelector('section[aria-label="accepted risks"] ${selector}')).backgroundColor`,
        );
      expect(await colour('.acc-active')).toBe('rgb(220, 250, 230)');
      expect(await colour('.acc-lapsed')).toBe('rgb(254, 228, 226)');
      expect(await section.locator('tr', { hasText: 'expired on 2026-11-30' }).isVisible()).toBe(true);
      expect(await section.locator('td', { hasText: 'backfill running <until Friday>' }).isVisible()).toBe(true);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
      await section.screenshot({ path: 'test-results/report-accepted-risks.png' });
    } finally {
      await audit.close();
    }
  });

  it('renders a model named <script> as text: no script runs, no element is injected', async () => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    expect((await page.goto(`${hostile.url}/reports/anything`))?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>');
    expect(await page.evaluate("document.querySelectorAll('script, img, iframe').length")).toBe(0);
    expect(await page.title()).toContain('<script>alert(1)</script>');
    expect(dialogs).toEqual([]);
  });
});
