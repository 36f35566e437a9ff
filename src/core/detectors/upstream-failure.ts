import { finding, type Finding } from '../finding.js';
import { indexOf, upstreamClosure, type EntityNode, type UpstreamGraph } from '../graph.js';
import type { DetectContext } from './context.js';
import { memoized } from './memo.js';

/**
 * The latest completed run of a job producing an upstream dataset failed, or the latest run of a
 * non-freshness assertion on an upstream dataset failed. Only the latest counts: a failure followed by a
 * success is history, not a finding.
 */
export function upstreamFailure(g: UpstreamGraph, ctx: DetectContext): Finding[] {
  const upstream = upstreamClosure(g, g.model);
  const produced = upstream.map((u) => [u, failedProducers(g, g.nodes[u])] as const).filter(([, jobs]) => jobs.length);
  return [...failedJobs(g, ctx, produced), ...upstream.flatMap((u) => failedAssertionsOf(g.nodes[u], ctx))];
}

/**
 * The jobs whose latest run failed, from the upstream datasets they produce (each with its failed producers):
 * one finding each, on the first dataset.
 */
export function failedJobs(
  g: UpstreamGraph,
  ctx: DetectContext,
  produced: Iterable<readonly [string, readonly string[]]>,
): Finding[] {
  const producedBy = new Map<string, string[]>();
  for (const [urn, jobs] of produced) {
    for (const job of jobs) {
      const list = producedBy.get(job);
      if (list) list.push(urn);
      else producedBy.set(job, [urn]);
    }
  }
  const all = memoized(g, ctx, 'job-products', () => productsOfFailedJobs(g));
  const made = jobFindings(g, ctx);
  return [...producedBy.keys()].sort().map((job) => {
    const seen = producedBy.get(job)!;
    // most models see every product of a job: one finding per job, and no sorting per model
    const every = all.get(job);
    return jobFindingFor(g, ctx, made, job, every && seen.length === every.length ? every : seen.sort());
  });
}

/**
 * `failedJobs` from the ids (in `indexOf(g)`) of the upstream datasets with a failed producer, ascending: the same
 * findings, counted per job over integer ids (a stale catalog's model sees thousands of such datasets).
 */
export function failedJobsAt(g: UpstreamGraph, ctx: DetectContext, produced: readonly number[]): Finding[] {
  if (!produced.length) return [];
  const jobs = memoized(g, ctx, 'job-index', () => jobIndex(g, ctx));
  const stamp = ++jobs.stamps;
  const seenJobs: number[] = [];
  for (const id of produced) {
    for (let k = jobs.start[id]!; k < jobs.start[id + 1]!; k++) {
      const j = jobs.ofEntity[k]!;
      if (jobs.stamp[j] !== stamp) {
        jobs.stamp[j] = stamp;
        jobs.seen[j] = 0;
        seenJobs.push(j);
      }
      jobs.seen[j]!++;
    }
  }
  const { urns } = indexOf(g);
  const made = jobFindings(g, ctx);
  // jobs are numbered in urn order
  return seenJobs
    .sort((a, b) => a - b)
    .map((j) => {
      const every = jobs.products[j]!;
      if (jobs.seen[j] === every.length) return jobFindingFor(g, ctx, made, jobs.urns[j]!, every);
      const seen: string[] = [];
      for (const id of produced)
        for (let k = jobs.start[id]!; k < jobs.start[id + 1]!; k++) if (jobs.ofEntity[k] === j) seen.push(urns[id]!);
      return jobFindingFor(g, ctx, made, jobs.urns[j]!, seen.sort());
    });
}

/** One finding per job and products seen, shared by every model that sees the same (found by comparing lists, not by a joined key). */
function jobFindingFor(
  g: UpstreamGraph,
  ctx: DetectContext,
  made: JobFindings,
  job: string,
  products: string[],
): Finding {
  let variants = made.get(job);
  if (!variants) made.set(job, (variants = []));
  for (const [seen, f] of variants) if (seen === products || sameList(seen, products)) return f;
  const f = jobFinding(g, ctx, job, products);
  variants.push([products, f]);
  return f;
}

