import { Command, InvalidArgumentError } from 'commander';

const positiveInt = (value: string): number => {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new InvalidArgumentError('expected a whole number of at least 1');
  return Number(value);
};

/** `janus history <model>`: a model's score over time, from the verdict history in Redis (no DataHub request). */
export const historyCommand = () =>
  new Command('history')
    .description(
      "a model's score over time, from the scan history that janus scan and janus serve record in Redis (REDIS_URL)",
    )
    .argument('<model>', 'model urn, or its name as the scan history knows it')
    .option('--json', 'print {model: {urn, name}, entries: [{scannedAt, score, band, change}]}, newest first')
    .option('--limit <n>', 'at most this many scans, newest first', positiveInt, 20)
    .action(async (model: string, opts: { json?: boolean; limit: number }, cmd: Command) =>
      (await import('./history-run.js')).runHistory(model, opts, cmd),
    );
