import { chromium } from 'playwright-core';
import fs from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const w = Number(process.argv[4] ?? 1280);
const page = await browser.newPage({ viewport: { width: w, height: 1300 } });
await page.setContent(fs.readFileSync(process.argv[2], 'utf8'));
await page.screenshot({ path: process.argv[3], fullPage: process.argv[5] !== 'top' });
console.log(await page.evaluate('document.documentElement.scrollWidth'));
await browser.close();
