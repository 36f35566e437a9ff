import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Verdict } from '../../core/verdict.js';
import { verdictJson } from '../../render/json.js';
import { verdictText } from '../../render/text.js';
import type { JanusMcpDeps } from '../deps.js';
import { answer, guard } from '../result.js';
import { modelArg, verdictOutput } from '../schemas.js';
import { recordQuietly } from './record.js';

export function registerTrustModel(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'trust_model',
    {
      title: 'Can I trust this model?',
      description:
        "Judge one ML model now from its upstream lineage in DataHub: score 0-100, band (trusted, caution, at_risk), every finding with its evidence, the deductions, the blast radius (other models downstream of the same trouble) and Argos's plain-language summary. Read-only.",
      inputSchema: { model: modelArg },
      outputSchema: verdictOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ model }) =>
      guard('trust_model', deps.logger, async () => {
        const { verdict } = await deps.judge(model);
        await recordQuietly(deps, verdict);
        return answer(trustText(verdict), verdictJson(verdict));
      }),
  );
}

function trustText(v: Verdict): string {
  const keys = v.findings.map((f) => `  ${f.key}`);
  return keys.length ? `${verdictText(v)}\n\nFinding keys (for explain_finding):\n${keys.join('\n')}` : verdictText(v);
}
