import { chromium } from 'playwright-core';
import fs from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const w of [420, 1280]) {
const page = await browser.newPage({ viewport: { width: w, height: 1300 } });
await page.setContent(fs.readFileSync(process.argv[2], 'utf8'));
console.log(w, await page.evaluate(`(() => { const s = document.querySelector('svg.lineage'); const r = s.getBoundingClientRect(); return [r.width, r.height, s.getAttribute('width'), s.getAttribute('height'), s.parentElement.getBoundingClientRect().width]; })()`));
}
await browser.close();
