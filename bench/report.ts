/** results.md (every figure, with the machine and commit) and results.json from one run; a summary for the terminal. */
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogFigures, CliRow, JanusFigures, NaiveFigures, OneModelRow, Results } from './figures.js';
import { table } from './markdown-table.js';
import { serviceMarkdown } from './service-report.js';
import { alertsMarkdown } from './alerts-report.js';

const n = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v.toLocaleString('en-US'));
const sec = (ms: number | undefined) =>
  ms === undefined ? '–' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
const times = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !b ? '–' : `${a / b >= 10 ? n(Math.round(a / b)) : (a / b).toFixed(2)}×`;
const ops = (j: JanusFigures) =>
  Object.entries(j.byOperation ?? {})
    .map(([op, c]) => `${op.replace(/^Janus/, '')} ${c}`)
    .join(', ');
const naiveMs = (f: NaiveFigures | undefined) =>
  f?.ms === undefined ? '–' : `${sec(f.ms)}${f.msIsEstimate ? ' (est.)' : ''}`;
const status = (j: JanusFigures) =>
  j.status === 'done' ? 'done' : `**${j.status}**${j.reason ? `: ${j.reason}` : ''}`;
const verdict = (h: boolean | null) => (h === null ? 'not measured' : h ? '**holds**' : '**misses**');

const DATE: Record<CliRow['date'], string> = { own: 'own', stale: 'stale' };
const STEP: Record<CliRow['step'], string> = {
  'dry-run': 'dry-run',
  'write-back': 'first write-back',
  rescan: 'unchanged rescan',
  trust: 'by name',
  'trust-urn': 'by urn',
  gate: 'proposed lineage',
};
const ownDryRun = (r: Results, catalog: string) =>
  r.cli.find((c) => c.catalog === catalog && c.step === 'dry-run' && c.date === 'own');

function headline(r: Results): string {
  const rows = r.catalogs.map((c) => {
    const cli = ownDryRun(r, c.spec.name);
    const req = cli?.median?.requests;
    return [
      c.spec.name,
      n(req),
      n(c.lowerBound.needed.requests),
      times(req, c.lowerBound.needed.requests),
      n(c.naive?.exactRequests),
      times(c.naive?.exactRequests, req),
      cli ? cli.status : '–',
    ];
  });
  return table(
    [
      'catalog',
      '`janus scan --all --dry-run` requests (own date)',
      'lower bound (needed)',
      'Janus / bound',
      'naive requests',
      'naive / Janus',
      'scan',
    ],
    rows,
  );
}

/** Each `janus` process row: the median of its runs. */
export function cliTable(rows: CliRow[]): string {
  return table(
    [
      'catalog',
      'command',
      'run',
      'date',
      'status',
      'wall',
      'CPU (user + sys)',
      'peak RSS',
      'requests',
      'mutations',
      'simulator CPU',
      'output',
      'writes',
      'runs (wall)',
      'requests by operation',
    ],
    rows.map((c) => {
      const m = c.median;
      const runs = c.runs.length ? c.runs.map((x) => sec(x.wallMs)).join(', ') : '–';
      return [
        c.catalog,
        `\`${c.command}\``,
        STEP[c.step],
        DATE[c.date],
        c.status === 'done' ? 'done' : `**${c.status}**${c.reason ? `: ${c.reason}` : ''}`,
        sec(m?.wallMs),
        `${sec(m?.cpuMs)}${m && m.accounting === 'polled' ? ' (sampled)' : ''}`,
        m?.peakRssMb === undefined ? '–' : `${m.peakRssMb} MB`,
        n(m?.requests),
        n(m?.mutations),
        sec(m?.simCpuMs),
        m ? `${n(m.stdoutBytes)} B` : '–',
        n(m?.writes),
        runs,
        Object.entries(m?.byOperation ?? {})
          .map(([op, k]) => `${op.replace(/^Janus/, '')} ${k}`)
          .join(', '),
      ];
    }),
  );
}

function growthTable(rows: CliRow[]): string {
  const base = rows.find((r) => r.spec.models === 1_000)?.median;
  return table(
    [
      'models',
      'datasets',
      'catalog',
      'status',
      'wall',
      'peak RSS',
      'requests',
      'wall / 1,000 models',
      'RSS / 1,000 models',
    ],
    rows.map((r) => [
      n(r.spec.models),
      n(r.spec.datasets),
      r.catalog,
      r.status === 'done' ? 'done' : `**${r.status}**${r.reason ? `: ${r.reason}` : ''}`,
      sec(r.median?.wallMs),
      r.median?.peakRssMb === undefined ? '–' : `${r.median.peakRssMb} MB`,
      n(r.median?.requests),
      times(r.median?.wallMs, base?.wallMs),
      times(r.median?.peakRssMb, base?.peakRssMb),
    ]),
  );
}

