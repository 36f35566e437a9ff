import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Logger } from '../log.js';
import { LineTransport } from './stdio-transport.js';

/**
 * Serves MCP over stdio until the client hangs up (stdin ends) and every request read has been answered, then
 * closes the server. Stdout carries only the protocol: anything else written there breaks the client.
 */
export async function serveStdio(
  server: McpServer,
  io: { stdin?: Readable; stdout?: Writable; logger?: Logger; maxLineBytes?: number } = {},
): Promise<void> {
  const transport = new LineTransport(io.stdin ?? process.stdin, io.stdout ?? process.stdout, {
    ...(io.logger ? { logger: io.logger } : {}),
    ...(io.maxLineBytes ? { maxLineBytes: io.maxLineBytes } : {}),
  });
  // the SDK's connect keeps an onclose already set, and calls it first
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  await closed;
  await server.close();
}
