import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ModelSummary } from '../../history/index.js';
import type { JanusMcpDeps } from '../deps.js';
import { answer, guard } from '../result.js';
import { atRiskOutput, band } from '../schemas.js';
import { noScansNote } from './history-notes.js';

export function registerListAtRisk(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'list_at_risk_models',
    {
      title: 'Which models are at risk?',
      description:
        'The models whose latest scan put them in a band, lowest score first, from the recorded scans (no new judgment). Without `band`, every model not trusted (caution and at_risk). Read-only.',
      inputSchema: {
        band: band.optional().describe('only this band (default: caution and at_risk)'),
        limit: z.number().int().min(1).max(500).optional().describe('at most this many models (default 20)'),
      },
      outputSchema: atRiskOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ band, limit = 20 }) =>
      guard('list_at_risk_models', deps.logger, async () => {
        const all = await deps.history.latest();
        const matching = all.filter((s) => (band ? s.band === band : s.band !== 'trusted'));
        const models = matching.slice(0, limit);
        const note = all.length ? undefined : noScansNote(deps.history);
        const structured = { models, total: matching.length, source: deps.history.kind, ...(note ? { note } : {}) };
        return answer(note ?? listText(models, matching.length, band), structured);
      }),
  );
}

function listText(models: ModelSummary[], total: number, band?: string): string {
  const which = band ?? 'caution or at_risk';
  if (!models.length) return `No model's latest scan is in ${which}.`;
  const width = Math.max(...models.map((m) => m.name.length));
  const rows = models.map(
    (m) =>
      `  ${m.name.padEnd(width)}  ${String(m.score).padStart(3)}  ${m.band.padEnd(8)}  ${m.scannedAt}  ${m.findings.map((k) => k.split(':')[0]).join(', ') || '-'}`,
  );
  const more = total > models.length ? `\n  (${total - models.length} more)` : '';
  return `${total} ${total === 1 ? 'model' : 'models'} in ${which}, lowest score first:\n${rows.join('\n')}${more}`;
}
