/**
 * One `janus` process as a user starts it (`node dist/src/cli.js <args>`, stdout to a file), under a time budget.
 * CPU and peak RSS come from the OS's accounting of the exited process (GNU time's wait4 figures) when
 * /usr/bin/time exists, else from /proc sampled while it ran; a run stopped by its budget has only the samples.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { cpuMsOf, peakRssKb } from './proc.js';
import { CLI } from './paths.js';

const GNU_TIME = '/usr/bin/time';
/** Elapsed s, user s, system s, max RSS KiB, exit status: the last line GNU time writes to its -o file. */
const TIME_FORMAT = '%e %U %S %M %x';

export interface CliProcessRun {
  /** `budget`: killed when its time budget ran out; `error`: an exit code the command does not give on success. */
  status: 'done' | 'budget' | 'error';
  exitCode?: number;
  reason?: string;
  /** From spawn to exit: process start, module loading and output included. */
  wallMs: number;
  /** User + system CPU of the Janus process. */
  cpuMs?: number;
  userMs?: number;
  sysMs?: number;
  peakRssKb?: number;
  /** `wait4`: the OS's figures for the exited process; `polled`: /proc samples while it ran. */
  accounting: 'wait4' | 'polled';
  stdoutBytes: number;
  /** The Janus process's id, once seen. */
  pid?: number;
}

export interface CliProcessOptions {
  args: string[];
  /** The process's whole environment (a user's shell would add more, none of which Janus reads). */
  env: Record<string, string>;
  budgetMs: number;
  stdoutFile: string;
  /** Working directory: an empty one, so no stray janus.config.yaml is read. */
  cwd: string;
  /** Exit codes of a completed run (default 0; `gate` exits 1 when it blocks). */
  okExitCodes?: number[];
  /** Use GNU time when present (default true). */
  wait4?: boolean;
}

/** GNU time's -o file: the last line is the format's fields (a line before it may say the command exited non-zero). */
export function parseTimeOutput(
  text: string,
): { wallMs: number; userMs: number; sysMs: number; maxRssKb: number; exitCode: number } | undefined {
  const last = text.trim().split('\n').at(-1)?.trim().split(/\s+/);
  if (!last || last.length !== 5) return undefined;
  const [e, u, s, m, x] = last.map(Number) as [number, number, number, number, number];
  if (![e, u, s, m, x].every(Number.isFinite)) return undefined;
  return { wallMs: e * 1000, userMs: Math.round(u * 1000), sysMs: Math.round(s * 1000), maxRssKb: m, exitCode: x };
}

/** Whether a process has ended (exited or a zombie), from /proc. */
function ended(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return true;
  }
}

/** Waits until a killed process has ended (its memory freed), so the next measurement does not share the machine with it. */
async function untilEnded(pid: number | undefined, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (pid !== undefined && !ended(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/** The first child of a process (GNU time's child: Janus), from /proc; undefined until it exists. */
function childOf(pid: number): number | undefined {
  try {
    const first = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

export function runCliProcess(opts: CliProcessOptions): Promise<CliProcessRun> {
  const useTime = opts.wait4 !== false && fs.existsSync(GNU_TIME);
  const timeFile = `${opts.stdoutFile}.time`;
  fs.rmSync(timeFile, { force: true });
  const command = useTime
    ? [GNU_TIME, '-f', TIME_FORMAT, '-o', timeFile, process.execPath, CLI, ...opts.args]
    : [process.execPath, CLI, ...opts.args];
  const out = fs.openSync(opts.stdoutFile, 'w');
  const started = performance.now();
  // its own process group, so the budget stops GNU time and Janus together
  const child = spawn(command[0]!, command.slice(1), {
    env: opts.env,
    cwd: opts.cwd,
    stdio: ['ignore', out, 'pipe'],
    detached: true,
  });
  fs.closeSync(out);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  let janusPid = useTime ? undefined : child.pid;
  let polledRssKb: number | undefined;
  let polledCpuMs: number | undefined;
  const poll = () => {
    janusPid ??= childOf(child.pid!);
    if (janusPid === undefined) return;
    const rss = peakRssKb(janusPid);
    const cpu = cpuMsOf(janusPid);
    if (rss !== undefined) polledRssKb = Math.max(polledRssKb ?? 0, rss);
    if (cpu !== undefined) polledCpuMs = cpu;
  };
  const sampler = setInterval(poll, 100);
  let overBudget = false;
  const budget = setTimeout(() => {
    overBudget = true;
    poll();
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, opts.budgetMs);
  return new Promise((resolve) => {
    child.once('error', (e) => {
      clearInterval(sampler);
      clearTimeout(budget);
      resolve({
        status: 'error',
        reason: e.message,
        wallMs: performance.now() - started,
        stdoutBytes: 0,
        accounting: 'polled',
      });
    });
    child.once('exit', (code, signal) => {
      const wallMs = performance.now() - started;
      clearInterval(sampler);
      clearTimeout(budget);
      const stdoutBytes = fs.statSync(opts.stdoutFile).size;
      const seen = janusPid !== undefined ? { pid: janusPid } : {};
      const polled = {
        ...seen,
        accounting: 'polled' as const,
        ...(polledCpuMs !== undefined ? { cpuMs: Math.round(polledCpuMs) } : {}),
        ...(polledRssKb !== undefined ? { peakRssKb: polledRssKb } : {}),
      };
      if (overBudget) {
        void untilEnded(janusPid).then(() =>
          resolve({
            status: 'budget',
            reason: `stopped after the ${Math.round(opts.budgetMs / 1000)} s budget`,
            wallMs,
            stdoutBytes,
            ...polled,
          }),
        );
        return;
      }
      const timed = useTime && fs.existsSync(timeFile) ? parseTimeOutput(fs.readFileSync(timeFile, 'utf8')) : undefined;
      const exitCode = timed?.exitCode ?? code ?? undefined;
      const figures = timed
        ? {
            ...seen,
            accounting: 'wait4' as const,
            cpuMs: timed.userMs + timed.sysMs,
            userMs: timed.userMs,
            sysMs: timed.sysMs,
            peakRssKb: Math.max(timed.maxRssKb, polledRssKb ?? 0),
          }
        : polled;
      const ok = exitCode !== undefined && (opts.okExitCodes ?? [0]).includes(exitCode);
      resolve({
        status: ok ? 'done' : 'error',
        ...(exitCode !== undefined ? { exitCode } : {}),
        ...(ok
          ? {}
          : { reason: `exited ${exitCode ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ').slice(-500)}` }),
        wallMs,
        stdoutBytes,
        ...figures,
      });
    });
  });
}
