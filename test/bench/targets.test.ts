import { describe, expect, it } from 'vitest';
import { MEDIUM, type CatalogSpec } from '../../bench/catalogs.js';
import { lowerBound } from '../../bench/lower-bound.js';
import { janusOperationKinds, splitReadsWrites } from '../../bench/operation-kinds.js';
import type {
  CatalogFigures,
  CliRow,
  CliRunFigures,
  CliStep,
  JanusFigures,
  JudgedAt,
  OneModelRow,
  Results,
  SlackPathFigures,
} from '../../bench/figures.js';
import { judgeTargets } from '../../bench/targets.js';

const bound = (entities: number) =>
  lowerBound({ entities, pageSize: 1000, batchSize: 1000, rttMs: 20, concurrency: 4 });
const skipped: JanusFigures = { status: 'skipped', reason: 'not run' };

function catalog(over: Partial<CatalogFigures> & Pick<CatalogFigures, 'spec'>): CatalogFigures {
  return {
    via: 'janus sim generate',
    entities: 30_000,
    byType: {},
    needed: 21_632,
    lowerBound: { needed: bound(21_632) },
    naive: { exactRequests: 30_000_000 },
    dryRun: { status: 'done', requests: 38, ms: 10_000 },
    writeBack: skipped,
    rescan: skipped,
    ...over,
  };
}

/** A CLI row of one run. */
function cli(
  catalog: string,
  step: CliStep,
  date: JudgedAt,
  run: Partial<CliRunFigures> & { status?: CliRow['status'] },
  spec: Partial<CatalogSpec> = {},
): CliRow {
  const median: CliRunFigures = {
    status: 'done',
    wallMs: 1_000,
    accounting: 'wait4',
    stdoutBytes: 100,
    requests: 3,
    reads: 3,
    mutations: 0,
    peakRssMb: 150,
    ...run,
  };
  return {
    catalog,
    spec: { models: 20, datasets: 60, depth: 2, ...spec },
    step,
    command: `janus ${step}`,
    date,
    asOf: '',
    budgetS: 30,
    status: median.status,
    runs: median.status === 'skipped' ? [] : [median],
    ...(median.status === 'skipped' ? {} : { median }),
  };
}

const depthRows = (
  requests: (step: CliStep, date: JudgedAt, depth: number) => number,
  status: CliRow['status'] = 'done',
) =>
  [2, 6, 12, 20].flatMap((depth) =>
    (['trust', 'trust-urn'] as const).flatMap((step) =>
      (['own', 'stale'] as const).map((date) =>
        cli(`depth-${depth}`, step, date, { requests: requests(step, date, depth), status }, { depth }),
      ),
    ),
  );
const naiveRow = (depth: number, naive: number): OneModelRow => ({
  catalog: `depth-${depth}`,
  depth,
  model: 'model_00001',
  reached: naive / 2,
  hops: depth,
  janus: { status: 'done', requests: 3 },
  naive: { exactRequests: naive },
});

const slack = { status: 'not measurable' as const, reason: 'not measurable: no Slack handler yet' };
const judge = (
  over: Partial<Pick<Results, 'cli' | 'growth' | 'oneModel' | 'catalogs'>> & { slack?: Results['slack'] },
) => judgeTargets({ cli: [], growth: [], oneModel: [], catalogs: [], slack, ...over });
const find = (targets: ReturnType<typeof judgeTargets>, start: string) =>
  targets.find((t) => t.target.startsWith(start))!;

