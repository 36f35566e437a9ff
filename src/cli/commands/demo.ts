import { Command } from 'commander';

export const demoCommand = () =>
  new Command('demo')
    .description('the embedded default: judge every model of the bundled demo catalog on a built-in DataHub simulator')
    .option('--json', 'print the verdicts as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) =>
      (await import('./demo-run.js')).runDemoCommand(opts, cmd),
    );
