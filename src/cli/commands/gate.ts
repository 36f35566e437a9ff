import type { GateOptions } from './gate-run.js';
import { Command, InvalidArgumentError, Option } from 'commander';

const collect = (value: string, previous: string[] = []) => [...previous, value];
const score = (value: string) => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 100) throw new InvalidArgumentError('expected an integer from 0 to 100');
  return n;
};

export const gateCommand = () =>
  new Command('gate')
    .description('CI gate: exit 0 pass, 1 blocked, 2 usage or config error, 3 DataHub could not be read')
    .requiredOption('--model <model>', 'a model urn or name (repeatable)', collect)
    .option('--lineage <file.yml>', 'DataHub file-based lineage (version 1) a change proposes, judged as if merged')
    .addOption(
      new Option('--fail-on <severity>', 'block on findings this severe or worse')
        .choices(['critical', 'high', 'medium', 'low', 'none'])
        .default('high'),
    )
    .option('--min-score <n>', 'also block below this score', score)
    .option(
      '--accepted <file.yml>',
      'accepted risks (key, by, reason, until): not blocking, listed (default: .janus/accepted.yml when present)',
    )
    .addOption(
      new Option('--format <format>', 'report format').choices(['text', 'json', 'junit', 'markdown']).default('text'),
    )
    .option('--output <file>', 'write the report to a file instead of stdout')
    .action(async (opts: GateOptions, cmd: Command) => (await import('./gate-run.js')).runGate(opts, cmd));
