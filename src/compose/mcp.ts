import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Redis } from 'ioredis';
import type { VerdictHistory } from '../history/index.js';
import type { Logger } from '../log.js';
import { liveMcpDeps } from '../mcp/deps.js';
import { mcpHttpAccess } from '../mcp/http-access.js';
import { createMcpHttpHandler } from '../mcp/http-transport.js';
import { createJanusMcpServer } from '../mcp/server.js';
import type { Mount } from '../server/index.js';
import { VERSION } from '../version.js';
import type { Context } from './context.js';
import { optionalRedis, reportBaseUrl, verdictHistory, writeBackLocks } from './redis.js';

export interface McpParts {
  /** Shared by every server; absent: each server keeps its own in memory (no Redis: sessions share nothing). */
  history?: VerdictHistory;
  allowWrites: boolean;
  logger: Logger;
  /** The write-back's locks, when Redis is configured. */
  redis?: Redis;
}

/** A Janus MCP server on this process's DataHub client and verdict history: one for stdio, one a session over HTTP. */
export function mcpServers(ctx: Context, parts: McpParts): () => McpServer {
  const deps = (history: VerdictHistory) =>
    liveMcpDeps({
      client: ctx.client,
      policy: ctx.policy,
      history,
      allowWrites: parts.allowWrites,
      logger: parts.logger,
      version: VERSION,
      reportBaseUrl: reportBaseUrl(ctx.config),
      ...writeBackLocks(ctx.config, parts.redis),
    });
  const shared = parts.history && deps(parts.history);
  return () => createJanusMcpServer(shared ?? deps(verdictHistory(ctx.config, undefined)));
}

/** `janus mcp`: one Redis connection when configured (the verdict history and the write-back's locks), else memory. */
export function composeMcpStdio(
  ctx: Context,
  allowWrites: boolean,
): { server: McpServer; history: VerdictHistory; close(): void } {
  const redis = optionalRedis(ctx.config, ctx.logger);
  const history = verdictHistory(ctx.config, redis);
  const newServer = mcpServers(ctx, { history, allowWrites, logger: ctx.logger, ...(redis ? { redis } : {}) });
  return { server: newServer(), history, close: () => redis?.disconnect() };
}

/** `janus serve`'s MCP over HTTP at `mcp.httpPath`, a server a session; undefined unless `mcp.http`. */
export function mcpMount(ctx: Context, parts: Omit<McpParts, 'allowWrites'>): Mount | undefined {
  const { mcp } = ctx.config;
  if (!mcp.http) return undefined;
  const access = mcpHttpAccess(ctx.config);
  const newServer = mcpServers(ctx, { ...parts, allowWrites: mcp.allowWrites });
  return {
    path: mcp.httpPath,
    name: 'mcp',
    handler: createMcpHttpHandler(newServer, { logger: parts.logger, access }),
  };
}
