import type { ScanOptions } from './scan-run.js';
import { Command } from 'commander';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const scanCommand = () =>
  new Command('scan')
    .description('judge many models (--model, repeatable, or --all) and write the evidence back into DataHub')
    .option('--model <model>', 'a model urn or name (repeatable)', collect)
    .option('--all', 'every ML model in DataHub')
    .option('--dry-run', 'judge and print the write-back plan; write nothing')
    .option('--json', 'print JSON')
    .option('--report-dir <dir>', "also write each model's Model Impact Report there as <model>.html")
    .action(async (opts: ScanOptions, cmd: Command) => (await import('./scan-run.js')).runScan(opts, cmd));
