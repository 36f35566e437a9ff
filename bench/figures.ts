/** The figures one bench run produces: written to results.json, rendered into results.md. */
import type { CatalogSpec } from './catalogs.js';
import type { LowerBound } from './lower-bound.js';

export type RunStatus = 'done' | 'budget' | 'pending' | 'error' | 'skipped' | 'not measurable';

export interface JanusFigures {
  status: RunStatus;
  reason?: string;
  /** Requests the simulator received (the ground truth), by operation. */
  requests?: number;
  byOperation?: Record<string, number>;
  reads?: number;
  mutationRequests?: number;
  /** Mutations the simulator applied. */
  mutations?: number;
  /** Wall time of the use case in Janus's process; process start excluded. */
  ms?: number;
  /** Janus's CPU time within `ms`. */
  cpuMs?: number;
  /** The simulator's CPU time over the same run: the stand-in for DataHub's own processing. */
  simCpuMs?: number;
  /** Parent's wall clock, process start included. */
  wallMs?: number;
  peakRssMb?: number;
  models?: number;
  /** Scans: time to the first verdict (the catalog read), models judged when stopped, and the projection. */
  readMs?: number;
  judged?: number;
  projectedMs?: number;
  writes?: { planned: number; applied: number; failed: number };
  /** Read-only runs: entities read. */
  entities?: number;
}

export interface NaiveFigures {
  /** Exact count of what the naive walker sends (same walker, counted in process). */
  exactRequests: number;
  /** How the exact figure was obtained, when not from every model. */
  estimate?: string;
  /** Measured over HTTP at the injected latency (possibly for part of the walk, within a budget). */
  measured?: { requests: number; simRequests: number; ms: number; simCpuMs?: number; complete: boolean; models: number };
  /** Time for the whole walk: measured when complete, else exact requests × measured time per request. */
  ms?: number;
  msIsEstimate?: boolean;
}

export interface OneModelRow {
  catalog: string;
  depth: number;
  model: string;
  /** Entities the walk reaches, the model included. */
  reached: number;
  hops: number;
  janus: JanusFigures;
  naive: NaiveFigures;
}

export interface CatalogFigures {
  spec: CatalogSpec;
  via: string;
  entities: number;
  byType: Record<string, number>;
  /** Entities of the types Janus's catalog read lists. */
  listed: number;
  /** Entities a whole-catalog judgment must read: the models and everything upstream of one. */
  needed: number;
  simStartMs?: number;
  simPeakRssMb?: number;
  lowerBound: { needed: LowerBound; listed: LowerBound };
  naive?: NaiveFigures;
  dryRun: JanusFigures;
  writeBack: JanusFigures;
  rescan: JanusFigures;
  /** The read phase alone, when measured: Janus's catalog read, and the prototype (bench/frontier-read.ts). */
  catalogRead?: JanusFigures;
  prototypeRead?: JanusFigures;
}

export interface Results {
  meta: {
    mode: 'quick' | 'full';
    date: string;
    commit: string;
    dirty: boolean;
    machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; os: string; loadAtStart: number[] };
    rttMs: number;
    janus: { concurrency: number; pageSize: number; batchSize: number; redis: boolean; now: string };
    budgetsS: Record<string, number>;
    wallS?: number;
  };
  oneModel: OneModelRow[];
  catalogs: CatalogFigures[];
  slack: JanusFigures;
  targets: TargetVerdict[];
}

export interface TargetVerdict {
  target: string;
  /** null: not measurable in this run. */
  holds: boolean | null;
  detail: string;
}