function oneModelTable(rows: OneModelRow[]): string {
  return table(
    [
      'catalog',
      'depth',
      'entities reached',
      'hops',
      'Janus requests',
      'Janus time',
      'Janus CPU',
      'simulator CPU',
      'naive requests',
      'naive time',
      'naive / Janus',
      'Janus requests by operation',
    ],
    rows.map((r) => [
      r.catalog,
      String(r.depth),
      n(r.reached),
      String(r.hops),
      n(r.janus.requests),
      `${sec(r.janus.ms ?? r.janus.wallMs)}${r.janus.status === 'done' ? '' : ` (${r.janus.status})`}`,
      sec(r.janus.cpuMs),
      sec(r.janus.simCpuMs),
      n(r.naive.exactRequests),
      naiveMs(r.naive),
      times(r.naive.exactRequests, r.janus.requests),
      ops(r.janus),
    ]),
  );
}

function scanRows(c: CatalogFigures): string[][] {
  const row = (step: string, j: JanusFigures) => [
    c.spec.name,
    step,
    status(j),
    n(j.requests),
    n(j.reads),
    n(j.mutations),
    sec(j.ms),
    sec(j.cpuMs),
    sec(j.simCpuMs),
    sec(j.readMs),
    j.judged !== undefined ? `${j.judged} judged, projected ${sec(j.projectedMs)}` : n(j.models),
    j.peakRssMb === undefined ? '–' : `${j.peakRssMb} MB`,
    ops(j),
  ];
  const rows = [
    row('scan --all --dry-run', c.dryRun),
    row('scan --all (write-back, fresh catalog)', c.writeBack),
    row('scan --all (unchanged rescan)', c.rescan),
  ];
  if (c.catalogRead)
    rows.push(row(`read only: Janus's catalog read (${n(c.catalogRead.entities)} entities)`, c.catalogRead));
  return rows;
}

function catalogsTable(r: Results): string {
  return table(
    [
      'catalog',
      'models',
      'datasets',
      'depth',
      'entities',
      'needed',
      'generated by',
      'simulator start',
      'simulator peak RSS',
    ],
    r.catalogs.map((c) => [
      c.spec.name,
      n(c.spec.models),
      n(c.spec.datasets),
      String(c.spec.depth),
      n(c.entities),
      n(c.needed),
      c.via,
      sec(c.simStartMs),
      c.simPeakRssMb === undefined ? '–' : `${c.simPeakRssMb} MB`,
    ]),
  );
}

function lowerBoundTable(r: Results): string {
  const { pageSize, batchSize, concurrency } = r.meta.janus;
  return table(
    [
      'catalog',
      'entities',
      `⌈N / ${pageSize}⌉ + ⌈N / ${batchSize}⌉`,
      `time at ${r.meta.rttMs} ms, concurrency ${concurrency}`,
    ],
    r.catalogs.map((c) => [
      `${c.spec.name} (needed)`,
      n(c.needed),
      n(c.lowerBound.needed.requests),
      sec(c.lowerBound.needed.ms),
    ]),
  );
}

function naiveTable(r: Results): string {
  return table(
    ['catalog', 'naive requests (all models)', 'how counted', 'measured over HTTP', 'time'],
    r.catalogs
      .filter((c) => c.naive)
      .map((c) => [
        c.spec.name,
        n(c.naive!.exactRequests),
        c.naive!.estimate ?? 'every model, exactly',
        c.naive!.measured
          ? `${n(c.naive!.measured.requests)} requests in ${sec(c.naive!.measured.ms)} (${(c.naive!.measured.ms / Math.max(1, c.naive!.measured.requests)).toFixed(1)} ms each; simulator CPU ${sec(c.naive!.measured.simCpuMs)})`
          : '–',
        naiveMs(c.naive),
      ]),
  );
}

function slackTable(r: Results): string {
  const paths = [r.slack.history, r.slack.live].filter((p) => p !== undefined);
  if (!paths.length) return r.slack.reason ?? r.slack.status;
  return table(
    [
      'path',
      'catalog',
      'status',
      'requests',
      'models',
      'p50',
      'p95',
      'max',
      'answered from the scan / judged now',
      'DataHub requests',
      'by operation',
    ],
    paths.map((p) => [
      p.path === 'scan'
        ? `from the scan history (${p.history ?? '?'}; the scan: ${p.scan ? `${p.scan.models} models in ${sec(p.scan.ms)}` : '–'})`
        : 'judged live',
      p.catalog,
      p.status === 'done' ? 'done' : `**${p.status}**: ${p.reason ?? ''}`,
      n(p.requests),
      n(p.models),
      sec(p.p50Ms),
      sec(p.p95Ms),
      sec(p.maxMs),
      `${p.fromScan} / ${p.judgedNow}`,
      n(p.simRequests),
      Object.entries(p.byOperation ?? {})
        .map(([op, c]) => `${op.replace(/^Janus/, '')} ${c}`)
        .join(', '),
    ]),
  );
}

