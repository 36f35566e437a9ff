import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * Serves MCP over stdio until the client hangs up (stdin ends), then closes the server. Stdout carries only
 * the protocol: anything else written there breaks the client.
 */
export async function serveStdio(server: McpServer, io: { stdin?: Readable; stdout?: Writable } = {}): Promise<void> {
  const stdin = io.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, io.stdout ?? process.stdout);
  const hungUp = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  await hungUp;
  await server.close();
}
