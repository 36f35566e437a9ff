import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { simCommand } from '@janus/datahub-sim/command';
import { demoCommand } from './commands/demo.js';
import { doctorCommand } from './commands/doctor.js';
import { acceptCommand, acceptedCommand } from './commands/accept.js';
import { gateCommand } from './commands/gate.js';
import { historyCommand } from './commands/history.js';
import { mcpCommand } from './commands/mcp.js';
import { scanCommand } from './commands/scan.js';
import { serveCommand, workerCommand } from './commands/serve.js';
import { trustCommand } from './commands/trust.js';

/** The `janus` command tree. Every command parses its flags, calls one use case, and prints; nothing exits here. */
export function buildProgram(): Command {
  const program = new Command('janus')
    .description(
      'Janus: CI for the ML supply chain. Judges ML models from DataHub lineage and writes the evidence back.',
    )
    .version(VERSION)
    .option('--config <file>', 'config file (default: ./janus.config.yaml when present)')
    .showSuggestionAfterError()
    .addCommand(demoCommand())
    .addCommand(trustCommand())
    .addCommand(scanCommand())
    .addCommand(gateCommand())
    .addCommand(acceptCommand())
    .addCommand(acceptedCommand())
    .addCommand(historyCommand())
    .addCommand(serveCommand())
    .addCommand(workerCommand())
    .addCommand(
      simCommand({ createLogger: async () => (await import('../log.js')).createLogger({ name: 'datahub-sim' }) }),
    )
    .addCommand(mcpCommand())
    .addCommand(doctorCommand());
  forEachCommand(program, (cmd) => cmd.exitOverride().showSuggestionAfterError());
  return program;
}

function forEachCommand(cmd: Command, fn: (c: Command) => void): void {
  fn(cmd);
  for (const sub of cmd.commands) forEachCommand(sub, fn);
}

/** Commander's own exits: help and version are success; every parse error is a usage error (exit 2). */
export function commanderExitCode(err: CommanderError): number {
  return ['commander.helpDisplayed', 'commander.version'].includes(err.code) ? 0 : 2;
}
