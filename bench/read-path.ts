/**
 * The read path alone, without the full `npm run bench`: `trust model_00001` on the depth catalogs, and the
 * catalog read (`readCatalog`) on the medium and large catalogs, each against a simulator process of its own at
 * the injected round trip. Prints requests, wall time, CPU (Janus's and the simulator's) and peak RSS.
 *
 *   tsc -p bench/tsconfig.json && node scripts/copy-assets.mjs && node dist/bench/read-path.js [--only depth,medium,large] [--batches 250,500,1000]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { DEPTHS, depthCatalog, ensureCatalog, LARGE, MEDIUM, type CatalogSpec } from './catalogs.js';
import type { JanusFigures } from './figures.js';
import { cachedCatalogFacts } from './graph-oracle.js';
import type { JanusJob } from './janus-job.js';
import { measureJanus } from './measure-janus.js';
import { warmUp } from './measure-naive.js';
import { janusOperationKinds } from './operation-kinds.js';
import { ROOT } from './paths.js';
import { MODEL } from './sections.js';
import { startSimProcess } from './sim-process.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'depth,medium,large' },
    'latency-ms': { type: 'string', default: '20' },
    /** Entities a batched read, for the catalog reads (default: Janus's). */
    batches: { type: 'string', default: '' },
  },
});
const rttMs = Number(args['latency-ms']);
const only = new Set(args.only.split(','));
const batches = args.batches ? args.batches.split(',').map(Number) : [undefined];
const kinds = janusOperationKinds();
const pageDocument = fs.readFileSync(path.join(ROOT, 'src/datahub/operations/catalog-page.graphql'), 'utf8');

interface Row {
  catalog: string;
  run: string;
  needed?: number;
  /** trust: entities the model reaches (the oracle's count). */
  reached?: number;
  figures: JanusFigures;
}

async function measure(spec: CatalogSpec, jobs: (url: string) => { run: string; job: JanusJob }[]): Promise<Row[]> {
  const catalog = await ensureCatalog(spec);
  const facts = await cachedCatalogFacts(catalog, spec.name.startsWith('depth-') ? 'all' : 'none');
  const sim = await startSimProcess({ catalog: catalog.path, latencyMs: rttMs });
  const rows: Row[] = [];
  try {
    await warmUp(sim, MODEL, pageDocument);
    for (const { run, job } of jobs(sim.url)) {
      const figures = await measureJanus(sim, job, { budgetMs: 300_000, kinds });
      const reached = job.task === 'trust' ? facts.naive.find((m) => m.model === MODEL)?.reached : undefined;
      rows.push({ catalog: spec.name, run, needed: facts.needed, ...(reached ? { reached } : {}), figures });
      console.error(`${spec.name} ${run}: ${JSON.stringify(figures)}`);
    }
  } finally {
    await sim.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const trust = (url: string) => [
    { run: 'trust', job: { task: 'trust' as const, url, model: MODEL, now: GENERATED_NOW } },
  ];
  const reads = (url: string) =>
    batches.map((batch) => ({
      run: `read${batch ? `, batch ${batch}` : ''}`,
      job: { task: 'read' as const, url, ...(batch ? { batch } : {}) },
    }));
  if (only.has('depth')) for (const depth of DEPTHS) rows.push(...(await measure(depthCatalog(depth), trust)));
  if (only.has('medium')) rows.push(...(await measure(MEDIUM, reads)));
  if (only.has('large')) rows.push(...(await measure(LARGE, reads)));
  console.log(
    '| catalog | run | needed (reached) | requests | by operation | time | Janus CPU | simulator CPU | peak RSS | entities |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { catalog, run, needed, reached, figures: f } of rows) {
    const ops = Object.entries(f.byOperation ?? {})
      .map(([k, v]) => `${k.replace(/^Janus/, '')} ${v}`)
      .join(', ');
    console.log(
      `| ${catalog} | ${run} | ${needed ?? ''}${reached ? ` (${reached})` : ''} | ${f.requests} | ${ops} | ${f.ms} ms | ${f.cpuMs} ms | ${f.simCpuMs} ms | ${f.peakRssMb} MB | ${f.entities ?? ''} |${f.status === 'done' ? '' : ` ${f.status}: ${f.reason}`}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
});
