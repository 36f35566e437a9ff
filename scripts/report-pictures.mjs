// Screenshots of the Model Impact Report for docs/report.md: the page `janus trust <model> --report-dir` writes
// (the same page `janus serve` answers), for the demo catalog's fraud_detector_v4 (a leak) and customer_ltv_v2
// (trusted), judged by the built CLI against a DataHub simulator, drawn by headless Chromium (playwright-core and
// /usr/bin/chromium, as scripts/slack-pictures.mjs). Part of `npm run docs:pictures` (it builds first):
//
//   node scripts/report-pictures.mjs [outDir]     (default docs/img; after the build)
//
// Exits non-zero when a picture cannot be made: the CLI failing, a report not written, Chromium missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = process.argv[2] ?? 'docs/img';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const CLI = path.resolve('dist/src/cli.js');
const MODELS = [
  { name: 'fraud_detector_v4', file: 'report-fraud-detector-v4.png' },
  { name: 'customer_ltv_v2', file: 'report-customer-ltv-v2.png' },
];
if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM to one.`);
  process.exit(1);
}
if (!fs.existsSync(CLI)) {
  console.error('dist/src/cli.js is missing: run `npm run docs:pictures` (it builds first).');
  process.exit(1);
}
const { startSim } = await import('@janus/datahub-sim');

const trust = (model, dir, datahub) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'trust', model, '--report-dir', dir], {
      env: { PATH: process.env.PATH ?? '', DATAHUB_GMS_URL: datahub, JANUS_LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) =>
      // trust exits 0 whatever the band; anything else is a run that failed
      code === 0 ? resolve() : reject(new Error(`janus trust ${model} exited ${code}: ${stderr.trim()}`)),
    );
  });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-report-pictures-'));
const sim = await startSim({ demo: true, port: 0 });
try {
  for (const m of MODELS) await trust(m.name, dir, sim.url);
} finally {
  await sim.close();
}
fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  for (const m of MODELS) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await page.goto(pathToFileURL(path.join(dir, `${m.name}.html`)).href);
    await page.screenshot({ path: path.join(OUT, m.file), fullPage: true });
    await page.close();
    console.log(`${path.join(OUT, m.file)}: the Model Impact Report of ${m.name}`);
  }
} finally {
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
