/** Runs a Janus job in a child process (janus-child.ts) under a time budget, watching its peak memory. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, JanusJob } from './janus-job.js';
import { watchPeakRss } from './proc.js';
import { stopChild } from './sim-process.js';

type Done = Extract<ChildMessage, { kind: 'done' }>;
type Progress = Extract<ChildMessage, { kind: 'progress' }>;

export interface JanusRun {
  /** `budget`: stopped when the time budget ran out; `pending`: the use case has not landed. */
  status: 'done' | 'budget' | 'pending' | 'error';
  /** Parent's wall clock from fork to the end, process start included. */
  wallMs: number;
  done?: Done;
  /** The last progress report (scans). */
  progress?: Progress;
  /** Peak RSS: the larger of /proc's VmHWM and the child's own `maxRSS`. */
  peakRssKb?: number;
  reason?: string;
}

const CHILD = fileURLToPath(new URL('./janus-child.js', import.meta.url));

export function runJanusJob(job: JanusJob, budgetMs: number): Promise<JanusRun> {
  const started = performance.now();
  const child = fork(CHILD, [JSON.stringify(job)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
  const rss = watchPeakRss(child.pid!);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  const run: JanusRun = { status: 'error', wallMs: 0 };
  let settled = false;
  child.on('message', (m: ChildMessage) => {
    if (m.kind === 'progress') run.progress = m;
    else if (m.kind === 'done') Object.assign(run, { status: 'done', done: m });
    else if (m.kind === 'pending') Object.assign(run, { status: 'pending', reason: m.reason });
    else Object.assign(run, { status: 'error', reason: m.message });
    if (m.kind !== 'progress') settled = true;
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (settled) return;
      Object.assign(run, { status: 'budget', reason: `stopped after the ${Math.round(budgetMs / 1000)} s budget` });
      settled = true;
      child.kill('SIGKILL');
    }, budgetMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      run.wallMs = performance.now() - started;
      const peaks = [rss.peakKb(), run.done?.maxRssKb, run.progress?.maxRssKb].filter(
        (k): k is number => k !== undefined,
      );
      if (peaks.length) run.peakRssKb = Math.max(...peaks);
      rss.stop();
      if (!settled) run.reason = `child exited (${code ?? signal}) without a result: ${stderr.trim().slice(-500)}`;
      resolve(run);
    });
    // A child that reported but lingers (open sockets) is stopped.
    child.on('message', (m: ChildMessage) => {
      if (m.kind !== 'progress') setTimeout(() => void stopChild(child, 1000), 2000).unref();
    });
  });
}
