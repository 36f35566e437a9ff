import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/core/verdict.js';
import { MAX_FINDINGS, verdictBlocks } from '../../src/render/blocks.js';
import { LIMITS, type Block } from '../../src/slack/present/kit.js';
import { mrkdwn } from '../../src/slack/present/mrkdwn.js';
import { cleanVerdict, troubledVerdict } from './verdicts.js';

const REPORT =
  'https://janus.example.com/reports/urn%3Ali%3AmlModel%3A(urn%3Ali%3AdataPlatform%3Amlflow%2Cfraud_model%2CPROD)';
const DATAHUB =
  'http://datahub.example:9002/mlModels/urn%3Ali%3AmlModel%3A(urn%3Ali%3AdataPlatform%3Amlflow%2Cfraud_model%2CPROD)';
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** Every text a block holds, for the limits. */
function texts(b: Block): { kind: string; text: string }[] {
  const out: { kind: string; text: string }[] = [];
  if ((b.type === 'section' || b.type === 'header') && b.text) out.push({ kind: b.type, text: b.text.text });
  if (b.type === 'section') for (const f of b.fields ?? []) out.push({ kind: 'field', text: f.text });
  if (b.type === 'context')
    for (const e of b.elements)
      if ('text' in e && typeof e.text === 'string') out.push({ kind: 'context', text: e.text });
  return out;
}

/** A verdict the size generated catalogs give: thousands of findings, hundreds of models downstream. */
function hugeVerdict(): Verdict {
  const v = troubledVerdict();
  const findings = Array.from({ length: 4_000 }, (_, i) => ({
    ...v.findings[i % v.findings.length]!,
    key: `k${i}`,
    message: `finding ${i} ${'x'.repeat(200)}`,
  }));
  const models = Array.from({ length: 800 }, (_, i) => ({
    urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,model_${String(i).padStart(5, '0')},PROD)`,
    name: `model_${String(i).padStart(5, '0')}`,
  }));
  return {
    ...v,
    model: { ...v.model, name: `fraud_model_${'n'.repeat(200)}` },
    findings,
    blastRadius: [{ dataset: 'urn:li:dataset:x', models }],
  };
}

describe('Block Kit', () => {
  it('renders a troubled verdict from the latest scan, with the report and DataHub links', async () => {
    const m = verdictBlocks(troubledVerdict(), {
      source: { kind: 'scan', scannedAt: '2026-01-01T12:00:03.000Z' },
      reportUrl: REPORT,
      datahubUrl: DATAHUB,
    });
    await expect(json(m)).toMatchFileSnapshot('__golden__/verdict.blocks.json');
  });

  it('renders a clean verdict judged now, without links when none are configured', async () => {
    const m = verdictBlocks(cleanVerdict(), { source: { kind: 'live' } });
    await expect(json(m)).toMatchFileSnapshot('__golden__/verdict-clean.blocks.json');
    expect(m.blocks.some((b) => b.type === 'actions')).toBe(false);
  });

  it('reads the same every time', () => {
    const opts = { source: { kind: 'live' as const } };
    expect(verdictBlocks(troubledVerdict(), opts)).toEqual(verdictBlocks(troubledVerdict(), opts));
  });

  it("keeps a verdict with thousands of findings inside Block Kit's limits, and says how many it left out", () => {
    const m = verdictBlocks(hugeVerdict(), { source: { kind: 'live' }, reportUrl: REPORT });
    expect(m.blocks.length).toBeLessThanOrEqual(LIMITS.blocks);
    const all = m.blocks.flatMap(texts);
    for (const t of all)
      expect(t.text.length).toBeLessThanOrEqual(
        t.kind === 'header' ? LIMITS.headerText : t.kind === 'field' ? LIMITS.fieldText : LIMITS.sectionText,
      );
    for (const b of m.blocks)
      if (b.type === 'section') expect(b.fields?.length ?? 0).toBeLessThanOrEqual(LIMITS.fields);
    // Slack also refuses a message whose blocks sum past about 12k characters (slackapi/bolt-js#2509).
    expect(all.reduce((n, t) => n + t.text.length, 0)).toBeLessThan(10_000);
    const shown = m.blocks.filter((b) => b.type === 'section' && b.text?.text.startsWith(':'));
    expect(shown).toHaveLength(MAX_FINDINGS);
    expect(all.map((t) => t.text)).toContain(
      `…and ${(4_000 - MAX_FINDINGS).toLocaleString('en-US')} more findings. The Model Impact Report lists every one.`,
    );
    expect(all.find((t) => t.text.startsWith('The same trouble reaches'))?.text).toMatch(
      /^The same trouble reaches 800 other models: model_00000, .*, model_00009 and 790 more\.$/,
    );
  });

  it('escapes what DataHub supplies, so a name cannot mention @channel or forge a link', () => {
    const v = troubledVerdict();
    const hostile = { ...v, model: { ...v.model, name: '<!channel> & <https://evil.example|click>' } };
    const m = verdictBlocks(hostile, { source: { kind: 'live' } });
    const body = JSON.stringify(m.blocks.filter((b) => b.type !== 'header'));
    expect(body).not.toContain('<!channel>');
    expect(body).toContain('&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;');
    expect(m.text.startsWith(`${mrkdwn('<!channel> & <https://evil.example|click>')} scores `)).toBe(true);
  });
});
