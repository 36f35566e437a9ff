import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { clipEcho } from '../../core/echo.js';
import { shortName } from '../../core/names.js';
import type { JanusMcpDeps } from '../deps.js';
import { answer, guard } from '../result.js';
import { incidentsOutput, modelArg } from '../schemas.js';

export function registerModelIncidents(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'model_incidents',
    {
      title: 'Open incidents touching a model',
      description:
        'The incidents Janus raised in DataHub on datasets upstream of the model, active and resolved, with their state, stage and priority. Read-only.',
      inputSchema: { model: modelArg },
      outputSchema: incidentsOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ model }) =>
      guard('model_incidents', deps.logger, async () => {
        const found = await deps.incidents(model);
        const incidents = [...found]
          .sort((a, b) => Number(b.state === 'ACTIVE') - Number(a.state === 'ACTIVE') || b.createdAt - a.createdAt)
          .map((i) => ({
            urn: i.urn,
            key: i.key,
            dataset: { urn: i.dataset, name: shortName(i.dataset) },
            title: i.title,
            state: i.state,
            stage: i.stage,
            priority: i.priority,
            createdAt: new Date(i.createdAt).toISOString(),
          }));
        const active = incidents.filter((i) => i.state === 'ACTIVE').length;
        const shown = clipEcho(model);
        const text = incidents.length
          ? `${active} active of ${incidents.length} Janus ${incidents.length === 1 ? 'incident' : 'incidents'} touching ${shown}:\n` +
            incidents
              .map((i) => `  ${i.state.padEnd(8)}  ${(i.stage ?? '-').padEnd(12)}  ${i.dataset.name}: ${i.title}`)
              .join('\n')
          : `No Janus incident touches ${shown}.`;
        return answer(text, { model: shown, active, incidents });
      }),
  );
}
