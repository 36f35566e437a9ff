/** Each committed cycle of a running service, with what it cost between the commit before it and its own. */
import type { CycleCost } from './service-figures.js';
import { nextCommitted, type ServiceRedis } from './service-redis.js';
import type { SimProcess } from './sim-process.js';
import type { ServiceProcess } from './service-process.js';

interface Sample {
  cpuMs: number;
  simCpuMs?: number;
  requests: number;
  responseBytes: number;
  mutations: number;
}

export interface CycleMeter {
  /** Waits for the next committed cycle (undefined after `timeoutMs`) and returns its cost. */
  next(timeoutMs: number): Promise<CycleCost | undefined>;
  /** Cycles committed so far (the one that was committed when the meter started not counted). */
  count(): number;
}

const rss = (kb: number | undefined) => (kb === undefined ? {} : { rssMb: Math.round(kb / 1024) });

export async function cycleMeter(redis: ServiceRedis, serve: ServiceProcess, sim: SimProcess): Promise<CycleMeter> {
  const sample = async (): Promise<Sample> => {
    const stats = await sim.stats();
    const simCpuMs = sim.cpuMs();
    return {
      cpuMs: serve.cpuMs(),
      ...(simCpuMs !== undefined ? { simCpuMs } : {}),
      requests: stats.requests,
      responseBytes: stats.responseBytes,
      mutations: stats.mutations,
    };
  };
  let last = (await redis.committed())?.id;
  let before = await sample();
  let count = 0;
  return {
    count: () => count,
    async next(timeoutMs) {
      const cycle = await nextCommitted(redis, last, timeoutMs);
      if (!cycle) return undefined;
      const after = await sample();
      const cost: CycleCost = {
        cycle: cycle.id,
        full: cycle.full,
        judged: cycle.judged,
        cycleMs: cycle.ms,
        cpuMs: Math.round(after.cpuMs - before.cpuMs),
        requests: after.requests - before.requests,
        responseBytes: after.responseBytes - before.responseBytes,
        mutations: after.mutations - before.mutations,
        transitions: cycle.transitions,
        ...rss(serve.rssKb()),
        ...(after.simCpuMs !== undefined && before.simCpuMs !== undefined
          ? { simCpuMs: Math.round(after.simCpuMs - before.simCpuMs) }
          : {}),
      };
      [last, before] = [cycle.id, after];
      count++;
      return cost;
    },
  };
}
