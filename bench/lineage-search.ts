/**
 * Janus's blast-radius lookups against the simulator (issue 14): `JanusDownstreamModels` asks, for each
 * offending dataset, the ML models downstream of it at any depth. On the medium catalog a raw (layer-0)
 * table reaches ~20,000 entities. Measured at Janus's client (its operation, client and response schema),
 * with the simulator in its own process and no injected latency, so the time is the simulator's answer:
 *
 * - one dataset per request (`readDownstreamModels`), for the largest reaches, each asked for the first time,
 *   then the largest again;
 * - one document of 200 aliases of the same `scrollAcrossLineage` field, for 200 datasets not asked before,
 *   then the same document again; the cost per alias, and the simulator's CPU per alias.
 *
 * Alone: `node dist/bench/lineage-search.js [--aliases 200] [--singles 40]` (after `npm run bench`'s build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createDataHubClient, type DataHubClient } from '../src/datahub/client.js';
import type { Operation } from '../src/datahub/operation.js';
import { downstreamModels } from '../src/datahub/queries/downstream-models.js';
import { readDownstreamModels } from '../src/datahub/read-downstream.js';
import { graphOf } from '@janus/datahub-sim/in-process';
import { ensureCatalog, MEDIUM, type Catalog, type CatalogSpec } from './catalogs.js';
import { loadStore } from './graph-oracle.js';
import { OUT } from './paths.js';
import { startSimProcess, type SimProcess } from './sim-process.js';

export interface LineageSearchFigures {
  status: 'done' | 'error';
  reason?: string;
  catalog: string;
  /** Raw tables (the sources of the lineage graph), and the entities downstream of the largest. */
  sources?: number;
  largest?: { urn: string; reach: number; models: number };
  /** One dataset per request: first asks of the largest reaches, then the largest asked again. */
  first?: Timings;
  again?: Timings;
  /** One document of `aliases` aliases, datasets never asked before, then the same document again. */
  many?: { aliases: number; reachP50: number; first: DocumentTimings; again: DocumentTimings };
}

interface Timings {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The simulator's CPU per request. */
  simCpuMs?: number;
}

interface DocumentTimings {
  ms: number;
  perAliasMs: number;
  simCpuMs?: number;
  simCpuPerAliasMs?: number;
  bytes: number;
}

export interface LineageSearchOptions {
  catalog?: CatalogSpec;
  aliases?: number;
  singles?: number;
  log: (line: string) => void;
}

/** Requests are timed here, not bounded: a slow answer is a figure, not a failure. */
const CLIENT = { timeoutMs: 600_000, retry: { retries: 0 } };

export async function measureLineageSearch(opts: LineageSearchOptions): Promise<LineageSearchFigures> {
  const spec = opts.catalog ?? MEDIUM;
  const aliases = opts.aliases ?? 200;
  const singles = opts.singles ?? 40;
  const catalog = await ensureCatalog(spec);
  const sources = await cachedSources(catalog);
  const sim = await startSimProcess({ catalog: catalog.path, latencyMs: 0 });
  try {
    const client = createDataHubClient({ url: sim.url, ...CLIENT });
    // Warm-up (DataHub's indexes are always warm): a lookup from the smallest reach, not counted.
    await readDownstreamModels(client, [sources.at(-1)!.urn]);
    const largest = sources[0]!;
    const first = await timed(
      sim,
      sources.slice(0, singles).map((s) => () => readDownstreamModels(client, [s.urn])),
    );
    const again = await timed(
      sim,
      Array.from({ length: Math.min(20, singles) }, () => () => readDownstreamModels(client, [largest.urn])),
    );
    opts.log(
      `  one dataset a request: first asks p50 ${first.p50Ms} ms, p95 ${first.p95Ms} ms; the largest again p50 ${again.p50Ms} ms, p95 ${again.p95Ms} ms`,
    );
    const models = (await readDownstreamModels(client, [largest.urn]))[largest.urn]?.length ?? 0;
    const batch = sources.slice(singles, singles + aliases);
    // Janus's own aliased document for that many datasets (up to downstreamModels.max: what GMS's limits take)
    const op = downstreamModels.forSlots(batch.length) as Operation<Record<string, unknown>, unknown>;
    const vars = Object.assign({}, ...batch.map((s, i) => downstreamModels.slotVars(i, { d: s.urn }))) as Record<
      string,
      unknown
    >;
    const many1 = await timedDocument(sim, client, op, vars);
    const many2 = await timedDocument(sim, client, op, vars);
    opts.log(
      `  ${batch.length} aliases in one document: ${many1.ms} ms (${many1.perAliasMs} ms an alias), again ${many2.ms} ms (${many2.perAliasMs} ms an alias)`,
    );
    return {
      status: 'done',
      catalog: spec.name,
      sources: sources.length,
      largest: { urn: largest.urn, reach: largest.reach, models },
      first,
      again,
      many: {
        aliases: batch.length,
        reachP50: pct(
          batch.map((s) => s.reach),
          50,
        ),
        first: many1,
        again: many2,
      },
    };
  } catch (e) {
    return { status: 'error', reason: e instanceof Error ? e.message : String(e), catalog: spec.name };
  } finally {
    await sim.stop();
  }
}

