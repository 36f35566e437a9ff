/**
 * `sim generate`'s progress: one live line a phase (datasets, then models) on a terminal, drawn by cli-progress at
 * most 10 times a second, and the one line it ends with. The simulator stays apart from Janus: its own small display.
 */
import cliProgress from 'cli-progress';

type Phase = 'datasets' | 'models';
interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Which phase a generated record completes one unit of: each dataset has one schema, each model one properties. */
const unitOf = (r: unknown): Phase | undefined => {
  const { entityType, aspectName } = (r ?? {}) as { entityType?: string; aspectName?: string };
  if (entityType === 'dataset' && aspectName === 'schemaMetadata') return 'datasets';
  if (entityType === 'mlModel' && aspectName === 'mlModelProperties') return 'models';
  return undefined;
};

export interface GenerateTally {
  records: number;
  datasets: number;
  models: number;
}

/**
 * The records, counted as they pass; with `live`, a line a phase on `stderr`. `done()` ends the line and returns the
 * counts: call it after the records were written, and on an error too.
 */
export function countedRecords<T>(
  records: Iterable<T>,
  totals: { datasets: number; models: number },
  live: boolean,
  stderr: Stream = process.stderr,
): { records: Iterable<T>; done(): GenerateTally } {
  const tally: GenerateTally = { records: 0, datasets: 0, models: 0 };
  let bar: { phase: Phase; line: cliProgress.SingleBar; since: number } | undefined;
  const stop = () => {
    bar?.line.stop();
    bar = undefined;
  };
  const show = (phase: Phase) => {
    if (bar?.phase !== phase) {
      stop();
      const line = new cliProgress.SingleBar({
        format: `${phase.padEnd(8)} {bar} {value}/{total} · {rate}/s · ETA {left}`,
        barCompleteChar: '█',
        barIncompleteChar: '░',
        barsize: 24,
        fps: 10,
        linewrap: true,
        formatValue: (v, _o, type) => (type === 'value' || type === 'total' ? v.toLocaleString('en-US') : String(v)),
        stream: stderr as NodeJS.WritableStream,
      });
      line.start(totals[phase], 0, { rate: 0, left: '?' });
      bar = { phase, line, since: Date.now() };
    }
    const seconds = Math.max(0.001, (Date.now() - bar.since) / 1000);
    const rate = tally[phase] / seconds;
    // the rate since the phase began, not cli-progress's last few updates: a steadier time left
    const left = rate > 0 ? `${Math.ceil(Math.max(0, totals[phase] - tally[phase]) / rate)}s` : '?';
    bar.line.update(tally[phase], { rate: Math.round(rate).toLocaleString('en-US'), left });
  };
  function* counted(): Generator<T> {
    for (const record of records) {
      tally.records++;
      const unit = unitOf(record);
      if (unit) {
        tally[unit]++;
        if (live) show(unit);
      }
      yield record;
    }
  }
  return {
    records: counted(),
    done: () => {
      stop();
      return tally;
    },
  };
}

/** The one line `sim generate` ends with on stderr. */
export const generateSummary = (t: GenerateTally, ms: number): string =>
  `datahub-sim generate: ${t.records.toLocaleString('en-US')} records (${t.datasets.toLocaleString('en-US')} datasets, ${t.models.toLocaleString('en-US')} models) in ${(ms / 1000).toFixed(1)}s`;
