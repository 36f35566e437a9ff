import { chromium } from 'playwright-core';
import fs from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, deviceScaleFactor: 1 });
await page.setContent(fs.readFileSync(process.argv[2], 'utf8'));
await page.locator('svg.lineage').screenshot({ path: process.argv[3] });
// measure text overflow
const over = await page.evaluate(() => [...document.querySelectorAll('g.node')].map(g => { const r = g.querySelector('rect').getBBox(); const t=[...g.querySelectorAll(':scope > text, :scope > a > text')].map(x=>x.getBBox()); return { urn: g.getAttribute('data-urn').slice(-40), rect: r.x + r.width, text: Math.max(...t.map(b=>b.x+b.width)) }; }).filter(x => x.text > x.rect - 6));
console.log(JSON.stringify(over));
await browser.close();
