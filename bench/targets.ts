/**
 * The issue's targets, judged from a run's figures: which hold, which do not, and the figures that say so. Time,
 * memory and requests are the `janus` processes' (the CLI rows); the use case alone is only the breakdown.
 */
import type {
  CatalogFigures,
  CliRow,
  CliStep,
  JudgedAt,
  OneModelRow,
  Results,
  SlackFigures,
  SlackPathFigures,
  TargetVerdict,
} from './figures.js';
import { batchedWriteLowerBound, JANUS_WRITE_BATCH } from './lower-bound.js';
import type { ServiceFigures } from './service-figures.js';
import { serviceTargets } from './service-targets.js';

const ratio = (a: number, b: number) => (b ? a / b : Infinity);
const n = (v: number) => v.toLocaleString('en-US');
const x = (r: number) => `${r >= 10 ? n(Math.round(r)) : r.toFixed(2)}×`;
const s = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);
const DATE_NAME: Record<JudgedAt, string> = { own: "at the catalog's own date", stale: 'at the stale date' };

type Input = Pick<Results, 'cli' | 'growth' | 'oneModel' | 'catalogs' | 'slack'> & {
  service?: ServiceFigures | undefined;
};

const rowsOf = (cli: CliRow[], catalog: string, step: CliStep) =>
  cli.filter((r) => r.catalog === catalog && r.step === step);
/** A row's figures with how it ended, when it did not complete. */
const ended = (r: CliRow) => (r.status === 'done' ? '' : ` (${r.status}${r.reason ? `: ${r.reason}` : ''})`);
/** Wall time, and the runs it is the median of. */
const wall = (r: CliRow) =>
  `${s(r.median?.wallMs)}${r.runs.length > 1 ? ` (median of ${r.runs.length})` : ''}${ended(r)}`;

/** Holds when every row finished within `limit`; one stopped, failed or over the limit misses; a row not run leaves it unjudged. */
function within(rows: CliRow[], limit: (r: CliRow) => boolean): boolean | null {
  const measured = rows.filter((r) => r.status !== 'skipped');
  if (measured.some((r) => r.status !== 'done' || !limit(r))) return false;
  return rows.length > 0 && measured.length === rows.length ? true : null;
}

function oneModelTarget(cli: CliRow[], useCase: OneModelRow[]): TargetVerdict {
  const target =
    '`janus trust` at lineage depths 2, 6, 12, 20: ≤ 4 requests by name, ≤ 3 by urn, at both dates; naive grows with depth';
  const depthRows = cli.filter((r) => r.catalog.startsWith('depth-') && (r.step === 'trust' || r.step === 'trust-urn'));
  // without the depth series (quick runs without it), the catalogs' own model 1
  const rows = depthRows.length ? depthRows : cli.filter((r) => r.step === 'trust' || r.step === 'trust-urn');
  if (!rows.length) return { target, holds: null, detail: 'no `janus trust` rows in this run' };
  const limit = (r: CliRow) => (r.median?.requests ?? Infinity) <= (r.step === 'trust' ? 4 : 3);
  const depths = [...new Set(rows.map((r) => r.spec.depth))];
  const series = (step: CliStep, date: JudgedAt) =>
    depths
      .map((d) => rows.find((r) => r.spec.depth === d && r.step === step && r.date === date))
      .map((r) => (r ? `${r.median?.requests ?? '?'}${r.status === 'done' ? '' : ` (${r.status})`}` : '–'));
  const dates = [...new Set(rows.map((r) => r.date))];
  const parts = (['trust', 'trust-urn'] as const).flatMap((step) =>
    dates.map(
      (date) => `${step === 'trust' ? 'by name' : 'by urn'} ${DATE_NAME[date]}: ${series(step, date).join(', ')}`,
    ),
  );
  const naiveRows = useCase.filter((r) => r.catalog.startsWith('depth-'));
  const naive = naiveRows.map((r) => r.naive.exactRequests);
  const grows = naive.every((v, i) => i === 0 || v > naive[i - 1]!);
  const over = rows
    .filter((r) => !limit(r))
    .map(
      (r) =>
        `${r.catalog} ${r.step} ${r.date}: ${Object.entries(r.median?.byOperation ?? {})
          .map(([op, c]) => `${op.replace(/^Janus/, '')} ${c}`)
          .join(', ')}`,
    );
  const detail =
    `requests at depths ${depths.join(', ')}: ${parts.join('; ')}` +
    (naiveRows.length ? `; naive ${naive.map(n).join(', ')} (${grows ? 'grows' : 'does not grow'} with depth)` : '') +
    (over.length ? `. Over: ${over.join('; ')}` : '');
  const holds = within(rows, limit);
  return { target, holds: holds === null ? null : holds && (naiveRows.length < 2 || grows), detail };
}

