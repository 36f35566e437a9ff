import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** A figure in KiB from /proc/<pid>/status (`VmHWM`, `VmRSS`); undefined where there is no /proc or it has exited. */
function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** A process's peak resident set size in KiB (`VmHWM`). */
export const peakRssKb = (pid: number): number | undefined => statusKb(pid, 'VmHWM');

/** A process's resident set size now, in KiB (`VmRSS`). */
export const rssKb = (pid: number): number | undefined => statusKb(pid, 'VmRSS');

/** Polls a process's peak RSS until stopped: /proc forgets it when the process exits. */
export function watchPeakRss(pid: number, everyMs = 200): { peakKb: () => number | undefined; stop: () => void } {
  let peak: number | undefined;
  const poll = () => {
    const now = peakRssKb(pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  };
  poll();
  const timer = setInterval(poll, everyMs);
  timer.unref();
  return {
    peakKb: () => {
      poll();
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; undefined without /proc. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is [0], utime [11], stime [12] (fields 14 and 15 of proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}