/** Job → the findings made for it so far, each with the products it names. */
type JobFindings = Map<string, [string[], Finding][]>;
const jobFindings = (g: UpstreamGraph, ctx: DetectContext): JobFindings =>
  memoized(g, ctx, 'job-findings', () => new Map());

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The failed jobs of a graph numbered in urn order, each entity's among them, and a per-model count of products seen. */
interface JobIndex {
  urns: string[];
  /** Job → its products' urns, sorted (the lists of `productsOfFailedJobs`). */
  products: string[][];
  /** Entity id → its failed producers: `ofEntity[start[id]] .. ofEntity[start[id + 1] - 1]`. */
  start: Int32Array;
  ofEntity: Int32Array;
  /** Scratch: job → products seen by the model being judged, valid where `stamp` holds the current one. */
  seen: Int32Array;
  stamp: Uint32Array;
  stamps: number;
}

function jobIndex(g: UpstreamGraph, ctx: DetectContext): JobIndex {
  const { urns: entities } = indexOf(g);
  const products = memoized(g, ctx, 'job-products', () => productsOfFailedJobs(g));
  const urns = [...products.keys()].sort();
  const number = new Map(urns.map((u, j) => [u, j]));
  const start = new Int32Array(entities.length + 1);
  const ofEntity: number[] = [];
  entities.forEach((urn, id) => {
    start[id] = ofEntity.length;
    for (const job of failedProducers(g, g.nodes[urn])) ofEntity.push(number.get(job)!);
  });
  start[entities.length] = ofEntity.length;
  return {
    urns,
    products: urns.map((u) => products.get(u)!),
    start,
    ofEntity: Int32Array.from(ofEntity),
    seen: new Int32Array(urns.length),
    stamp: new Uint32Array(urns.length),
    stamps: 0,
  };
}

/** Every product of each job whose latest run failed, sorted: what a model that sees them all is told. */
function productsOfFailedJobs(g: UpstreamGraph): Map<string, string[]> {
  const products = new Map<string, string[]>();
  indexOf(g).urns.forEach((urn) => {
    for (const job of failedProducers(g, g.nodes[urn])) {
      const list = products.get(job);
      if (list) list.push(urn);
      else products.set(job, [urn]);
    }
  });
  for (const list of products.values()) list.sort();
  return products;
}

function jobFinding(g: UpstreamGraph, ctx: DetectContext, job: string, produced: string[]): Finding {
  const run = g.nodes[job]!.latestRun!;
  const jobName = g.nodes[job]?.name ?? job;
  return finding(ctx.policy, 'upstream_failure', {
    entity: produced[0]!,
    key: `upstream_failure:${job}`,
    message: `The latest run of job ${jobName} failed; it produces ${produced.map((d) => g.nodes[d]?.name ?? d).join(', ')}.`,
    evidence: { job, run: run.urn, failedAt: run.at, produces: produced },
  });
}

/** The jobs producing a dataset whose latest completed run failed. */
export function failedProducers(g: UpstreamGraph, d: EntityNode | undefined): string[] {
  if (d?.kind !== 'dataset') return [];
  return d.producers.filter((job) => g.nodes[job]?.latestRun?.result === 'FAILURE');
}

/** Failed non-freshness assertions on one dataset, whichever model reaches it. */
export function failedAssertionsOf(d: EntityNode | undefined, ctx: DetectContext): Finding[] {
  if (d?.kind !== 'dataset') return [];
  return d.assertions
    .filter((a) => a.kind === 'other' && a.latest?.result === 'FAILURE')
    .map((a) =>
      finding(ctx.policy, 'upstream_failure', {
        entity: d.urn,
        key: `upstream_failure:${a.urn}`,
        message: `Assertion "${a.description ?? a.urn}" on ${d.name} failed on its latest run.`,
        evidence: { assertion: a.urn, failedAt: a.latest!.at, dataset: d.urn },
      }),
    );
}
