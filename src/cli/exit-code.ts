import { CommanderError } from 'commander';
import { BlockedError, ConfigError, JanusError, UsageError, WriteBackError } from '../errors.js';
import { SimUsageError } from '@janus/datahub-sim/command';
import { commanderExitCode } from './program.js';

/** Exit codes, shared by every command: 0 ok, 1 blocked or failed, 2 usage or config error, 3 DataHub unreadable. */
export const EXIT = { ok: 0, failed: 1, usage: 2, datahub: 3 } as const;

/** Maps an error that reached the top of the process to its exit code and the line to print (if any). */
export function exitFor(err: unknown): { code: number; message?: string } {
  if (err instanceof CommanderError) return { code: commanderExitCode(err) }; // commander already printed it
  if (err instanceof BlockedError || err instanceof WriteBackError) return { code: EXIT.failed, message: err.message };
  if (err instanceof UsageError || err instanceof SimUsageError || err instanceof ConfigError)
    return { code: EXIT.usage, message: err.message };
  if (err instanceof JanusError && err.code.startsWith('datahub')) return { code: EXIT.datahub, message: err.message };
  if (err instanceof Error) return { code: EXIT.failed, message: err.message };
  return { code: EXIT.failed, message: String(err) };
}
