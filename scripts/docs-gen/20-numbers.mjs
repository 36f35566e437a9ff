// docs/numbers.md: the benchmark's figures (bench/results.json, written by `npm run bench`) as tables, and charts drawn
// as SVG at build time (docs/public/generated/*.svg). Every figure is read from the JSON; none is typed here.
import fs from 'node:fs';
import path from 'node:path';
import { svgChart } from './lib/chart.mjs';
import { duration, int, mb, times } from './lib/format.mjs';
import { argosLine, generatedNote, table, writeOut } from './lib/write-out.mjs';

const SVG = 'docs/public/generated';
const NOT_RUN = 'not measured in this run';
/** Janus in one colour on every chart, the naive walk in an alarming one, the lower bound muted. */
const COLOUR = { Janus: '#4f46e5', 'lower bound': '#9ca3af', 'naive walk': '#dc2626' };
const colours = (domain) => ({ domain, range: domain.map((who) => COLOUR[who]) });

/** The CLI row of a catalog's step at a date (`own`: the catalog's own date; `stale`: the clock's). */
const cliRow = (r, catalog, step, date) =>
  (r.cli ?? []).find((c) => c.catalog === catalog && c.step === step && c.date === date);
const requestsOf = (row) => (row?.status === 'done' ? row.median.requests : undefined);
const orDash = (v, f = int) => (v === undefined || v === null ? '–' : f(v));

function runSection(r) {
  const m = r.meta;
  const machine = m.machine;
  return [
    `- Run: **${m.date}**, commit \`${m.commit}\`${m.dirty ? ' (with uncommitted changes)' : ''}, \`npm run bench\` (${m.mode}), ${int(m.wallS)} s`,
    `- Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}; load average at start ${machine.loadAtStart.join(' / ')}`,
    `- The simulator in its own process with ${m.rttMs} ms injected per request (a round trip to DataHub); Janus with up to ${m.janus.concurrency} requests in flight, pages of ${int(m.janus.pageSize)}, batches of ${int(m.janus.batchSize)}`,
    `- Dates judged at: **own**, the generated catalogs' own date ${m.dates.own}; **stale**, the clock's (every generated table past its SLA)`,
  ].join('\n');
}

function oneModelSection(r, depthRows) {
  const rows = (r.oneModel ?? []).map((o) => [
    o.catalog,
    o.depth,
    int(o.reached),
    int(o.janus.requests),
    orDash(o.naive?.exactRequests),
    o.naive?.exactRequests ? times(o.naive.exactRequests, o.janus.requests) : '–',
  ]);
  const cli = depthRows.map(({ catalog }) =>
    [
      catalog,
      ...['trust', 'trust-urn'].flatMap((step) =>
        ['own', 'stale'].map((date) => orDash(requestsOf(cliRow(r, catalog, step, date)))),
      ),
    ].map(String),
  );
  return [
    '## One model: requests by lineage depth',
    '',
    'How many GraphQL requests judging one model (`model_00001`) takes, Janus against the naive walk (a request per entity and hop, as a client following `lineage` does), counted at the simulator. Janus reads the whole upstream reach in one request; the naive walk grows with the depth.',
    '',
    '![Requests to judge one model by lineage depth, Janus against the naive walk, on a log scale](/generated/requests-by-depth.svg)',
    '',
    table(['catalog', 'depth', 'entities reached', 'Janus requests', 'naive requests', 'naive / Janus'], rows),
    '',
    '`janus trust model_00001` as a user runs it (a whole process; by name it first finds the model):',
    '',
    table(['catalog', 'by name, own date', 'by name, stale', 'by urn, own date', 'by urn, stale'], cli),
  ].join('\n');
}

function catalogSection(r) {
  const rows = (r.catalogs ?? []).map((c) => {
    const janus = requestsOf(cliRow(r, c.spec.name, 'dry-run', 'own'));
    const bound = c.lowerBound?.needed?.requests;
    const naive = c.naive?.exactRequests;
    return [
      c.spec.name,
      int(c.spec.models),
      int(c.spec.datasets),
      int(c.needed),
      orDash(janus),
      orDash(bound),
      janus && bound ? times(janus, bound) : '–',
      orDash(naive),
      janus && naive ? times(naive, janus) : '–',
    ];
  });
  return [
    '## A whole catalog: Janus, the lower bound and the naive walk',
    '',
    '`janus scan --all --dry-run` at the catalog’s own date, against the fewest requests any client needs (every model and every entity upstream of one, read in pages and batches of 1,000) and the naive walk over every model.',
    '',
    '![Requests to judge a whole catalog: Janus, the lower bound and the naive walk, on a log scale](/generated/catalog-requests.svg)',
    '',
    table(
      [
        'catalog',
        'models',
        'datasets',
        'entities needed',
        'Janus requests',
        'lower bound',
        'Janus / bound',
        'naive requests',
        'naive / Janus',
      ],
      rows,
    ),
  ].join('\n');
}

