import { applyMcp, parseMcp } from './apply-mcp.js';
import { reportError, reportWarning, type RecordContext } from './context.js';
import type { JsonObject } from './types.js';

/** Loads an MCP record of a metadata file: one change (`changeType`) to one aspect of one entity, applied as GMS applies it. */
export function loadMcp(ctx: RecordContext, record: JsonObject, index: number): void {
  const parsed = parseMcp(record, ctx.now());
  if ('error' in parsed) return reportError(ctx, index, parsed.error);
  const outcome = applyMcp(ctx.store, parsed.mcp, ctx.now());
  if ('error' in outcome) return reportError(ctx, index, outcome.error);
  if ('skipped' in outcome) return reportWarning(ctx, index, outcome.skipped);
  ctx.report.applied++;
  if (outcome.warning) reportWarning(ctx, index, outcome.warning);
}
