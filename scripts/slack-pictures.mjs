// Draws the pictures of docs/slack.md: the Block Kit Janus sends, from the real builders
// (scripts/slack-pictures/scenarios.ts, built into dist/ with the sources) → an HTML mock of Slack's layout (desktop,
// or a phone's at 390 px) → a screenshot through headless Chromium (playwright-core and /usr/bin/chromium, as the
// report's browser test uses; apt-get install -y chromium fonts-noto-color-emoji). One command builds and draws:
//
//   npm run docs:pictures                        (build, then node scripts/slack-pictures.mjs docs/img)
//   node scripts/slack-pictures.mjs [outDir]     (default docs/img; after the build)
//
// Exits non-zero when a picture cannot be made: a scenario the builders no longer produce, a block type the mock
// cannot draw, an emoji it does not know, Chromium missing.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { shootSlack } from './slack-pictures/frame.mjs';

const OUT = process.argv[2] ?? 'docs/img';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const SCENARIOS = new URL('../dist/scripts/slack-pictures/scenarios.js', import.meta.url);
if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM to one.`);
  process.exit(1);
}
if (!fs.existsSync(SCENARIOS)) {
  console.error('dist/scripts/slack-pictures/scenarios.js is missing: run `npm run docs:pictures` (it builds first).');
  process.exit(1);
}
const { PICTURES, PEOPLE } = await import(SCENARIOS.href);

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const failed = [];
try {
  for (const shape of PICTURES) {
    try {
      await shootSlack(browser, shape, path.join(OUT, shape.file), { people: PEOPLE });
      console.log(`${path.join(OUT, shape.file)}: ${shape.caption}`);
    } catch (e) {
      failed.push(e.message);
    }
  }
} finally {
  await browser.close();
}
if (failed.length) {
  for (const f of failed) console.error(f);
  process.exit(1);
}