function mediumTrustTarget(cli: CliRow[]): TargetVerdict {
  const target = '`janus trust model_00001` on the medium catalog ≤ 5 s at both dates';
  const rows = rowsOf(cli, 'medium', 'trust');
  if (!rows.length) return { target, holds: null, detail: 'the medium catalog is not part of this run' };
  const detail = rows
    .map(
      (r) =>
        `${DATE_NAME[r.date]} ${wall(r)}, ${r.median?.requests ?? '?'} requests, peak ${r.median?.peakRssMb ?? '?'} MB`,
    )
    .join('; ');
  return { target, holds: within(rows, (r) => (r.median?.wallMs ?? Infinity) <= 5_000), detail };
}

function mediumTargets(cli: CliRow[], c: CatalogFigures | undefined): TargetVerdict[] {
  const names = [
    'Medium catalog: `scan --all --dry-run` requests ≤ 1.2 × the lower bound',
    'Medium catalog: ≥ 20 × fewer requests than the naive walk',
    'Medium catalog: `janus scan --all --dry-run` ≤ 15 s at 20 ms RTT, at both dates',
  ];
  const rows = rowsOf(cli, 'medium', 'dry-run');
  if (!c || !rows.length)
    return names.map((target) => ({ target, holds: null, detail: 'the medium catalog is not part of this run' }));
  const bound = c.lowerBound.needed.requests;
  const req = (r: CliRow) => r.median?.requests ?? NaN;
  // Requests only grow: a stopped scan already over the bound misses it; one under it is not judged.
  const boundHolds = rows.some((r) => ratio(req(r), bound) > 1.2)
    ? false
    : rows.every((r) => r.status === 'done')
      ? true
      : null;
  const own = rows.find((r) => r.date === 'own');
  const naive = c.naive && own ? ratio(c.naive.exactRequests, req(own)) : NaN;
  const read = c.catalogRead?.requests
    ? `; the use case's catalog read alone: ${n(c.catalogRead.requests)} requests, ${n(c.catalogRead.entities ?? 0)} entities`
    : '';
  const timing = (r: CliRow) => {
    const m = r.median;
    return `${DATE_NAME[r.date]}: ${wall(r)}, CPU ${s(m?.cpuMs)}, simulator CPU ${s(m?.simCpuMs)}, peak ${m?.peakRssMb ?? '?'} MB, ${n(m?.stdoutBytes ?? 0)} bytes out`;
  };
  const useCase =
    c.dryRun.status === 'done'
      ? `; the use case alone (own date): ${s(c.dryRun.ms)}, first verdict at ${s(c.dryRun.readMs)}`
      : '';
  return [
    {
      target: names[0]!,
      holds: boundHolds,
      detail: `${rows.map((r) => `${n(req(r))} requests ${DATE_NAME[r.date]}${ended(r)}`).join(', ')} vs ${n(bound)} for the ${n(c.needed)} entities the catalog's models need (${rows.map((r) => x(ratio(req(r), bound))).join(', ')})${read}`,
    },
    {
      target: names[1]!,
      holds: c.naive && own?.status === 'done' ? naive >= 20 : null,
      detail:
        c.naive && own
          ? `naive ${n(c.naive.exactRequests)} requests${c.naive.estimate ? ` (${c.naive.estimate})` : ''} vs Janus ${n(req(own))} at the own date: ${x(naive)} fewer`
          : 'no naive figure',
    },
    {
      target: names[2]!,
      holds: within(rows, (r) => (r.median?.wallMs ?? Infinity) <= 15_000),
      detail: `${rows.map(timing).join('; ')}${useCase}`,
    },
  ];
}

