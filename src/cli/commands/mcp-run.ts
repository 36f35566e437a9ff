import type { Command } from 'commander';
import { MemoryVerdictHistory, RedisVerdictHistory } from '../../history/index.js';
import { liveMcpDeps } from '../../mcp/deps.js';
import { createJanusMcpServer } from '../../mcp/server.js';
import { serveStdio } from '../../mcp/stdio.js';
import { cliContext } from '../context.js';
import { VERSION } from '../../version.js';
import { historyKeyPrefix, optionalRedis, reportBaseUrl } from '../redis.js';
import { RedisLocks } from '../../redis/lock.js';

/** What `janus mcp` does, loaded only when it runs (the MCP SDK is its own). */
export async function runMcp(opts: { allowWrites?: boolean }, cmd: Command): Promise<void> {
  const ctx = cliContext(cmd);
  const allowWrites = opts.allowWrites === true || ctx.config.mcp.allowWrites;
  // One Redis connection, when configured: the verdict history and the write-back's locks.
  const redis = optionalRedis(ctx.config, ctx.logger);
  const history = redis
    ? new RedisVerdictHistory(redis, { prefix: historyKeyPrefix(ctx.config) })
    : new MemoryVerdictHistory();
  try {
    const deps = liveMcpDeps({
      client: ctx.client,
      policy: ctx.policy,
      history,
      allowWrites,
      logger: ctx.logger,
      version: VERSION,
      reportBaseUrl: reportBaseUrl(ctx.config),
      ...(redis ? { locks: new RedisLocks(redis, ctx.config.redis.prefix) } : {}),
    });
    ctx.logger.info(
      { datahub: ctx.client.url, history: history.kind, allowWrites },
      'Janus MCP server listening on stdio',
    );
    await serveStdio(createJanusMcpServer(deps), { logger: ctx.logger });
    ctx.logger.info('MCP client hung up; stopping');
  } finally {
    redis?.disconnect();
  }
}
