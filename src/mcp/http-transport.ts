import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from '../log.js';
import { LOCAL_HOSTS, refusalOf, type McpHttpAccess } from './http-guard.js';

export interface McpHttpOptions {
  logger?: Logger;
  /** Who may call: the Host, Origin and bearer token checked on every request. Default: localhost names only, no Origin, no token. */
  access?: McpHttpAccess;
}

export type McpHttpHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * MCP over Streamable HTTP, stateless: each POST gets its own server (the factory has no side effects, so this
 * is cheap) and a JSON response. GET (a server-initiated stream) and DELETE (ending a session) have nothing to
 * do without sessions: 405. A request from a Host or Origin not allowed, or without the bearer token when one is set, is
 * refused before anything runs (./http-guard.ts). Mount it at `mcp.httpPath` (default `/mcp`); it never throws.
 */
export function createMcpHttpHandler(newServer: () => McpServer, options: McpHttpOptions = {}): McpHttpHandler {
  const access = options.access ?? { allowedHosts: LOCAL_HOSTS, allowedOrigins: [] };
  return async (req, res) => {
    const refused = refusalOf(req, access);
    if (refused) {
      options.logger?.warn({ status: refused.status, reason: refused.message }, 'MCP HTTP request refused');
      res.writeHead(refused.status, { 'content-type': 'application/json', ...refused.headers });
      res.end(JSON.stringify(rpcError(-32001, refused.message)));
      req.resume();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'application/json', allow: 'POST' });
      res.end(
        JSON.stringify(
          rpcError(-32000, `${req.method} is not supported: this MCP endpoint is stateless; POST JSON-RPC messages`),
        ),
      );
      return;
    }
    const server = newServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (err) {
      options.logger?.error({ err: err instanceof Error ? err.message : String(err) }, 'MCP HTTP request failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(rpcError(-32603, 'internal server error')));
      }
    }
  };
}

const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });
