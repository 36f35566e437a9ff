import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETECTORS } from '../../src/core/detectors/registry.js';
import { listenLocal, type LocalServer } from '../support/listen-local.js';

// The documentation site as CI builds it (`npm run docs:build`: docs:gen, then VitePress), opened in a real headless
// Chromium (Debian's package, as test/server/browser.test.ts). Needs dist/ (npm test builds it).
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) console.warn(`docs site browser test skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const ROOT = path.join(import.meta.dirname, '../..');
const run = promisify(execFile);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The built site as a static host serves it (clean URLs: /gate is gate.html, /catches/ is catches/index.html). */
function staticSite(dir: string): http.Server {
  return http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    const candidates = [file, `${file}.html`].filter((f) => f.startsWith(dir));
    const found = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (!found) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': TYPES[path.extname(found)] ?? 'application/octet-stream' });
    fs.createReadStream(found).pipe(res);
  });
}

describe.skipIf(!hasChromium)('the documentation site in headless Chromium', () => {
  let out: string;
  let site: LocalServer;
  let browser: Browser;
  let page: Page;
  const failed: string[] = [];

  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-docs-'));
    await run(process.execPath, ['scripts/docs-gen.mjs'], { cwd: ROOT });
    const vitepress = path.join(ROOT, 'node_modules/vitepress/bin/vitepress.js');
    await run(process.execPath, [vitepress, 'build', 'docs', '--outDir', out], { cwd: ROOT });
    site = await listenLocal(staticSite(out));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => failed.push(e.message));
    // a navigation cancels the page's prefetches (net::ERR_ABORTED): not a broken site
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.url()}: ${r.failure()?.errorText}`);
    });
    page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.url()}: ${r.status()}`)));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it('home: Argos, idle, opens the page; the alert pose further down; every image loads', async () => {
    expect((await page.goto(`${site.url}/`))?.status()).toBe(200);
    const hero = page.locator('.VPHero img[src$="argos.svg"]');
    await expect.poll(() => hero.isVisible()).toBe(true);
    expect(await hero.getAttribute('alt')).toMatch(/Argos/);
    expect(await page.locator('.terminal-cast-player[data-cast="/casts/demo.cast"]').count()).toBe(1);
    const alert = page.locator('img[src$="argos.svg#alert"]');
    expect(await alert.count()).toBe(1);
    // Runs in the page (the project has no DOM types): images that did not load
    const broken = await page.evaluate(
      `[...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute('src'))`,
    );
    expect(broken).toEqual([]);
    expect(await page.locator('.VPHero .tagline').textContent()).toMatch(/^\s*Argos: "/);
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test-results/docs-home.png'), fullPage: true });
  });

  it('gate: the recorded run plays from the site (/casts/), its last screen first, from its start on play', async () => {
    // without JavaScript (and on GitHub) the page shows the last screen as a picture
    expect(fs.readFileSync(path.join(out, 'gate.html'), 'utf8')).toMatch(
      /class="terminal-cast-fallback"[^>]*>(<!--\[-->)?<p><img src="[^"]+" alt="janus gate --model customer_ltv_v2/,
    );
    const cast = page.waitForResponse((r) => new URL(r.url()).pathname === '/casts/gate-blocks-leak.cast');
    await page.goto(`${site.url}/gate`);
    expect((await cast).status()).toBe(200);
    const player = page.locator('.terminal-cast .ap-player');
    await expect.poll(() => player.count()).toBe(1);
    expect(await page.locator('.terminal-cast-fallback').count()).toBe(0);
    const screen = player.locator('.ap-term-text');
    // before play, the poster: the run's last screen, drawn from the recording
    const end = /janus: gate blocked customer_ltv_v2\s*\$ echo \$\?\s*1/;
    await expect.poll(() => screen.textContent()).toMatch(end);
    expect(await screen.textContent()).not.toContain('$ janus gate');
    // every screen the player draws once started (runs in the page: the project has no DOM types)
    await page.evaluate(`(() => {
      const player = document.querySelector('.terminal-cast .ap-player');
      const screens = (window.janusCastScreens = []);
      const seen = () => screens.push(player.querySelector('.ap-term-text').textContent);
      new MutationObserver(seen).observe(player, { subtree: true, childList: true, characterData: true });
    })()`);
    await player.locator('.ap-overlay-start').click();
    const screens = () => page.evaluate(`window.janusCastScreens`) as Promise<string[]>;
    // played from its start (the command typed), to the exit code again
    await expect
      .poll(async () => (await screens()).some((t) => t.includes('$ janus gate --model customer_ltv_v2')))
      .toBe(true);
    await expect.poll(async () => (await screens()).at(-1)).toMatch(end);
    expect(failed).toEqual([]);
  });

  it("home: the detector list is the registry's, in its order, with each one's severity and weight", async () => {
    await page.goto(`${site.url}/`);
    const rows = page.locator('.janus-detectors tbody tr');
    await expect.poll(() => rows.count()).toBe(DETECTORS.length);
    for (const [i, d] of DETECTORS.entries()) {
      const cells = (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
      expect(cells.slice(0, 4)).toEqual([d.name, d.summary, d.severity, String(d.weight)]);
    }
  });

  it('the sidebar leads to every section, and the catches page lists the detectors too', async () => {
    await page.goto(`${site.url}/catches/`);
    const sidebar = page.locator('.VPSidebar');
    for (const section of ['What Janus catches', 'How it works', 'Numbers', 'Slack', 'Accepted risk', 'Gate'])
      expect(await sidebar.getByText(section, { exact: true }).count(), section).toBeGreaterThan(0);
    // the catches page names every detector (its own page, or the list's fallback), the sidebar each detector page built
    const names = (
      await page.locator('.vp-doc table').first().locator('tbody tr td:first-child').allTextContents()
    ).map((t) => t.trim());
    expect(names).toEqual(DETECTORS.map((d) => d.name));
    const built = DETECTORS.filter((d) => fs.existsSync(path.join(out, `catches/${d.name}.html`))).map((d) => d.name);
    const listed = await sidebar
      .locator('a[href*="/catches/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(listed.filter((href) => !href?.endsWith('/catches/')).map((href) => href?.split('/').pop())).toEqual(built);
    await page.locator('.VPSidebar').getByText('Against a real DataHub', { exact: true }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/^Janus on a real DataHub/);
    expect(failed).toEqual([]);
  });
});
