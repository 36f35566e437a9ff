import { Command } from 'commander';
import { openScanHistory } from '../../history/index.js';
import { mcpConfigFromEnv } from '../../mcp/config.js';
import { liveMcpDeps } from '../../mcp/deps.js';
import { createJanusMcpServer } from '../../mcp/server.js';
import { serveStdio } from '../../mcp/stdio.js';
import { cliContext } from '../context.js';
import { VERSION } from '../program.js';

export const mcpCommand = () =>
  new Command('mcp')
    .description('serve Janus to AI agents over the Model Context Protocol on stdio (docs/mcp.md); logs go to stderr')
    .option('--allow-writes', 'let scan_model write to DataHub (default: read-only; env JANUS_MCP_ALLOW_WRITES)')
    .action(async (opts: { allowWrites?: boolean }, cmd: Command) => {
      const ctx = cliContext(cmd);
      const mcp = mcpConfigFromEnv(process.env);
      const allowWrites = opts.allowWrites === true || mcp.allowWrites;
      const history = openScanHistory({ ...(ctx.config.redis.url ? { redisUrl: ctx.config.redis.url } : {}), logger: ctx.logger });
      try {
        const deps = liveMcpDeps({ client: ctx.client, policy: ctx.policy, history, allowWrites, logger: ctx.logger, version: VERSION });
        ctx.logger.info({ datahub: ctx.client.url, history: history.kind, allowWrites }, 'Janus MCP server listening on stdio');
        await serveStdio(createJanusMcpServer(deps));
        ctx.logger.info('MCP client hung up; stopping');
      } finally {
        await history.close();
      }
    });
