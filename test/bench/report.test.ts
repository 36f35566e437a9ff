import { describe, expect, it } from 'vitest';
import type { CliRow, Results } from '../../bench/figures.js';
import { markdown } from '../../bench/report.js';
import { judgeTargets } from '../../bench/targets.js';

const row = (step: CliRow['step'], date: CliRow['date'], over: Partial<CliRow> = {}): CliRow => ({
  catalog: 'small',
  spec: { models: 50, datasets: 1_000, depth: 6 },
  step,
  command: step === 'dry-run' ? 'janus scan --all --dry-run' : 'janus scan --all',
  date,
  asOf: '2025-06-02T12:00:00.000Z',
  budgetS: 60,
  status: 'done',
  runs: [{ status: 'done', wallMs: 2_100, accounting: 'wait4', stdoutBytes: 1_234 }],
  median: {
    status: 'done',
    wallMs: 2_100,
    cpuMs: 1_900,
    peakRssMb: 160,
    accounting: 'wait4',
    stdoutBytes: 1_234,
    requests: 11,
    mutations: 0,
    byOperation: { JanusCatalogPage: 1 },
  },
  ...over,
});

function results(cli: CliRow[]): Results {
  const r = {
    meta: {
      mode: 'quick' as const,
      date: '2026-12-01T00:00:00.000Z',
      commit: 'abc1234',
      dirty: false,
      machine: { cpus: 2, cpuModel: 'cpu', memoryGb: 24, node: 'v20', os: 'Linux', loadAtStart: [1, 1, 1] },
      rttMs: 20,
      janus: { concurrency: 4, pageSize: 1_000, batchSize: 1_000, redis: false, now: '2025-06-02T12:00:00.000Z' },
      dates: { own: '2025-06-02T12:00:00.000Z', stale: '2026-12-01T12:00:00.000Z' },
      repeats: 1,
      budgetsS: { cliSmallScanS: 60 },
    },
    cli,
    growth: [],
    oneModel: [],
    catalogs: [],
    slack: { status: 'skipped' as const, reason: 'not part of quick runs' },
  };
  return { ...r, targets: judgeTargets(r) };
}

describe('results.md', () => {
  it('heads with the janus rows, telling the write-back from its rescan and both dates apart', () => {
    const md = markdown(
      results([
        row('dry-run', 'own'),
        row('dry-run', 'stale'),
        row('write-back', 'own'),
        row('rescan', 'own', { status: 'budget', reason: 'stopped after the 60 s budget' }),
      ]),
      '',
    );
    const headline = md.slice(md.indexOf('## Headline'), md.indexOf('## Targets'));
    expect(headline).toContain(
      '| small | `janus scan --all --dry-run` | dry-run | own | done | 2.1 s | 1.9 s | 160 MB | 11 |',
    );
    expect(headline).toContain('| dry-run | stale |');
    expect(headline).toContain('| first write-back | own |');
    expect(headline).toContain('| unchanged rescan | own | **budget**: stopped after the 60 s budget |');
    expect(md).toContain('every generated table is about 547 days old');
  });
});
