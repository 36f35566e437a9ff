import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { clipEcho } from '../../core/echo.js';
import type { JanusMcpDeps } from '../deps.js';
import { answer, failure, guard } from '../result.js';
import { modelArg, scanOutput } from '../schemas.js';
import { recordQuietly } from './record.js';
import { failureLines } from '../../render/write-failures.js';

export const WRITES_DISABLED = `scan_model writes to DataHub and is disabled: this Janus MCP server is read-only. Start it with --allow-writes (or env JANUS_MCP_ALLOW_WRITES=true) to enable it, or use trust_model to judge without writing.`;

export function registerScanModel(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'scan_model',
    {
      title: 'Judge a model and write the evidence back',
      description:
        'Judge the model now and write the evidence back to DataHub (the same write-back as Janus scans), then report what was written. Writes to DataHub: refused unless the server was started with writes allowed (mcp.allowWrites).',
      inputSchema: { model: modelArg },
      outputSchema: scanOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ model }) =>
      guard('scan_model', deps.logger, async () => {
        if (!deps.allowWrites) return failure(WRITES_DISABLED);
        const result = await deps.writeBack([model]);
        const verdict = result.verdicts[0];
        if (!verdict) return failure(`scan_model: the write-back returned no verdict for ${clipEcho(model)}`);
        await recordQuietly(deps, verdict);
        const structured = {
          model: verdict.model,
          score: verdict.score,
          band: verdict.band,
          findings: verdict.findings.map((f) => f.key),
          applied: result.applied.map(({ kind, target }) => ({ kind, target })),
          failed: result.failed,
        };
        const lines = [
          `${verdict.model.name} scores ${verdict.score}/100 (${verdict.band}); ${result.applied.length} ${result.applied.length === 1 ? 'write' : 'writes'} applied to DataHub.`,
          ...result.applied.map((w) => `  applied  ${w.kind}  ${w.target}`),
          ...failureLines(result.failed, (urn) => urn).map((line) => `  ${line}`),
        ];
        if (result.failed.length)
          lines.push(
            `${result.failed.length} ${result.failed.length === 1 ? 'write' : 'writes'} failed; ${
              result.failed.some((w) => w.privilege)
                ? "grant Janus's DataHub token the privileges named above, then scan again."
                : 'scan again to retry them.'
            }`,
          );
        return answer(lines.join('\n'), structured);
      }),
  );
}
