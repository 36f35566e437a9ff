/** The `service` section's figures: `janus serve` and `janus worker` processes on Redis, against the simulator process. */
import type { RunStatus } from './figures.js';

/** One committed cycle, from the commit before it to its own: the service process's CPU and the DataHub traffic. */
export interface CycleCost {
  cycle: string;
  full: boolean;
  judged: number;
  /** The cycle's own time, from its start to its commit (`last-cycle.ms`). */
  cycleMs: number;
  /** The `janus serve` process's user + system CPU between the two commits (idle time between cycles included). */
  cpuMs: number;
  requests: number;
  responseBytes: number;
  mutations: number;
  transitions: number;
  simCpuMs?: number;
  /** The `janus serve` process's resident memory at the commit. */
  rssMb?: number;
}

/** A whole read and judgment of the catalog to compare with: `janus scan --all --dry-run` as a process. */
export interface FullReadFigures {
  cpuMs: number;
  wallMs: number;
  requests: number;
  responseBytes: number;
}

export interface UnchangedFigures {
  status: RunStatus;
  reason?: string;
  intervalMs: number;
  dryRun?: FullReadFigures;
  /** The first cycle: the whole catalog read, judged and written back. */
  first?: CycleCost;
  /** Cycles after the first that still judged models: DataHub answering with Janus's own writes. */
  settling: CycleCost[];
  /** The measured unchanged cycles. */
  cycles: CycleCost[];
}

export interface ChangeFigures {
  status: RunStatus;
  reason?: string;
  intervalMs: number;
  /** The job whose new run is ingested, the datasets it builds and the models reading them. */
  job?: string;
  models?: number;
  /** Ingest answered → its transition queued, per change (failure, fix, failure, …). */
  latenciesMs: number[];
  /** Transitions each change caused (the target: one). */
  transitionsPerChange: number[];
  p50Ms?: number;
  p95Ms?: number;
}

export interface ScaleOutRun {
  workers: number;
  status: RunStatus;
  reason?: string;
  /** The first cycle, from its start to its commit (write-back landed). */
  cycleMs?: number;
  writeJobs?: number;
  /** CPU over the cycle: `janus serve --no-workers`, each `janus worker`, the simulator. */
  serveCpuMs?: number;
  workerCpuMs?: number[];
  simCpuMs?: number;
  mutations?: number;
}

export interface ScaleOutFigures {
  status: RunStatus;
  reason?: string;
  catalog?: string;
  writeChunk: number;
  concurrency: number;
  runs: ScaleOutRun[];
}

export interface SteadyRssFigures {
  status: RunStatus;
  reason?: string;
  catalog: string;
  intervalMs: number;
  /** Cycles counted from the first (full) one. */
  cycles: number;
  rssAt10Mb?: number;
  rssAt100Mb?: number;
}

export interface ServiceFigures {
  status: RunStatus;
  reason?: string;
  catalog: string;
  /** `uptime`'s load averages at the section's start and end (the machine is shared). */
  load?: { start: number[]; end: number[] };
  unchanged: UnchangedFigures;
  change: ChangeFigures;
  scaleOut: ScaleOutFigures;
  rss: SteadyRssFigures;
}
