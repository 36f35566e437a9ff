import { judgePolicy, type Config } from '../config/index.js';
import type { JudgePolicy } from '../core/verdict.js';
import { createDataHubClient, type DataHubClient } from '../datahub/client.js';
import { createLogger, type Logger } from '../log.js';

/** What every command that reads DataHub starts from: the config, its logger, the DataHub client, the judge's policy. */
export interface Context {
  config: Config;
  logger: Logger;
  client: DataHubClient;
  policy: JudgePolicy;
}

/** The logger and the one DataHub client of a process, from its validated config. */
export function composeContext(config: Config): Context {
  const logger = createLogger(config.log);
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
