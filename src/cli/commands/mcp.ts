import { Command } from 'commander';

export const mcpCommand = () =>
  new Command('mcp')
    .description('serve Janus to AI agents over the Model Context Protocol on stdio (docs/mcp.md); logs go to stderr')
    .option('--allow-writes', 'let scan_model write to DataHub (default: read-only; env JANUS_MCP_ALLOW_WRITES)')
    .action(async (opts: { allowWrites?: boolean }, cmd: Command) => (await import('./mcp-run.js')).runMcp(opts, cmd));
