/**
 * The job whose failing run the change row ingests: of the generated catalog's jobs whose latest run succeeded, the
 * one closest to reaching `wanted` models whose failure is a root cause of its own (not folded into trouble further
 * up), found by trying: a failing run, an incremental judgment in this process, then a fixing run.
 */
import { IncrementalJudge } from '../src/app/incremental-judge.js';
import { judgePolicy } from '../src/config/index.js';
import { judgeSchema } from '../src/config/judge.js';
import { createDataHubClient } from '../src/datahub/client.js';
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { ingestProposalBatch, jobRunProposals, type Proposal } from '@janus/datahub-sim/ingest-client';

export interface ChangeTarget {
  job: string;
  models: number;
}

/** Run times after every generated run and before the catalog's own date, one second apart: each new run is the latest. */
let runs = 0;
export const nextRunAt = () => GENERATED_NOW - 20 * 60_000 + 1000 * runs++;

/** A new completed run of `job`, as the Airflow plugin ingests it: the instance, its job, and how it ended. */
export function runProposals(job: string, result: 'FAILURE' | 'SUCCESS', at = nextRunAt()): Proposal[] {
  const runId = `bench-run-${at}`;
  return jobRunProposals({ job, result, at, urn: `urn:li:dataProcessInstance:${runId}`, name: runId, runId });
}

function troubleUpstream(from: string, upstreams: Record<string, string[]>, troubled: Set<string>): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const urn = stack.pop()!;
    if (troubled.has(urn)) return true;
    for (const up of upstreams[urn] ?? []) {
      if (seen.has(up)) continue;
      seen.add(up);
      stack.push(up);
    }
  }
  return false;
}

/**
 * Ingests a new run of `job`. Once more on a network error: after a long judgment here, the simulator may have closed
 * the idle keep-alive connection fetch reuses (the proposals are upserts: sending them twice changes nothing).
 */
export async function ingestRun(url: string, job: string, result: 'FAILURE' | 'SUCCESS'): Promise<void> {
  const proposals = runProposals(job, result);
  const answer = await ingestProposalBatch(url, proposals).catch(() => ingestProposalBatch(url, proposals));
  if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}`);
}

/** Judged at the catalog's own date: at the clock's every raw table is stale, and a failure below one is folded into it. */
export async function jobReaching(url: string, wanted: number, tries = 5): Promise<ChangeTarget> {
  const incremental = new IncrementalJudge(
    {
      client: createDataHubClient({ url }),
      policy: judgePolicy(judgeSchema.parse({ asOf: new Date(GENERATED_NOW).toISOString() })),
    },
    { refreshMs: Number.POSITIVE_INFINITY },
  );
  const { catalog, cache, live } = await incremental.cycle(GENERATED_NOW);
  const troubled = new Set(
    [...live.values()]
      .filter((c) => c.detector === 'freshness_lag' || c.detector === 'upstream_failure')
      .map((c) => c.dataset),
  );
  const any = catalog.models()[0];
  if (!any) throw new Error('no models in the catalog');
  const { upstreams } = catalog.upstreamGraph(any.urn);
  const productsOf = new Map<string, string[]>();
  for (const [d, ups] of Object.entries(upstreams))
    for (const up of ups) productsOf.set(up, [...(productsOf.get(up) ?? []), d]);
  const candidates: ChangeTarget[] = [];
  for (const urn of cache.keys()) {
    const node = catalog.entity(urn);
    if (node?.kind !== 'dataJob' || node.latestRun?.result !== 'SUCCESS') continue;
    // a failure below a root cause is folded into it: only jobs with no trouble upstream of their products
    const products = productsOf.get(urn) ?? [];
    if (products.length && !products.some((d) => troubleUpstream(d, upstreams, troubled)))
      candidates.push({ job: urn, models: catalog.modelsReading(urn).length });
  }
  candidates.sort((a, b) => Math.abs(a.models - wanted) - Math.abs(b.models - wanted));
  for (const c of candidates.slice(0, tries)) {
    await ingestRun(url, c.job, 'FAILURE');
    const raised = (await incremental.cycle(GENERATED_NOW)).live.has(`upstream_failure:${c.job}`);
    await ingestRun(url, c.job, 'SUCCESS');
    await incremental.cycle(GENERATED_NOW);
    if (raised) return c;
  }
  throw new Error(
    `none of the ${Math.min(tries, candidates.length)} jobs nearest ${wanted} models makes a root cause of its own when it fails`,
  );
}
