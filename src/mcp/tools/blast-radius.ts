import { urnProblem } from '@janus/datahub-sim/urn';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { shortName } from '../../core/names.js';
import type { JanusMcpDeps } from '../deps.js';
import { answer, guard } from '../result.js';
import { blastRadiusOutput } from '../schemas.js';

export function registerBlastRadius(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'blast_radius',
    {
      title: 'Which models does this dataset reach?',
      description: 'Every ML model downstream of a dataset in DataHub, any number of hops away. Read-only.',
      inputSchema: {
        dataset: z
          .string()
          .trim()
          .startsWith('urn:li:dataset:', 'expected a dataset urn (urn:li:dataset:...)')
          .superRefine((urn, ctx) => {
            const problem = urnProblem(urn);
            if (problem) ctx.addIssue({ code: 'custom', message: `"${urn}" is not a valid urn: ${problem}` });
          })
          .describe('the dataset urn'),
      },
      outputSchema: blastRadiusOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ dataset }) =>
      guard('blast_radius', deps.logger, async () => {
        const models = await deps.downstream(dataset);
        const name = shortName(dataset);
        const text = models.length
          ? `${models.length} ${models.length === 1 ? 'model reads' : 'models read'} from ${name}:\n${models.map((m) => `  ${m.name}  ${m.urn}`).join('\n')}`
          : `No ML model is downstream of ${name} in DataHub.`;
        return answer(text, { dataset: { urn: dataset, name }, models });
      }),
  );
}