function cycleSection(r) {
  const u = r.service?.unchanged;
  if (u?.status !== 'done') return `## The service’s cycle\n\n${NOT_RUN}.`;
  const row = (kind, c) => [
    kind,
    c.full ? 'full' : 'incremental',
    int(c.judged),
    duration(c.cycleMs),
    duration(c.cpuMs),
    int(c.requests),
    int(c.responseBytes),
    int(c.mutations),
    int(c.transitions),
    mb(c.rssMb),
  ];
  const change = r.service.change;
  const rss = r.service.rss;
  return [
    '## The service’s cycle',
    '',
    `\`janus serve\` on Redis, the ${r.service.catalog} catalog, a cycle every ${duration(u.intervalMs)}: the first cycle reads, judges and writes back the whole catalog; while nothing changes, a cycle probes what moved and judges nothing.`,
    '',
    table(
      [
        'cycle',
        'kind',
        'models judged',
        'start → commit',
        'Janus CPU',
        'requests',
        'response bytes',
        'mutations',
        'transitions',
        'RSS',
      ],
      [row('first', u.first), ...u.cycles.map((c) => row('unchanged', c))],
    ),
    '',
    change?.status === 'done'
      ? `A job run ingested (failing, then fixed, ${change.latenciesMs.length} times) reached the alert queue in ${duration(change.p50Ms)} at the median, ${duration(change.p95Ms)} at p95.`
      : '',
    rss?.status === 'done'
      ? `Memory of \`janus serve\` after cycle 10: ${mb(rss.rssAt10Mb)}; after cycle ${rss.cycles}: ${mb(rss.rssAt100Mb)}.`
      : '',
  ].join('\n');
}

function memorySection(r) {
  const growth = (r.growth ?? []).map((g) => [
    int(g.spec.models),
    int(g.spec.datasets),
    g.catalog,
    g.status === 'done' ? duration(g.median.wallMs) : '–',
    g.status === 'done' ? mb(g.median.peakRssMb) : '–',
    g.status === 'done' ? int(g.median.requests) : '–',
  ]);
  const scans = (r.cli ?? [])
    .filter((c) => c.step === 'dry-run' && c.status === 'done')
    .map((c) => [c.catalog, c.date, duration(c.median.wallMs), mb(c.median.peakRssMb), int(c.median.requests)]);
  return [
    '## Memory and time as the catalog grows',
    '',
    '`janus scan --all --dry-run` as a whole process: wall time and peak RSS (the OS’s accounting of the exited process).',
    '',
    '![Wall time and peak memory of a whole-catalog scan by number of models](/generated/growth.svg)',
    '',
    table(['models', 'datasets', 'catalog', 'wall', 'peak RSS', 'requests'], growth),
    '',
    table(['catalog', 'date', 'wall', 'peak RSS', 'requests'], scans),
  ].join('\n');
}

function targetsSection(r) {
  return [
    '## Targets',
    '',
    table(
      ['target', 'holds', 'measured'],
      (r.targets ?? []).map((t) => [t.target, t.holds ? 'holds' : '**misses**', t.detail]),
    ),
  ].join('\n');
}

