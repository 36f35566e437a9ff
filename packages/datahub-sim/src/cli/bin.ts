#!/usr/bin/env node
import { CommanderError, type Command } from 'commander';
import { simCommand } from './command.js';
import { SimUsageError } from './usage-error.js';

// `datahub-sim`: the simulator's own command, the same as `janus sim`. Its one top-level catch: help exits 0,
// a usage error 2 (commander's parse errors included), any other failure 1.
const program = simCommand().name('datahub-sim');
const exitOverride = (cmd: Command): void => {
  cmd.exitOverride();
  cmd.commands.forEach(exitOverride);
};
exitOverride(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) return void (process.exitCode = err.exitCode === 0 ? 0 : 2); // already printed
  console.error(`datahub-sim: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = err instanceof SimUsageError ? 2 : 1;
});