describe('targets', () => {
  it('one model: ≤ 4 requests by name and ≤ 3 by urn at every depth and date, and the naive walk grows', () => {
    const fine = depthRows((step) => (step === 'trust' ? 4 : 3));
    const naive = [naiveRow(2, 20), naiveRow(6, 260), naiveRow(12, 688), naiveRow(20, 1_230)];
    expect(find(judge({ cli: fine, oneModel: naive }), '`janus trust` at').holds).toBe(true);
    const stale = depthRows((step, date) => (date === 'stale' ? 6 : step === 'trust' ? 4 : 3));
    const missed = find(judge({ cli: stale, oneModel: naive }), '`janus trust` at');
    expect(missed.holds).toBe(false);
    expect(missed.detail).toContain('by name at the stale date: 6, 6, 6, 6');
    expect(find(judge({ cli: fine, oneModel: [...naive].reverse() }), '`janus trust` at').holds).toBe(false);
    expect(find(judge({ cli: depthRows(() => 2, 'budget') }), '`janus trust` at').holds).toBe(false);
    expect(find(judge({}), '`janus trust` at').holds).toBeNull();
  });

  it("one model without the depth series: judged on the catalogs' own model 1", () => {
    const rows = [cli('small', 'trust', 'own', { requests: 4 }), cli('small', 'trust-urn', 'own', { requests: 5 })];
    expect(find(judge({ cli: rows }), '`janus trust` at')).toMatchObject({
      holds: false,
      detail: expect.stringContaining('by urn'),
    });
  });

  it('medium trust: ≤ 5 s at both dates', () => {
    const both = (stale: Partial<CliRunFigures>) => [
      cli('medium', 'trust', 'own', { wallMs: 4_000 }),
      cli('medium', 'trust', 'stale', { wallMs: 4_500, ...stale }),
    ];
    expect(find(judge({ cli: both({}) }), '`janus trust model_00001`').holds).toBe(true);
    expect(find(judge({ cli: both({ wallMs: 30_000, status: 'budget' }) }), '`janus trust model_00001`').holds).toBe(
      false,
    );
    expect(find(judge({ cli: both({ wallMs: 5_100 }) }), '`janus trust model_00001`').holds).toBe(false);
    expect(find(judge({}), '`janus trust model_00001`').holds).toBeNull();
  });

  it('medium scan: requests against the bound over the entities the models need, and 15 s at both dates', () => {
    const medium = catalog({ spec: MEDIUM });
    const scans = (stale: Partial<CliRunFigures>) => [
      cli('medium', 'dry-run', 'own', { requests: 38, wallMs: 12_000 }),
      cli('medium', 'dry-run', 'stale', { requests: 38, wallMs: 14_000, ...stale }),
    ];
    const within = judge({ cli: scans({}), catalogs: [medium] });
    expect(find(within, 'Medium catalog: `scan --all --dry-run` requests').holds).toBe(true);
    expect(find(within, 'Medium catalog: ≥ 20').holds).toBe(true);
    expect(find(within, 'Medium catalog: `janus scan --all --dry-run` ≤ 15 s').holds).toBe(true);
    const slow = judge({ cli: scans({ wallMs: 45_000, status: 'budget', requests: 30 }), catalogs: [medium] });
    // stopped under the bound: requests not judged; time missed
    expect(find(slow, 'Medium catalog: `scan --all --dry-run` requests').holds).toBeNull();
    expect(find(slow, 'Medium catalog: `janus scan --all --dry-run` ≤ 15 s').holds).toBe(false);
    const over = judge({ cli: scans({ status: 'budget', requests: 138 }), catalogs: [medium] });
    expect(find(over, 'Medium catalog: `scan --all --dry-run` requests').holds).toBe(false);
    expect(find(judge({ catalogs: [medium] }), 'Medium catalog: ≥ 20').holds).toBeNull();
  });

  it("medium write-back: the first one at the catalog's own date within 20 s", () => {
    const wb = (ms: number) => [
      cli('medium', 'write-back', 'own', { wallMs: ms, mutations: 4_655 }),
      cli('medium', 'write-back', 'stale', { status: 'skipped' }),
    ];
    expect(find(judge({ cli: wb(18_000) }), 'Medium catalog: the first').holds).toBe(true);
    expect(find(judge({ cli: wb(46_100) }), 'Medium catalog: the first')).toMatchObject({
      holds: false,
      detail: expect.stringContaining('at the stale date: skipped'),
    });
  });

  it('rescan: holds with no mutations and fewer reads than the write-back at the same date', () => {
    const pair = (rescan: Partial<CliRunFigures>) => [
      cli('small', 'write-back', 'own', { reads: 99, mutationRequests: 261, mutations: 261 }),
      cli('small', 'rescan', 'own', { reads: 11, mutations: 0, ...rescan }),
    ];
    expect(find(judge({ cli: pair({}) }), 'Unchanged rescan').holds).toBe(true);
    expect(find(judge({ cli: pair({ mutations: 3 }) }), 'Unchanged rescan').holds).toBe(false);
    expect(find(judge({ cli: pair({ reads: 120 }) }), 'Unchanged rescan').holds).toBe(false);
    expect(find(judge({ cli: pair({ status: 'budget' }) }), 'Unchanged rescan').holds).toBeNull();
  });

  it('large: the stale scan within 60 s and under 512 MB', () => {
    const large = (stale: Partial<CliRunFigures>) => [
      cli('large', 'dry-run', 'own', { wallMs: 90_000, peakRssMb: 480 }),
      cli('large', 'dry-run', 'stale', { wallMs: 55_000, peakRssMb: 490, ...stale }),
    ];
    expect(find(judge({ cli: large({}) }), 'Large catalog').holds).toBe(true);
    expect(find(judge({ cli: large({ peakRssMb: 530 }) }), 'Large catalog').holds).toBe(false);
    expect(find(judge({ cli: large({ status: 'budget', wallMs: 120_000 }) }), 'Large catalog').holds).toBe(false);
  });

  it('growth: 3,000 models within 3.5 × the 1,000-model wall time and peak RSS', () => {
    const series = (big: Partial<CliRunFigures>, thousand: Partial<CliRunFigures> = {}) => [
      cli('growth-100', 'dry-run', 'stale', { wallMs: 2_000, peakRssMb: 120 }, { models: 100 }),
      cli('medium', 'dry-run', 'stale', { wallMs: 12_000, peakRssMb: 230, ...thousand }, { models: 1_000 }),
      cli('growth-3000', 'dry-run', 'stale', { wallMs: 40_000, peakRssMb: 400, ...big }, { models: 3_000 }),
    ];
    expect(find(judge({ growth: series({}) }), 'Growth')).toMatchObject({
      holds: true,
      detail: expect.stringContaining('wall 3.33×'),
    });
    expect(find(judge({ growth: series({ wallMs: 43_000 }) }), 'Growth').holds).toBe(false);
    expect(find(judge({ growth: series({ status: 'budget' }) }), 'Growth').holds).toBe(false);
    expect(find(judge({ growth: series({ status: 'skipped' }, { status: 'budget' }) }), 'Growth').holds).toBeNull();
    expect(find(judge({}), 'Growth').holds).toBeNull();
  });

  it('medium write-back: write requests against the batched lower bound', () => {
    const writesByKind = { createTag: 1, createProperty: 3, setTrust: 1000, addTag: 1000 }; // bound at 50 a batch: 1 + 1 + 20 + 20 = 42
    const rows = (requests: number) => [
      cli('medium', 'dry-run', 'own', { requests: 38 }),
      cli('medium', 'write-back', 'own', { requests, mutationRequests: requests - 38, writes: 2004, writesByKind }),
    ];
    expect(find(judge({ cli: rows(38 + 63) }), "Medium catalog: the first write-back's write requests")).toMatchObject({
      holds: true,
      detail: expect.stringContaining('= 42 (1.50×)'),
    });
    expect(find(judge({ cli: rows(38 + 64) }), "Medium catalog: the first write-back's write requests").holds).toBe(
      false,
    );
    expect(
      find(
        judge({ cli: [cli('medium', 'dry-run', 'own', {})] }),
        "Medium catalog: the first write-back's write requests",
      ).holds,
    ).toBeNull();
  });

  it('Slack: not measurable until there is a handler', () => {
    expect(find(judge({}), '`/janus trust`')).toMatchObject({ holds: null, detail: slack.reason });
  });

  it("Slack: judged on the medium catalog's answers from the scan history", () => {
    const path = (over: Partial<SlackPathFigures>): SlackPathFigures => ({
      catalog: 'medium',
      path: 'scan',
      status: 'done',
      requests: 40,
      models: 40,
      p50Ms: 90,
      p95Ms: 140,
      maxMs: 200,
      fromScan: 40,
      judgedNow: 0,
      ...over,
    });
    const judged = (history: SlackPathFigures) => find(judge({ slack: { status: 'done', history } }), '`/janus trust`');
    expect(judged(path({}))).toMatchObject({ holds: true, detail: expect.stringContaining('p95 140 ms') });
    expect(judged(path({ p95Ms: 1_600 })).holds).toBe(false);
    expect(judged(path({ fromScan: 39, judgedNow: 1 })).holds).toBe(false);
    expect(judged(path({ catalog: 'small' })).holds).toBeNull();
  });
});

describe("Janus's operations", () => {
  it('are told apart into reads and writes from their .graphql files', () => {
    const kinds = janusOperationKinds();
    expect(kinds.JanusEntities).toBe('query');
    expect(kinds.JanusRaiseIncident).toBe('mutation');
    expect(splitReadsWrites({ JanusEntities: 6, JanusRaiseIncident: 19, Unknown: 1 }, kinds)).toEqual({
      reads: 7,
      writes: 19,
    });
  });
});
