import { describe, expect, it } from 'vitest';
import { modelReportHtml } from '../../src/html-report/index.js';
import { NOW } from '../core/builder.js';
import { acceptedCase, deepCase } from './fixtures.js';

/** The cells of the "Accepted risks" table, a row each, tags stripped. */
function acceptedRows(html: string): string[][] {
  const section = /<section class="card" aria-label="accepted risks">([\s\S]*?)<\/section>/.exec(html)?.[1];
  if (!section) return [];
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(section)![1]!;
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1]!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((c) =>
      c[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

describe("the report's audit list of accepted risks", () => {
  it('lists every acceptance the model holds: in force, lapsed (why), and one whose finding is gone (golden file)', async () => {
    const { verdict, graph } = acceptedCase();
    const html = modelReportHtml(verdict, { graph });
    expect(acceptedRows(html)).toEqual([
      [
        'accepted',
        'critical target_leakage',
        'clean_chargebacks',
        'carol.diaz',
        'backfill running &lt;until Friday&gt;',
        '2026-11-29 12:00 UTC',
        '2026-12-05 12:00 UTC',
      ],
      [
        'lapsed its evidence changed since it was accepted (a new episode)',
        'high upstream_failure',
        'clean_chargebacks',
        'dev.patel',
        'flaky run, retried',
        '2026-11-27 12:00 UTC',
        '2026-12-04 12:00 UTC',
      ],
      [
        'lapsed expired on 2026-11-30',
        'medium deprecated_upstream',
        'fx_rates',
        'dev.patel',
        'fx_rates_v2 lands next sprint',
        '2026-11-20 12:00 UTC',
        '2026-11-30 11:00 UTC',
      ],
      [
        'finding cleared',
        'freshness_lag',
        'raw_chargebacks',
        'erin.walsh',
        'vendor feed paused',
        '2026-11-28 12:00 UTC',
        '2026-12-02 12:00 UTC',
      ],
    ]);
    expect(html).toContain('1 in force, leaving its finding out of the score; a lapsed one counts again.');
    expect(html).not.toContain('<until Friday>');
    await expect(html).toMatchFileSnapshot('__golden__/accepted.html');
  });

  it('says an acceptance whose finding is gone ended, once the judgment is past its end (judge.asOf)', () => {
    const { verdict, graph } = acceptedCase();
    const rows = acceptedRows(modelReportHtml(verdict, { graph, judgedAt: NOW + 3 * 86_400_000 }));
    expect(rows.find((r) => r[3] === 'erin.walsh')![0]).toBe('lapsed expired on 2026-12-02');
  });

  it('from a verdict alone, lists what the verdict names; a model without acceptances has no such section', () => {
    const { verdict } = acceptedCase();
    expect(acceptedRows(modelReportHtml(verdict)).map((r) => r[0])).toEqual([
      'accepted',
      'lapsed its evidence changed since it was accepted (a new episode)',
      'lapsed expired on 2026-11-30',
    ]);
    const plain = deepCase();
    expect(modelReportHtml(plain.verdict, { graph: plain.graph })).not.toContain('Accepted risks');
  });
});
