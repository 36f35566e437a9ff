import type { Command } from 'commander';
import { composeContext, type Context } from '../compose/context.js';
import { loadConfig, type Config } from '../config/index.js';

export type CliContext = Context;

/** Config (validated before anything else), logger and DataHub client for a command that reads DataHub. */
export function cliContext(cmd: Command, env: Record<string, string | undefined> = process.env): CliContext {
  const deprecated: string[] = [];
  const ctx = composeContext(commandConfig(cmd, env, (line) => deprecated.push(line)));
  for (const line of deprecated) ctx.logger.warn(line);
  return ctx;
}

/** The validated config, from `--config FILE` (or ./janus.config.yaml) and the environment: for commands that do not read DataHub. */
export function commandConfig(
  cmd: Command,
  env: Record<string, string | undefined> = process.env,
  warn?: (line: string) => void,
): Config {
  const { config: file } = cmd.optsWithGlobals<{ config?: string }>();
  return loadConfig({ env, ...(file ? { file } : {}), ...(warn ? { warn } : {}) });
}

/** Writes command output; stdout is reserved for it. */
export const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

/** Writes text in pieces, each once the last is flushed (a pipe's reader sets the pace), then `last` (a newline). */
export async function writePieces(pieces: Iterable<string>, last = '\n'): Promise<void> {
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => process.stdout.write(text, (err) => (err ? reject(err) : resolve())));
  for (const piece of pieces) await write(piece);
  if (last) await write(last);
}
