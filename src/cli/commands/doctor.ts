import { Command } from 'commander';

/** `janus doctor`: the checklist for "it does not work". */
export const doctorCommand = () =>
  new Command('doctor')
    .description(
      'check DataHub (reachable, version, token, operations, privileges, conventions), Redis and Slack as configured; ' +
        'each problem with its fix. Exit 0 when nothing fails, 1 otherwise',
    )
    .option('--json', 'print {checks: [{area, name, status, detail, fix}], settings: [{path, env, source, value}], ok}')
    .action(async (opts: { json?: boolean }, cmd: Command) =>
      (await import('./doctor-run.js')).runDoctorCommand(opts, cmd),
    );
