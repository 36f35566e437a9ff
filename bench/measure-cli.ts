/** `janus` processes against a running simulator, each run on its own counters, and the median of repeated runs. */
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_NOW } from '@janus/datahub-sim/generate';
import { runCliProcess, type CliProcessRun } from './cli-process.js';
import { splitReadsWrites } from './operation-kinds.js';
import { OUT } from './paths.js';
import type { CliRow, CliRunFigures, CliStep, JudgedAt } from './figures.js';
import type { SimProcess } from './sim-process.js';

/** Runs of at most this long are repeated, for a median of three; longer ones run once. */
export const REPEAT_UNDER_MS = 20_000;

export interface CliCommand {
  step: CliStep;
  args: string[];
  date: JudgedAt;
  /** Exit codes of a completed run (default 0). */
  okExitCodes?: number[];
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Each figure's median over the runs; the rest (status, operations) from the run of median wall time. */
export function medianRun(runs: CliRunFigures[]): CliRunFigures {
  const byWall = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  const middle = byWall[Math.floor((byWall.length - 1) / 2)]!;
  const of = (pick: (r: CliRunFigures) => number | undefined) => {
    const xs = runs.map(pick).filter((x): x is number => x !== undefined);
    return xs.length === runs.length ? Math.round(median(xs)) : pick(middle);
  };
  const fields = [
    'wallMs',
    'cpuMs',
    'peakRssMb',
    'stdoutBytes',
    'requests',
    'reads',
    'mutationRequests',
    'mutations',
    'simCpuMs',
    'writes',
  ] as const;
  const out: CliRunFigures = { ...middle };
  for (const f of fields) {
    const v = of((r) => r[f]);
    if (v !== undefined) out[f] = v;
  }
  return out;
}

/** The write-back plan's size or the writes applied, as `janus scan` prints them (text output). */
export function writesInOutput(text: string): number | undefined {
  const m =
    /^Write-back plan \((\d+) writes?, nothing written\)/m.exec(text) ??
    /^Wrote (\d+) change\(s\) to DataHub/m.exec(text);
  if (m) return Number(m[1]);
  return /^Write-back plan: DataHub already matches/m.test(text) ? 0 : undefined;
}

/** The writes a `janus scan` applied, by kind: the lines after `Wrote N change(s)`, each `  <kind> <target>`. */
export function writeKindsInOutput(text: string): Record<string, number> | undefined {
  const at = text.search(/^Wrote \d+ change\(s\) to DataHub/m);
  if (at < 0) return undefined;
  const kinds: Record<string, number> = {};
  for (const line of text.slice(at).split('\n').slice(1)) {
    const m = /^ {2}([a-zA-Z]+) /.exec(line);
    if (m && m[1] !== 'FAILED') kinds[m[1]!] = (kinds[m[1]!] ?? 0) + 1;
  }
  return kinds;
}

/** The environment of a user's shell that Janus reads: DataHub's URL, the date to judge at, Redis when the bench has it. */
export function cliEnv(url: string, date: JudgedAt): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    DATAHUB_GMS_URL: url,
    ...(date === 'own' ? { JANUS_AS_OF: new Date(GENERATED_NOW).toISOString() } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
}

export interface MeasureCliOptions {
  catalog: string;
  spec: CliRow['spec'];
  budgetMs: number;
  kinds: Record<string, string>;
  /** Runs wanted when each is short (default 3); 1 for steps that change the catalog. */
  repeats?: number;
}

const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round(kb / 1024));

async function oneRun(
  sim: SimProcess,
  cmd: CliCommand,
  opts: MeasureCliOptions,
  stdoutFile: string,
): Promise<CliRunFigures> {
  await sim.resetStats();
  const simCpuBefore = sim.cpuMs();
  const run: CliProcessRun = await runCliProcess({
    args: cmd.args,
    env: cliEnv(sim.url, cmd.date),
    budgetMs: opts.budgetMs,
    stdoutFile,
    cwd: path.dirname(stdoutFile),
    ...(cmd.okExitCodes ? { okExitCodes: cmd.okExitCodes } : {}),
  });
  const simCpuAfter = sim.cpuMs();
  const stats = await sim.stats();
  const { reads, writes } = splitReadsWrites(stats.byOperation, opts.kinds);
  const output =
    cmd.step === 'dry-run' || cmd.step === 'write-back' || cmd.step === 'rescan'
      ? fs.readFileSync(stdoutFile, 'utf8')
      : undefined;
  const scanWrites = output !== undefined ? writesInOutput(output) : undefined;
  const byKind = cmd.step === 'write-back' && output !== undefined ? writeKindsInOutput(output) : undefined;
  return {
    status: run.status,
    ...(run.reason ? { reason: run.reason } : {}),
    ...(run.exitCode !== undefined ? { exitCode: run.exitCode } : {}),
    wallMs: Math.round(run.wallMs),
    ...(run.cpuMs !== undefined ? { cpuMs: run.cpuMs } : {}),
    ...(run.peakRssKb !== undefined ? { peakRssMb: mb(run.peakRssKb) } : {}),
    accounting: run.accounting,
    stdoutBytes: run.stdoutBytes,
    requests: stats.requests,
    byOperation: stats.byOperation,
    reads,
    mutationRequests: writes,
    mutations: stats.mutations,
    responseBytes: stats.responseBytes,
    ...(simCpuBefore !== undefined && simCpuAfter !== undefined
      ? { simCpuMs: Math.round(simCpuAfter - simCpuBefore) }
      : {}),
    ...(scanWrites !== undefined ? { writes: scanWrites } : {}),
    ...(byKind ? { writesByKind: byKind } : {}),
  };
}

/** One command, once, or three times when the first run is short and completes; the row's figures are the median. */
export async function measureCli(sim: SimProcess, cmd: CliCommand, opts: MeasureCliOptions): Promise<CliRow> {
  const dir = path.join(OUT, 'cli');
  fs.mkdirSync(dir, { recursive: true });
  const stdoutFile = path.join(dir, `${opts.catalog}-${cmd.step}-${cmd.date}.out`);
  const asOf = new Date(cmd.date === 'own' ? GENERATED_NOW : Date.now()).toISOString();
  const runs = [await oneRun(sim, cmd, opts, stdoutFile)];
  const wanted = opts.repeats ?? 3;
  while (runs.length < wanted && runs[0]!.status === 'done' && runs[0]!.wallMs <= REPEAT_UNDER_MS)
    runs.push(await oneRun(sim, cmd, opts, stdoutFile));
  const failed = runs.find((r) => r.status !== 'done');
  return {
    catalog: opts.catalog,
    spec: opts.spec,
    step: cmd.step,
    command: `janus ${cmd.args.join(' ')}`,
    date: cmd.date,
    asOf,
    budgetS: Math.round(opts.budgetMs / 1000),
    status: failed ? failed.status : 'done',
    ...(failed?.reason ? { reason: failed.reason } : {}),
    runs,
    median: medianRun(runs),
  };
}

/** A row not run, and why. */
export function skippedCli(
  cmd: Pick<CliCommand, 'step' | 'args' | 'date'>,
  opts: Pick<MeasureCliOptions, 'catalog' | 'spec' | 'budgetMs'>,
  reason: string,
): CliRow {
  return {
    catalog: opts.catalog,
    spec: opts.spec,
    step: cmd.step,
    command: `janus ${cmd.args.join(' ')}`,
    date: cmd.date,
    asOf: new Date(cmd.date === 'own' ? GENERATED_NOW : Date.now()).toISOString(),
    budgetS: Math.round(opts.budgetMs / 1000),
    status: 'skipped',
    reason,
    runs: [],
  };
}
