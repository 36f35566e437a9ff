import type { Config } from '../config/schema.js';
import { UsageError } from '../errors.js';
import { addSecret } from '../log.js';
import { LOCAL_HOSTS, type McpHttpAccess } from './http-guard.js';

/**
 * Who may call the MCP tools over `janus serve`'s HTTP: the hosts and origins configured, and the bearer token. Tools
 * that write with Janus's DataHub token are never offered without a credential: that refuses to start.
 */
export function mcpHttpAccess(config: Pick<Config, 'mcp' | 'server'>): McpHttpAccess {
  const { mcp, server } = config;
  if (mcp.allowWrites && !mcp.httpToken)
    throw new UsageError(
      'MCP over HTTP with writes allowed (JANUS_MCP_ALLOW_WRITES) needs a credential: set JANUS_MCP_HTTP_TOKEN ' +
        '(e.g. `openssl rand -hex 32`), or turn writes off',
    );
  if (mcp.httpToken) addSecret(mcp.httpToken);
  const publicHost = server.publicUrl ? [new URL(server.publicUrl).hostname.toLowerCase()] : [];
  return {
    ...(mcp.httpToken ? { token: mcp.httpToken } : {}),
    allowedHosts: [...LOCAL_HOSTS, ...publicHost, ...mcp.allowedHosts.map((h) => h.toLowerCase())],
    allowedOrigins: [...(server.publicUrl ? [new URL(server.publicUrl).origin] : []), ...mcp.allowedOrigins],
  };
}
