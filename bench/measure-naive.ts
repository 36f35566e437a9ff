/** The naive walker over HTTP against a running simulator, within a time budget, next to its exact count. */
import { graphqlTransport, httpRunner, naiveWalk } from './naive-walk.js';
import type { NaiveFigures } from './figures.js';
import type { SimProcess } from './sim-process.js';

/**
 * Walks the models one after another (each from scratch, as a client judging them in turn would) until done
 * or out of budget. `exactRequests` is what the whole walk sends (graph-oracle.ts); when the budget stops the
 * walk, its time is estimated as exact requests × the measured time per request.
 */
export async function measureNaive(
  sim: SimProcess,
  models: string[],
  exactRequests: number,
  budgetMs: number,
): Promise<NaiveFigures> {
  const transport = graphqlTransport(httpRunner(sim.url));
  await sim.resetStats();
  const simCpuBefore = sim.cpuMs();
  const started = performance.now();
  const deadline = started + budgetMs;
  let requests = 0;
  let walked = 0;
  let complete = true;
  for (const model of models) {
    const walk = await naiveWalk(transport, [model], deadline);
    requests += walk.requests.total;
    if (!walk.complete) {
      complete = false;
      break;
    }
    walked++;
  }
  const ms = performance.now() - started;
  const simCpuAfter = sim.cpuMs();
  const simRequests = (await sim.stats()).requests;
  const simCpuMs =
    simCpuBefore !== undefined && simCpuAfter !== undefined ? { simCpuMs: Math.round(simCpuAfter - simCpuBefore) } : {};
  const figures: NaiveFigures = {
    exactRequests,
    measured: { requests, simRequests, ms: Math.round(ms), ...simCpuMs, complete, models: walked },
  };
  if (complete && requests === exactRequests) return { ...figures, ms: Math.round(ms), msIsEstimate: false };
  return { ...figures, ms: requests ? Math.round((ms / requests) * exactRequests) : undefined, msIsEstimate: true };
}

/**
 * Builds the simulator's lazy indexes (lineage graph, search) before anything is measured, so neither Janus
 * nor the naive walker pays for them: DataHub's own indexes are always warm.
 */
export async function warmUp(sim: SimProcess, model: string, catalogPageDocument: string): Promise<void> {
  const transport = graphqlTransport(httpRunner(sim.url));
  await transport.hop(model, 0, 1);
  await transport.facts(model);
  const res = await fetch(`${sim.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: catalogPageDocument, variables: { count: 1 } }),
  });
  if (!res.ok) throw new Error(`warm-up search: HTTP ${res.status}`);
  await sim.resetStats();
}