/** The figures as a results.md section. */
export function lineageSearchMarkdown(f: LineageSearchFigures | undefined): string {
  if (!f) return '';
  const head = '## Simulator: downstream lineage search (issue 14)';
  if (f.status !== 'done' || !f.first || !f.again || !f.many || !f.largest)
    return `${head}\n\n${f.status}: ${f.reason ?? ''}\n`;
  const cpu = (ms: number | undefined) => (ms === undefined ? '' : `${ms} ms`);
  const rows = [
    [
      'one dataset a request, first asks of the largest reaches',
      `${f.first.requests} requests`,
      `${f.first.p50Ms} ms`,
      `${f.first.p95Ms} ms`,
      `${f.first.maxMs} ms`,
      cpu(f.first.simCpuMs),
    ],
    [
      'the largest reach asked again',
      `${f.again.requests} requests`,
      `${f.again.p50Ms} ms`,
      `${f.again.p95Ms} ms`,
      `${f.again.maxMs} ms`,
      cpu(f.again.simCpuMs),
    ],
  ];
  const doc = (label: string, d: DocumentTimings) => [
    label,
    `${d.ms} ms`,
    `${d.perAliasMs} ms`,
    cpu(d.simCpuMs),
    cpu(d.simCpuPerAliasMs),
    `${(d.bytes / 1e6).toFixed(1)} MB`,
  ];
  return [
    head,
    '',
    `Janus's \`JanusDownstreamModels\` (ML models downstream of a dataset, any depth) on the ${f.catalog} catalog: ${f.sources} raw tables; the largest reaches ${f.largest.reach} entities (${f.largest.models} models). Simulator in its own process, no injected latency; time at Janus's client.`,
    '',
    '| lookup | requests | p50 | p95 | max | simulator CPU a request |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `One document of ${f.many.aliases} aliases of the same field, each a dataset never asked before (median reach ${f.many.reachP50} entities), then the same document again:`,
    '',
    '| document | time | an alias | simulator CPU | an alias | response |',
    '|---|---|---|---|---|---|',
    `| ${doc('first', f.many.first).join(' | ')} |`,
    `| ${doc('again', f.many.again).join(' | ')} |`,
    '',
  ].join('\n');
}

interface Source {
  urn: string;
  /** Entities downstream of it (the walk DataHub does for a lineage search). */
  reach: number;
}

/** The catalog's raw tables by reach, largest first; computed once per catalog, in a simulator store of this process. */
async function cachedSources(catalog: Catalog): Promise<Source[]> {
  const file = path.join(OUT, 'catalogs', `${catalog.spec.name}.lineage-sources.json`);
  if (fs.existsSync(file)) {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as { stamp: string; sources: Source[] };
    if (cached.stamp === catalog.stamp) return cached.sources;
  }
  const store = await loadStore([catalog.path]);
  const graph = graphOf(store);
  const sources = [...store.all()]
    .filter((e) => e.entityType === 'dataset' && /\.layer_0\./.test(e.urn))
    .map((e) => ({
      urn: e.urn,
      reach: graph.reaches.get(e.urn, { direction: 'DOWNSTREAM', maxHops: 1000 })?.size ?? 0,
    }))
    .sort((a, b) => b.reach - a.reach || (a.urn < b.urn ? -1 : 1));
  fs.writeFileSync(file, JSON.stringify({ stamp: catalog.stamp, sources }));
  return sources;
}

async function timed(sim: SimProcess, asks: (() => Promise<unknown>)[]): Promise<Timings> {
  const times: number[] = [];
  const cpuBefore = sim.cpuMs();
  for (const ask of asks) {
    const started = performance.now();
    await ask();
    times.push(performance.now() - started);
  }
  const cpuAfter = sim.cpuMs();
  return {
    requests: times.length,
    p50Ms: pct(times, 50),
    p95Ms: pct(times, 95),
    maxMs: Math.round(Math.max(...times)),
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { simCpuMs: Math.round((cpuAfter - cpuBefore) / times.length) }
      : {}),
  };
}

async function timedDocument(
  sim: SimProcess,
  client: DataHubClient,
  op: Operation<Record<string, unknown>, unknown>,
  vars: Record<string, unknown>,
): Promise<DocumentTimings> {
  const aliases = Object.keys(vars).filter((k) => k.startsWith('has')).length;
  const cpuBefore = sim.cpuMs();
  const started = performance.now();
  const data = await client.request(op, vars);
  const ms = performance.now() - started;
  const cpuAfter = sim.cpuMs();
  const simCpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    ms: Math.round(ms),
    perAliasMs: round1(ms / aliases),
    ...(simCpu !== undefined ? { simCpuMs: Math.round(simCpu), simCpuPerAliasMs: round1(simCpu / aliases) } : {}),
    bytes: JSON.stringify(data).length,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args } = parseArgs({
    options: { aliases: { type: 'string', default: '200' }, singles: { type: 'string', default: '40' } },
  });
  measureLineageSearch({
    aliases: Number(args.aliases),
    singles: Number(args.singles),
    log: (line) => console.error(line),
  })
    .then((f) => {
      console.log(lineageSearchMarkdown(f));
      if (f.status !== 'done') process.exitCode = 1;
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exitCode = 1;
    });
}
