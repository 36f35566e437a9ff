import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { shortName } from '../../core/names.js';
import type { ModelRef } from '../../core/verdict.js';
import type { JanusMcpDeps } from '../deps.js';
import { answer, guard } from '../result.js';
import { modelArg, scoreHistoryOutput } from '../schemas.js';
import { noScansNote } from './history-notes.js';

export function registerScoreHistory(server: McpServer, deps: JanusMcpDeps): void {
  server.registerTool(
    'score_history',
    {
      title: "How has this model's score moved?",
      description: "The model's recorded scans, newest first: when, score and band. No new judgment. Read-only.",
      inputSchema: {
        model: modelArg,
        limit: z.number().int().min(1).max(100).optional().describe('at most this many scans (default 20)'),
      },
      outputSchema: scoreHistoryOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ model, limit = 20 }) =>
      guard('score_history', deps.logger, async () => {
        const ref = await modelFromHistory(deps, model);
        const entries = await deps.history.history(ref.urn, limit);
        const note = entries.length
          ? undefined
          : (await deps.history.latest()).length
            ? `no scans recorded for ${ref.name} yet`
            : noScansNote(deps.history);
        const text =
          note ??
          [
            `${ref.name}, newest first:`,
            ...entries.map((e) => `  ${e.scannedAt}  ${String(e.score).padStart(3)}  ${e.band}`),
          ].join('\n');
        return answer(text, { model: ref, entries, source: deps.history.kind, ...(note ? { note } : {}) });
      }),
  );
}

/** A urn as is; a name the history knows exactly once without asking DataHub; otherwise DataHub resolves it. */
async function modelFromHistory(deps: JanusMcpDeps, ref: string): Promise<ModelRef> {
  const known = await deps.history.latest();
  if (ref.startsWith('urn:li:mlModel:'))
    return { urn: ref, name: known.find((s) => s.urn === ref)?.name ?? shortName(ref) };
  const named = known.filter((s) => s.name === ref);
  if (named.length === 1) return { urn: named[0]!.urn, name: named[0]!.name };
  return deps.resolve(ref);
}