function writeBackTarget(cli: CliRow[]): TargetVerdict {
  const target =
    "Medium catalog: the first `janus scan --all` (write-back) ≤ 20 s at 20 ms RTT, at the catalog's own date";
  const rows = rowsOf(cli, 'medium', 'write-back');
  const own = rows.filter((r) => r.date === 'own');
  if (!own.length) return { target, holds: null, detail: 'the medium catalog is not part of this run' };
  const detail = rows
    .map(
      (r) =>
        `${DATE_NAME[r.date]}: ${r.status === 'skipped' ? `skipped: ${r.reason}` : `${wall(r)}, ${n(r.median?.reads ?? 0)} reads + ${n(r.median?.mutationRequests ?? 0)} mutation requests (${n(r.median?.mutations ?? 0)} mutations)`}`,
    )
    .join('; ');
  return { target, holds: within(own, (r) => (r.median?.wallMs ?? Infinity) <= 20_000), detail };
}

function rescanTarget(cli: CliRow[]): TargetVerdict {
  const target = 'Unchanged rescan: 0 mutations, and fewer read requests than the first scan';
  const pairs = cli
    .filter((r) => r.step === 'write-back' && r.status === 'done')
    .map((w) => ({ w, r: cli.find((r) => r.step === 'rescan' && r.catalog === w.catalog && r.date === w.date) }))
    .filter((p): p is { w: CliRow; r: CliRow } => p.r?.status === 'done');
  if (!pairs.length) return { target, holds: null, detail: 'no completed write-back and rescan in this run' };
  const holds = pairs.every(
    ({ w, r }) => r.median?.mutations === 0 && (r.median?.reads ?? Infinity) < (w.median?.reads ?? 0),
  );
  const detail = pairs
    .map(
      ({ w, r }) =>
        `${w.catalog} ${DATE_NAME[w.date]}: write-back ${w.median?.reads} reads + ${w.median?.mutationRequests} mutation requests (${w.median?.mutations} mutations); rescan ${r.median?.reads} reads, ${r.median?.mutations} mutations`,
    )
    .join('; ');
  return { target, holds, detail };
}

function largeTarget(cli: CliRow[], c: CatalogFigures | undefined): TargetVerdict {
  const target =
    'Large catalog (5,000 models) at the stale date: `janus scan --all --dry-run` ≤ 60 s, peak RSS under 512 MB';
  const rows = rowsOf(cli, 'large', 'dry-run');
  const stale = rows.filter((r) => r.date === 'stale');
  if (!stale.length) return { target, holds: null, detail: 'the large catalog is not part of this run' };
  const read =
    c?.catalogRead?.status === 'done'
      ? `; the use case's catalog read alone: ${c.catalogRead.peakRssMb} MB in ${s(c.catalogRead.ms)}`
      : '';
  const detail =
    rows
      .map(
        (r) =>
          `${DATE_NAME[r.date]}: ${wall(r)}, peak RSS ${r.median?.peakRssMb ?? '?'} MB${r.status === 'done' ? '' : ' by then'}`,
      )
      .join('; ') + read;
  return {
    target,
    holds: within(stale, (r) => (r.median?.wallMs ?? Infinity) <= 60_000 && (r.median?.peakRssMb ?? Infinity) < 512),
    detail,
  };
}

function growthTarget(growth: CliRow[]): TargetVerdict {
  const target = 'Growth (`scan --all --dry-run`, stale): 3,000 models ≤ 3.5 × the 1,000-model wall time and peak RSS';
  const at = (models: number) => growth.find((r) => r.spec.models === models);
  const [thousand, big] = [at(1_000), at(3_000)];
  if (!thousand || !big) return { target, holds: null, detail: 'no growth series in this run' };
  const describe = growth
    .map(
      (r) =>
        `${n(r.spec.models)} models: ${r.status === 'skipped' ? `skipped (${r.reason})` : `${wall(r)}, peak ${r.median?.peakRssMb ?? '?'} MB`}`,
    )
    .join('; ');
  if (thousand.status !== 'done' || big.status !== 'done')
    return { target, holds: big.status === 'budget' ? false : null, detail: describe };
  const w = ratio(big.median!.wallMs, thousand.median!.wallMs);
  const m = ratio(big.median!.peakRssMb ?? Infinity, thousand.median!.peakRssMb ?? 0);
  return { target, holds: w <= 3.5 && m <= 3.5, detail: `${describe}; 3,000 / 1,000: wall ${x(w)}, peak RSS ${x(m)}` };
}

