import cliProgress from 'cli-progress';
import type { OnProgress, Progress, ProgressPhase } from '../../core/progress.js';
import { setLiveLine } from '../../log.js';
import { progressLine } from './progress-line.js';
import { TerminalLine } from './terminal-line.js';

export interface ProgressDisplay {
  report: OnProgress;
  /** Ends the live line where it stands (after the work, after an error): the terminal is free again. */
  finish(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * One live line a phase on `stream` (cli-progress draws it, at most 10 frames a second however often progress is
 * reported): a phase's line stays when the next begins. Log lines clear the live line before they print. Ctrl-C
 * ends the line, then the process dies of the signal as it would have. Off: reports are dropped.
 */
export function progressDisplay(on: boolean, stream: NodeJS.WriteStream = process.stderr): ProgressDisplay {
  if (!on) return { report: () => {}, finish: () => {} };
  const terminal = new TerminalLine(stream);
  let current: { phase: ProgressPhase; bar: cliProgress.SingleBar } | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    finish();
    process.kill(process.pid, signal);
  };
  const end = () => {
    current?.bar.stop();
    current = undefined;
  };
  const finish = () => {
    end();
    setLiveLine(undefined);
    for (const s of SIGNALS) process.removeListener(s, onSignal);
  };
  const report = (p: Progress) => {
    if (current?.phase === p.phase) return current.bar.update(p.done, { progress: p, at: Date.now() });
    if (!current) {
      setLiveLine(terminal);
      for (const s of SIGNALS) if (!process.listeners(s).includes(onSignal)) process.once(s, onSignal);
    }
    end();
    const bar = new cliProgress.SingleBar({
      format: (_options, params, { progress, at }: { progress: Progress; at: number }) => {
        const finished = progress.total !== undefined && progress.done >= progress.total;
        return progressLine(progress, (finished ? at : Date.now()) - params.startTime, params.maxWidth);
      },
      fps: 10,
      linewrap: null,
      hideCursor: null,
      // a log line may have erased the line: draw each frame, not only those that changed
      forceRedraw: true,
      terminal,
    } as cliProgress.Options);
    current = { phase: p.phase, bar };
    bar.start(p.total ?? 0, p.done, { progress: p, at: Date.now() });
  };
  return { report, finish };
}