async function charts(r, depthRows) {
  const depth = depthRows.flatMap((o) => [
    { depth: o.depth, who: 'Janus', requests: o.janus.requests },
    ...(o.naive?.exactRequests ? [{ depth: o.depth, who: 'naive walk', requests: o.naive.exactRequests }] : []),
  ]);
  const log = { type: 'log' };
  const byDepth = await svgChart({
    title: 'Requests to judge one model',
    width: 460,
    height: 260,
    data: { values: depth },
    mark: { type: 'line', point: { size: 60 }, strokeWidth: 2.5 },
    encoding: {
      x: { field: 'depth', type: 'quantitative', title: 'lineage depth', axis: { values: depth.map((d) => d.depth) } },
      y: { field: 'requests', type: 'quantitative', scale: log, title: 'requests (log scale)' },
      color: { field: 'who', type: 'nominal', title: null, scale: colours(['Janus', 'naive walk']) },
    },
  });
  const catalogValues = (r.catalogs ?? []).flatMap((c) => {
    const janus = requestsOf(cliRow(r, c.spec.name, 'dry-run', 'own'));
    return [
      ['Janus', janus],
      ['lower bound', c.lowerBound?.needed?.requests],
      ['naive walk', c.naive?.exactRequests],
    ]
      .filter(([, v]) => v)
      .map(([who, requests]) => ({ catalog: c.spec.name, who, requests }));
  });
  const order = ['Janus', 'lower bound', 'naive walk'];
  const byCatalog = await svgChart({
    title: 'Requests to judge a whole catalog',
    width: { step: 28 },
    height: 260,
    data: { values: catalogValues },
    mark: 'bar',
    encoding: {
      x: {
        field: 'catalog',
        type: 'nominal',
        title: null,
        sort: (r.catalogs ?? []).map((c) => c.spec.name),
        axis: { labelAngle: 0 },
      },
      xOffset: { field: 'who', sort: order },
      y: { field: 'requests', type: 'quantitative', scale: log, stack: null, title: 'requests (log scale)' },
      color: { field: 'who', type: 'nominal', title: null, sort: order, scale: colours(order) },
    },
  });
  const growthValues = (r.growth ?? [])
    .filter((g) => g.status === 'done')
    .map((g) => ({ models: g.spec.models, wallS: g.median.wallMs / 1000, rssMb: g.median.peakRssMb }));
  const panel = (field, title) => ({
    width: 220,
    height: 200,
    mark: { type: 'line', point: { size: 60 }, strokeWidth: 2.5 },
    encoding: {
      x: { field: 'models', type: 'quantitative', title: 'models' },
      y: { field, type: 'quantitative', title },
    },
  });
  const growth = await svgChart({
    title: 'janus scan --all --dry-run as the catalog grows',
    data: { values: growthValues },
    hconcat: [panel('wallS', 'wall time (s)'), panel('rssMb', 'peak RSS (MB)')],
  });
  return { 'requests-by-depth.svg': byDepth, 'catalog-requests.svg': byCatalog, 'growth.svg': growth };
}

/** The numbers page from a results.json (the benchmark's raw figures). */
export async function renderNumbers(r) {
  const depthRows = (r.oneModel ?? []).filter((o) => o.catalog.startsWith('depth-'));
  const deepest = depthRows.at(-1);
  const argos = deepest
    ? `At lineage depth ${deepest.depth} I asked DataHub ${int(deepest.janus.requests)} ${deepest.janus.requests === 1 ? 'time' : 'times'} to judge one model; the naive walk asks ${int(deepest.naive.exactRequests)}. I count them at the simulator.`
    : 'I count every request at the simulator.';
  const page = [
    generatedNote('20-numbers.mjs'),
    '# Backed by real numbers',
    '',
    argosLine(argos),
    '',
    'Every figure on this page is from the last full benchmark run (`npm run bench`; `bench/README.md` in the repository describes what each row measures), read from `bench/results.json` when the site was built. Requests are the main measure: in production the cost is round trips to DataHub; times depend on the machine. The design behind them: [performance](./performance.md).',
    '',
    runSection(r),
    '',
    oneModelSection(r, depthRows),
    '',
    catalogSection(r),
    '',
    cycleSection(r),
    '',
    memorySection(r),
    '',
    targetsSection(r),
    '',
  ].join('\n');
  return { page, svgs: await charts(r, depthRows) };
}

export async function generate({ root, out }) {
  const started = Date.now();
  const results = JSON.parse(fs.readFileSync(path.join(root, 'bench/results.json'), 'utf8'));
  const { page, svgs } = await renderNumbers(results);
  const files = [writeOut(out, 'docs/numbers.md', page)];
  for (const [name, svg] of Object.entries(svgs)) files.push(writeOut(out, `${SVG}/${name}`, svg));
  console.log(`docs-gen 20-numbers: ${files.length} files in ${Date.now() - started} ms`);
  return files;
}

export default (root) => generate({ root, out: root });