/**
 * The first write-back's write requests (its requests less the dry run's, which reads the same: mutations and the
 * re-reads before raising, reporting and linking) against the batched lower bound: Σ over the kinds of the writes
 * it applied (as `janus scan` lists them) of ⌈writes / batch⌉.
 */
function batchedWriteTarget(cli: CliRow[]): TargetVerdict {
  const target = "Medium catalog: the first write-back's write requests ≤ 1.5 × the batched lower bound";
  const write = rowsOf(cli, 'medium', 'write-back').find((r) => r.date === 'own');
  const dry = rowsOf(cli, 'medium', 'dry-run').find((r) => r.date === 'own');
  const byKind = write?.median?.writesByKind;
  if (!write || !dry || write.status !== 'done' || dry.status !== 'done' || !byKind) {
    return {
      target,
      holds: null,
      detail: !write
        ? 'the medium catalog is not part of this run'
        : `write-back ${write.status}${write.reason ? `: ${write.reason}` : ''}`,
    };
  }
  const bound = batchedWriteLowerBound(byKind, JANUS_WRITE_BATCH);
  const writeRequests = (write.median!.requests ?? NaN) - (dry.median!.requests ?? NaN);
  const mutationRequests = write.median!.mutationRequests ?? NaN;
  const vs = ratio(writeRequests, bound);
  return {
    target,
    holds: Number.isFinite(vs) ? vs <= 1.5 : null,
    detail: `${n(writeRequests)} write requests (${n(mutationRequests)} mutation requests, ${n(writeRequests - mutationRequests)} re-reads) for ${n(write.median!.writes ?? 0)} writes vs Σ ⌈writes of a kind / ${JANUS_WRITE_BATCH}⌉ = ${n(bound)} (${x(vs)}); ${n(write.median!.mutations ?? 0)} mutations`,
  };
}

const ms = (v: number | undefined) => (v === undefined ? '?' : `${n(v)} ms`);

/** Judged on the medium catalog's answers from the scan history: what `/janus trust` gives once scans run. */
function slackTarget(slack: SlackFigures): TargetVerdict {
  const target = '`/janus trust` through the Slack handler: p95 ≤ 1.5 s at 20 ms RTT (medium catalog)';
  const h = slack.history;
  if (!h || h.status !== 'done') return { target, holds: null, detail: h?.reason ?? slack.reason ?? '' };
  const path = (p: SlackPathFigures, how: string) =>
    `${how} (${p.catalog}): p50 ${ms(p.p50Ms)}, p95 ${ms(p.p95Ms)}, max ${ms(p.maxMs)} over ${p.requests} requests for ${p.models} models ` +
    `(${p.fromScan} answered from the scan, ${p.judgedNow} judged now; ${n(p.simRequests ?? 0)} DataHub requests)`;
  const live = slack.live?.status === 'done' ? `; ${path(slack.live, 'judged live')}` : '';
  const detail = `${path(h, 'from the scan history')}${live}`;
  if (h.catalog !== 'medium') return { target, holds: null, detail: `not the medium catalog: ${detail}` };
  return { target, holds: (h.p95Ms ?? Infinity) <= 1500 && h.judgedNow === 0, detail };
}

export function judgeTargets(r: Input): TargetVerdict[] {
  const byName = (name: string) => r.catalogs.find((c) => c.spec.name === name);
  return [
    oneModelTarget(r.cli, r.oneModel),
    mediumTrustTarget(r.cli),
    ...mediumTargets(r.cli, byName('medium')),
    writeBackTarget(r.cli),
    batchedWriteTarget(r.cli),
    rescanTarget(r.cli),
    largeTarget(r.cli, byName('large')),
    growthTarget(r.growth),
    slackTarget(r.slack),
    ...serviceTargets(r.service),
  ];
}
