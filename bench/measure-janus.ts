/** One Janus job against a running simulator: requests counted at the simulator, time and memory in Janus. */
import { totalSent, type JanusJob } from './janus-job.js';
import { runJanusJob } from './janus-runner.js';
import { splitReadsWrites } from './operation-kinds.js';
import type { JanusFigures } from './figures.js';
import type { SimProcess } from './sim-process.js';

const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round(kb / 1024));

export async function measureJanus(
  sim: SimProcess,
  job: JanusJob,
  opts: { budgetMs: number; kinds: Record<string, string>; models?: number },
): Promise<JanusFigures> {
  await sim.resetStats();
  const simCpuBefore = sim.cpuMs();
  const run = await runJanusJob(job, opts.budgetMs);
  const simCpuAfter = sim.cpuMs();
  const stats = await sim.stats();
  const { reads, writes } = splitReadsWrites(stats.byOperation, opts.kinds);
  const figures: JanusFigures = {
    status: run.status,
    ...(run.reason ? { reason: run.reason } : {}),
    requests: stats.requests,
    byOperation: stats.byOperation,
    reads,
    mutationRequests: writes,
    mutations: stats.mutations,
    wallMs: Math.round(run.wallMs),
    ...(simCpuBefore !== undefined && simCpuAfter !== undefined
      ? { simCpuMs: Math.round(simCpuAfter - simCpuBefore) }
      : {}),
    ...(run.peakRssKb !== undefined ? { peakRssMb: mb(run.peakRssKb) } : {}),
  };
  if (run.status === 'pending') return { status: 'pending', reason: `pending (${run.reason})` };
  const done = run.done;
  if (done) {
    Object.assign(figures, { ms: Math.round(done.ms), cpuMs: Math.round(done.cpuMs), models: done.models });
    if (done.firstJudgedMs) figures.readMs = Math.round(done.firstJudgedMs);
    if (done.writes) figures.writes = done.writes;
    if (done.entities !== undefined) figures.entities = done.entities;
    if (totalSent(done.sent) !== stats.requests)
      figures.reason = `Janus counted ${totalSent(done.sent)} requests, the simulator ${stats.requests}`;
  }
  const p = run.progress;
  if (run.status === 'budget' && p) {
    Object.assign(figures, { readMs: Math.round(p.firstJudgedMs), judged: p.done, cpuMs: Math.round(p.cpuMs) });
    // Judging time per model so far, over the models left: the judging phase only (planning and writes not included).
    if (opts.models && p.done > 1)
      figures.projectedMs = Math.round(
        p.firstJudgedMs + ((p.elapsedMs - p.firstJudgedMs) / (p.done - 1)) * (opts.models - 1),
      );
  }
  return figures;
}
