import type { Command } from 'commander';
import { judgePolicy, loadConfig, type Config } from '../config/index.js';
import type { JudgePolicy } from '../core/verdict.js';
import { createDataHubClient, type DataHubClient } from '../datahub/client.js';
import { createLogger, type Logger } from '../log.js';

export interface CliContext {
  config: Config;
  logger: Logger;
  client: DataHubClient;
  policy: JudgePolicy;
}

/** Config (validated before anything else), logger and DataHub client for a command that reads DataHub. */
export function cliContext(cmd: Command, env: Record<string, string | undefined> = process.env): CliContext {
  const deprecated: string[] = [];
  const config = commandConfig(cmd, env, (line) => deprecated.push(line));
  const logger = createLogger(config.log);
  for (const line of deprecated) logger.warn(line);
  const client = createDataHubClient({
    url: config.datahub.url,
    ...(config.datahub.token ? { token: config.datahub.token } : {}),
    timeoutMs: config.datahub.timeoutMs,
    longReadTimeoutMs: config.datahub.longReadTimeoutMs,
    retry: { retries: config.datahub.retries },
    concurrency: config.datahub.concurrency,
    writeBatch: config.datahub.writeBatch,
    logger,
  });
  return { config, logger, client, policy: judgePolicy(config.judge) };
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
