// The pictures of each detector's page (docs/catches/<detector>.md, scripts/docs-gen/10-detectors.mjs), from the same
// real example the page shows (scripts/docs-gen/lib/detector-examples.mjs): the top of the model's Model Impact Report
// as `janus trust <model> --report-dir` wrote it, down to the deductions (report-<detector>.png), and the alert the
// planner builds for the finding drawn in the Slack mock of scripts/slack-pictures/frame.mjs (slack-<detector>.png).
// Part of `npm run docs:pictures` (it builds first):
//
//   node scripts/catches-pictures.mjs [outDir]     (default docs/img/catches; after the build)
//
// Exits non-zero when a picture cannot be made: the CLI failing, a detector without an example or an alert, a report
// without its deductions, a block the mock cannot draw, Chromium missing. Pictures of detectors no longer registered
// are removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { janusOk } from './docs-gen/lib/janus-process.mjs';
import { pictureFiles, withDetectorExamples } from './docs-gen/lib/detector-examples.mjs';
import { shootSlack, WIDTH } from './slack-pictures/frame.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const OUT = process.argv[2] ?? 'docs/img/catches';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
/** The pictures' width in pixels: the report and the Slack mock are laid out at their own width, scaled to it. */
const PIXELS = 900;
/** The width the report is laid out at (as docs/report.md's pictures), so its lineage fits beside its margins. */
const REPORT_WIDTH = 1100;
/** The tallest a report picture may be, in the report's pixels: the top of the report, not the whole page. */
const MOST_HEIGHT = 2400;
if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM to one.`);
  process.exit(1);
}

/** The top of the report at `file`, down to the bottom of its Deductions card (where the finding's row is). */
async function shootReport(browser, html, file, finding) {
  const page = await browser.newPage({
    viewport: { width: REPORT_WIDTH, height: 900 },
    deviceScaleFactor: PIXELS / REPORT_WIDTH,
  });
  try {
    await page.goto(pathToFileURL(html).href);
    const deductions = page.locator('section.card', { has: page.locator('h2', { hasText: /^Deductions$/ }) });
    if ((await deductions.count()) !== 1) throw new Error(`${html}: no Deductions section`);
    const text = await deductions.innerText();
    if (!text.includes(finding.detector)) throw new Error(`${html}: the deductions do not list ${finding.detector}`);
    const box = await deductions.boundingBox();
    const height = Math.min(Math.ceil(box.y + box.height + 16), MOST_HEIGHT);
    await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: REPORT_WIDTH, height } });
  } finally {
    await page.close();
  }
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-catches-pictures-'));
fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const made = await withDetectorExamples(ROOT, async ({ detectors, found }) => {
    const written = new Set();
    const files = [];
    for (const d of detectors) {
      const e = found.get(d.name);
      const model = e.verdict.model.name;
      const dir = path.join(reports, e.source.name);
      const id = `${e.source.name}/${model}`;
      if (!written.has(id)) {
        await janusOk(ROOT, ['trust', model, '--report-dir', dir], e.sim.url);
        written.add(id);
      }
      const alert = e.alerts.get(e.finding.key);
      if (!alert)
        throw new Error(`the example of detector ${d.name} (${model}) raises no Slack alert on a first cycle`);
      const { report, slack } = pictureFiles(d.name);
      await shootReport(browser, path.join(dir, `${model}.html`), path.join(OUT, report), e.finding);
      console.log(`${path.join(OUT, report)}: the Model Impact Report of ${model} (${d.name})`);
      const shape = { channel: 'data-platform-alerts', parent: alert, frame: 'desktop' };
      await shootSlack(browser, shape, path.join(OUT, slack), { scale: PIXELS / WIDTH.desktop });
      console.log(`${path.join(OUT, slack)}: the Slack alert of ${d.name} on ${model}`);
      files.push(report, slack);
    }
    return files;
  });
  for (const stale of fs.readdirSync(OUT).filter((f) => f.endsWith('.png') && !made.includes(f))) {
    fs.rmSync(path.join(OUT, stale));
    console.log(`${path.join(OUT, stale)}: removed (no registered detector shows it)`);
  }
} finally {
  await browser.close();
  fs.rmSync(reports, { recursive: true, force: true });
}