export function markdown(r: Results, notes: string): string {
  const m = r.meta;
  return [
    `# Benchmark results (${m.mode} run${m.only ? `, only ${m.only.join(', ')}` : ''})`,
    '',
    `Generated by \`npm run bench${m.mode === 'quick' ? ' -- --quick' : m.only ? ` -- --only ${m.only.join(',')}` : ''}\`; every figure below is from this run. Raw figures: \`${m.mode === 'quick' ? 'bench/out/quick-results.json' : m.only ? 'bench/out/partial-results.json' : 'bench/results.json'}\`.`,
    '',
    `- Date: ${m.date}; commit \`${m.commit}\`${m.dirty ? ' (with uncommitted changes)' : ''}; run took ${m.wallS ?? '?'} s`,
    `- Machine: ${m.machine.cpus} × ${m.machine.cpuModel}, ${m.machine.memoryGb} GB, ${m.machine.os}, Node ${m.machine.node}; load average at start ${m.machine.loadAtStart.join(' / ')} (the machine is shared: other work ran alongside)`,
    `- Simulator in its own process, ${m.rttMs} ms injected per request. Janus: up to ${m.janus.concurrency} requests in flight, pages of ${m.janus.pageSize}, batches of ${m.janus.batchSize}, Redis ${m.janus.redis ? 'on' : 'off'}`,
    `- Dates judged at: **own**, the catalogs' own date ${m.dates.own} (\`JANUS_AS_OF\`); **stale**, the clock (${m.dates.stale} at the start: every generated table is about ${Math.round((Date.parse(m.dates.stale) - Date.parse(m.dates.own)) / 86_400_000)} days old). The use case alone judges at the own date.`,
    `- Each \`janus\` row is the median of ${m.repeats} run${m.repeats === 1 ? '' : 's'} when a run takes at most 20 s and completes, else of one run`,
    `- Budgets (s): ${Object.entries(m.budgetsS)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    '',
    '## Headline: `janus` as users run it',
    '',
    'Each row is a whole `janus` process started as a user starts it (`node dist/src/cli.js …`, `DATAHUB_GMS_URL` at the simulator process, stdout to a file): wall time from spawn to exit, CPU (user + system) and peak RSS from the OS\'s accounting of the exited process (GNU time; "sampled": /proc while it ran, for a run stopped by its budget), requests and mutations counted at the simulator, bytes of output. `gate` exits 1 when it blocks (model 1 leaks its label): that is a completed run.',
    '',
    cliTable(r.cli),
    '',
    '## Targets',
    '',
    table(
      ['target', 'result', 'figures'],
      r.targets.map((t) => [t.target, verdict(t.holds), t.detail]),
    ),
    '',
    '## Requests: Janus vs the lower bound and the naive walk',
    '',
    headline(r),
    '',
    ...(r.service ? [serviceMarkdown(r.service), ''] : []),
    ...(r.alerts ? [alertsMarkdown(r.alerts), ''] : []),
    ...(r.growth.length
      ? [
          '## Growth: `janus scan --all --dry-run` at the stale date',
          '',
          "Catalogs of the medium's shape (20 datasets a model, depth 12); the 1,000-model row is the medium catalog's.",
          '',
          growthTable(r.growth),
          '',
        ]
      : []),
    '## Breakdown: the use case alone',
    '',
    "The same use case call as the CLI (`judgeModel`, `writeBackModels`) in a child process, at the catalog's own date: its time excludes process start, module loading and rendering the output.",
    '',
    '### One model (`trust`)',
    '',
    oneModelTable(r.oneModel),
    '',
    '### Whole-catalog scans',
    '',
    "Time: the use case inside Janus's process (process start excluded). CPU: Janus's own, and the simulator's over the same run (its stand-in for DataHub's processing); the rest of the time is the injected round trips.",
    '',
    table(
      [
        'catalog',
        'run',
        'status',
        'requests',
        'reads',
        'mutations',
        'time',
        'Janus CPU',
        'simulator CPU',
        'first verdict at (the read)',
        'models',
        'peak RSS',
        'requests by operation',
      ],
      r.catalogs.flatMap(scanRows),
    ),
    '',
    '## Catalogs',
    '',
    catalogsTable(r),
    '',
    '## Lower bound',
    '',
    '"Needed": the models and every entity upstream of one (what any client must read).',
    '',
    lowerBoundTable(r),
    '',
    '## Naive baseline over the whole catalog',
    '',
    naiveTable(r),
    '',
    '## Slack `/janus trust`',
    '',
    "A signed slash command sent to Janus (Bolt, the handler, the use case, Block Kit) until the verdict arrives at a fake Slack's response URL; one request at a time, each for a model.",
    '',
    slackTable(r),
    '',
    notes.trim(),
    '',
  ].join('\n');
}

/** Writes the Markdown and JSON; returns their paths. */
export function writeResults(r: Results, dir: string, base: string, notes: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const md = path.join(dir, `${base}.md`);
  const json = path.join(dir, `${base}.json`);
  fs.writeFileSync(md, markdown(r, notes));
  fs.writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`);
  return [md, json];
}

/** A short plain summary for the terminal. */
export function summary(r: Results): string {
  return [
    cliTable(r.cli),
    '',
    headline(r),
    '',
    table(
      ['target', 'result', 'figures'],
      r.targets.map((t) => [t.target, verdict(t.holds), t.detail]),
    ),
  ].join('\n');
}
