/** The figures one bench run produces: written to results.json, rendered into results.md. */
import type { CatalogSpec } from './catalogs.js';
import type { LowerBound } from './lower-bound.js';
import type { ServiceFigures } from './service-figures.js';

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
  writes?: { planned: number; applied: number; failed: number; byKind?: Record<string, number>; batch?: number };
  /** Read-only runs: entities read. */
  entities?: number;
}

export interface NaiveFigures {
  /** Exact count of what the naive walker sends (same walker, counted in process). */
  exactRequests: number;
  /** How the exact figure was obtained, when not from every model. */
  estimate?: string;
  /** Measured over HTTP at the injected latency (possibly for part of the walk, within a budget). */
  measured?: {
    requests: number;
    simRequests: number;
    ms: number;
    simCpuMs?: number;
    complete: boolean;
    models: number;
  };
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
  /** Entities a whole-catalog judgment must read: the models and everything upstream of one. */
  needed: number;
  simStartMs?: number;
  simPeakRssMb?: number;
  lowerBound: { needed: LowerBound };
  naive?: NaiveFigures;
  dryRun: JanusFigures;
  writeBack: JanusFigures;
  rescan: JanusFigures;
  /** The read phase alone (readCatalog), when measured. */
  catalogRead?: JanusFigures;
}

/** Which `janus` command a CLI row runs: `trust`/`gate` name the model, `trust-urn` gives its urn. */
export type CliStep = 'dry-run' | 'write-back' | 'rescan' | 'trust' | 'trust-urn' | 'gate';
/** `own`: at the catalog's own date (`JANUS_AS_OF` = GENERATED_NOW); `stale`: at the clock, as users run it. */
export type JudgedAt = 'own' | 'stale';

/** One `janus` process, as measured: time, CPU and memory of the process; requests counted at the simulator. */
export interface CliRunFigures {
  status: RunStatus;
  reason?: string;
  exitCode?: number;
  /** Spawn to exit: process start and output included. */
  wallMs: number;
  /** User + system CPU of the Janus process. */
  cpuMs?: number;
  peakRssMb?: number;
  /** `wait4`: the OS's accounting of the exited process; `polled`: /proc samples while it ran (runs stopped by their budget). */
  accounting: 'wait4' | 'polled';
  stdoutBytes: number;
  requests?: number;
  byOperation?: Record<string, number>;
  reads?: number;
  mutationRequests?: number;
  mutations?: number;
  /** Body bytes of the simulator's GraphQL answers. */
  responseBytes?: number;
  simCpuMs?: number;
  /** Scans: the writes the output reports, planned (dry-run) or applied. */
  writes?: number;
  /** A write-back: the writes it applied, by kind, as its output lists them. */
  writesByKind?: Record<string, number>;
}

export interface CliRow {
  catalog: string;
  spec: { models: number; datasets: number; depth: number };
  step: CliStep;
  /** As a user types it. */
  command: string;
  date: JudgedAt;
  /** The instant judged at. */
  asOf: string;
  budgetS: number;
  /** `done` when every run completed. */
  status: RunStatus;
  reason?: string;
  runs: CliRunFigures[];
  /** Figure by figure, the median of the runs (`byOperation` and `status` from the run of median wall time). */
  median?: CliRunFigures;
}

export interface Results {
  meta: {
    mode: 'quick' | 'full';
    /** A partial run: only these parts (`--only`). */
    only?: string[];
    date: string;
    commit: string;
    dirty: boolean;
    machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; os: string; loadAtStart: number[] };
    rttMs: number;
    /** The use case alone judges at `now` (the catalogs' own date). */
    janus: { concurrency: number; pageSize: number; batchSize: number; redis: boolean; now: string };
    /** The instants the CLI rows judge at: the catalogs' own date, and the clock's at the start of the run. */
    dates: { own: string; stale: string };
    /** Runs of a short CLI command (the row is their median). */
    repeats: number;
    budgetsS: Record<string, number>;
    wallS?: number;
  };
  /** Whole `janus` processes: the headline. */
  cli: CliRow[];
  /** `scan --all --dry-run` at the stale date on catalogs of the medium's shape, by models. */
  growth: CliRow[];
  /** The use cases alone, in a child process: the breakdown beside the CLI rows. */
  oneModel: OneModelRow[];
  catalogs: CatalogFigures[];
  slack: SlackFigures;
  /** `janus serve` and `janus worker` on Redis (the `service` part). */
  service?: ServiceFigures;
  /** Argos's Slack alerts end to end (the `alerts` part). */
  alerts?: AlertsFigures;
  targets: TargetVerdict[];
}

/** One root cause hurting `models` models owned by `teams` teams, raised and cleared `rounds` times (measure-alerts.ts). */
export interface AlertsFigures {
  status: 'done' | 'skipped' | 'failed';
  reason?: string;
  models: number;
  teams: number;
  rttMs: number;
  rounds: number;
  /** The first raise: messages posted (the target: one per team), in how many channels. */
  messages?: number;
  channelsPosted?: number;
  /** The first raise: the ingest's answer → the last of its messages posted (s); and from the transition queued. */
  deliveredS?: number;
  deliveredAfterTransitionS?: number;
  /** 429s the fake Slack answered during the first raise, and in all. */
  rateLimited?: number;
  rateLimitedTotal?: number;
  postMessages?: number;
  /** Every raise: transition queued (BullMQ job timestamp) → its first message posted (s). */
  firstAlertS?: number[];
  firstAlertP50S?: number;
  firstAlertP95S?: number;
  /** The ingest's answer → the transition queued (the cycle's part), median (s). */
  cyclePartP50S?: number;
  /** `janus serve` CPU over the rounds (s). */
  serveCpuS?: number;
  loadAtStart: number;
  loadAtEnd?: number;
}

/** `/janus trust` end to end (signed request sent → reply posted at the fake Slack), one path. */
export interface SlackPathFigures {
  catalog: string;
  /** `scan`: the verdicts were recorded by a scan first; `live`: nothing recorded, every answer judged now. */
  path: 'scan' | 'live';
  status: RunStatus;
  reason?: string;
  requests: number;
  /** Distinct models asked about. */
  models: number;
  p50Ms?: number;
  p95Ms?: number;
  maxMs?: number;
  /** How the answers said they were made. */
  fromScan: number;
  judgedNow: number;
  /** DataHub requests over all the answers, by operation. */
  simRequests?: number;
  byOperation?: Record<string, number>;
  history?: 'redis' | 'memory';
  /** The scan that recorded the verdicts (not part of the answers' time). */
  scan?: { models: number; ms: number };
}

export interface SlackFigures {
  status: RunStatus;
  reason?: string;
  history?: SlackPathFigures;
  live?: SlackPathFigures;
}

export interface TargetVerdict {
  target: string;
  /** null: not measurable in this run. */
  holds: boolean | null;
  detail: string;
}
