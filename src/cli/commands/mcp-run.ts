import type { Command } from 'commander';
import { composeMcpStdio } from '../../compose/mcp.js';
import { serveStdio } from '../../mcp/stdio.js';
import { cliContext } from '../context.js';

/** What `janus mcp` does, loaded only when it runs (the MCP SDK is its own). */
export async function runMcp(opts: { allowWrites?: boolean }, cmd: Command): Promise<void> {
  const ctx = cliContext(cmd);
  const allowWrites = opts.allowWrites === true || ctx.config.mcp.allowWrites;
  const mcp = composeMcpStdio(ctx, allowWrites);
  try {
    ctx.logger.info(
      { datahub: ctx.client.url, history: mcp.history.kind, allowWrites },
      'Janus MCP server listening on stdio',
    );
    await serveStdio(mcp.server, { logger: ctx.logger });
    ctx.logger.info('MCP client hung up; stopping');
  } finally {
    mcp.close();
  }
}
