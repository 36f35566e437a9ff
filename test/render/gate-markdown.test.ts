import { describe, expect, it } from 'vitest';
import { gateChanges, gateVerdict, isBlocked, type GateResult } from '../../src/app/gate.js';
import type { Verdict } from '../../src/core/verdict.js';
import { gateMarkdown } from '../../src/render/gate-markdown.js';
import { GITHUB_COMMENT_LIMIT } from '../../src/render/markdown-budget.js';
import { cleanVerdict, troubledVerdict } from './verdicts.js';

const named = (v: Verdict, name: string): Verdict => ({
  ...v,
  model: { urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`, name },
});
const gated = (v: Verdict) => gateVerdict(v, { failOn: 'high' });
/** A catalog of `n` passing models named long enough that their table overflows a comment, and one blocked. */
function bigGate(n: number): GateResult[] {
  const clean = cleanVerdict();
  return [
    gated(troubledVerdict()),
    ...Array.from({ length: n }, (_, i) => gated(named(clean, `recommendation_ranker_for_region_${i}_v2`))),
  ];
}

describe('the gate as a pull request comment', () => {
  it('says what the change does, then the table, what blocks with its column chains and report link', async () => {
    const troubled = troubledVerdict();
    const before = [gated({ ...cleanVerdict(), model: troubled.model }), gated(named(cleanVerdict(), 'untouched'))];
    const after = [gated(troubled), gated(named(cleanVerdict(), 'untouched'))];
    const md = gateMarkdown(after, [], {
      changes: gateChanges(before, after),
      reportBaseUrl: 'https://janus.example.com/',
    });
    expect(md).toContain(`- **fraud_model**: score 100 → ${troubled.score} (at_risk), now blocked`);
    expect(md).toMatch(
      / {2}- \*\*new, blocking\*\*: This change introduces target leakage \(critical\) into fraud_model: /,
    );
    expect(md).toContain('- This change changes nothing Janus judges in untouched.');
    expect(md).toContain(
      '  - chain: `fraud_features.days_to_chargeback → clean_chargebacks.chargeback_at → fraud_train.is_fraud`',
    );
    expect(md).toContain(
      '[Model Impact Report](https://janus.example.com/reports/urn%3Ali%3AmlModel%3A%28urn%3Ali%3AdataPlatform%3Amlflow%2Cfraud_model%2CPROD%29)',
    );
    await expect(md).toMatchFileSnapshot('__golden__/gate.md');
  });

  it('without a public URL it says there are no report links, rather than linking nowhere', () => {
    const md = gateMarkdown([gated(troubledVerdict())]);
    expect(md).not.toContain('](');
    expect(md).toContain(
      '_No report links: Janus’s public URL (`server.publicUrl`, env `JANUS_PUBLIC_URL`) is not set._',
    );
  });

  it('a report that fits is whole, without a note', () => {
    const md = gateMarkdown(bigGate(100));
    expect(md.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    expect(md).not.toContain('not shown');
    expect(md.match(/^\| recommendation_ranker/gm)).toHaveLength(100);
  });

  it('past GitHub’s comment limit: the table cut at a row, saying how many are not shown and where they are', () => {
    const results = bigGate(3_000);
    const md = gateMarkdown(results);
    expect(gateMarkdown(results, [], { maxChars: Infinity }).length).toBeGreaterThan(3 * GITHUB_COMMENT_LIMIT);
    expect(md.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    const rows = md.match(/^\| recommendation_ranker_for_region_\d+_v2 \| 100 \| trusted \| pass \|$/gm)!;
    // every row shown is whole, and the note counts the rest
    expect(md.split('\n').filter((l) => l.startsWith('| recommendation_ranker'))).toHaveLength(rows.length);
    const more =
      /^_… ([\d,]+) more models not shown; the full report: the gate with `--format json` lists every model and finding_$/m.exec(
        md,
      );
    expect(more).not.toBeNull();
    // fraud_model's row is the first, and the blocking section (ranked before the table) is whole
    expect(rows.length + 1 + Number(more![1]!.replace(/,/g, ''))).toBe(results.length);
    expect(md).toContain(`| fraud_model | ${results[0]!.verdict.score} | at_risk | **blocked** |`);
    expect(md).toContain('### Blocking');
    expect(md).toContain('  - chain: `fraud_features.days_to_chargeback');
    expect(results.filter(isBlocked)).toHaveLength(1);
  });

  it('a tighter budget cuts the blocked models too, at a model, and says so', () => {
    const blocked = Array.from({ length: 40 }, (_, i) => gated(named(troubledVerdict(), `fraud_model_${i}`)));
    const md = gateMarkdown(blocked, [], { maxChars: 8_000, fullReport: 'the job log' });
    expect(md.length).toBeLessThanOrEqual(8_000);
    const shown = md.match(/^- \*\*fraud_model_\d+\*\*: target_leakage/gm) ?? [];
    expect(shown.length).toBeGreaterThan(0);
    const more = /^_… (\d+) more blocked models not shown; the full report: the job log_$/m.exec(md);
    expect(Number(more?.[1])).toBe(40 - shown.length);
    expect(md).toMatch(/^_… \d+ more models not shown; the full report: the job log_$/m);
  });
});
