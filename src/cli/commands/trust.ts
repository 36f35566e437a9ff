import { Command } from 'commander';

export const trustCommand = () =>
  new Command('trust')
    .description('judge one model: walk its upstream lineage in DataHub, run the detectors, score it, and say why')
    .argument('<model>', 'model urn, or its name in DataHub')
    .option('--json', 'print the verdict as JSON (docs/json-output.md)')
    .option('--report-dir <dir>', 'also write the Model Impact Report there as <model>.html')
    .action(async (model: string, opts: { json?: boolean; reportDir?: string }, cmd: Command) =>
      (await import('./trust-run.js')).runTrust(model, opts, cmd),
    );
