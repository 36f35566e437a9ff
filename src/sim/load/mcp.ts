import { TIMESERIES_ASPECTS } from '../store.js';
import { parseUrn } from '../urn.js';
import { reportError, reportWarning, type RecordContext } from './context.js';
import { normaliseAspect } from './normalise.js';
import { applyPatch } from './patch.js';
import { describeIssues, mcpSchema } from './schemas.js';
import { isJsonObject, type JsonObject } from './types.js';

/** Loads an MCP record: one change (`changeType`) to one aspect of one entity, applied as GMS applies it. */
export function loadMcp(ctx: RecordContext, record: JsonObject, index: number): void {
  const parsed = mcpSchema.safeParse(record);
  if (!parsed.success) {
    return reportError(ctx, index, `invalid MCP: ${describeIssues(parsed.error)}${targetOf(record)}`);
  }
  const mcp = parsed.data;
  const aspectName = mcp.aspectName!;
  if (!mcp.entityUrn) {
    return reportError(
      ctx,
      index,
      `unsupported MCP: it names its entity by entityKeyAspect only (no entityUrn); ${aspectName} skipped`,
    );
  }
  const urn = mcp.entityUrn;
  const where = `(urn ${urn}, aspect ${aspectName})`;
  const error = (message: string) => reportError(ctx, index, `${message} ${where}`);
  const content = mcp.aspect?.content;

  if (mcp.changeType === 'PATCH') {
    if (TIMESERIES_ASPECTS.has(aspectName)) {
      return reportWarning(ctx, index, `patch skipped: timeseries aspects cannot be patched ${where}`);
    }
    try {
      const patched = applyPatch(ctx.store.aspect(urn, aspectName), aspectName, content, ctx.now());
      ctx.store.write(urn, aspectName, patched);
      ctx.report.applied++;
    } catch (e) {
      reportWarning(ctx, index, `patch skipped: ${(e as Error).message} ${where}`);
    }
    return;
  }
  // GMS accepts only UPSERT for timeseries aspects (MCPItem.isValidChangeType).
  if (TIMESERIES_ASPECTS.has(aspectName) && mcp.changeType !== 'UPSERT') {
    return error(`ChangeType not supported: ${mcp.changeType} for aspect ${aspectName}`);
  }
  if (mcp.changeType === 'DELETE') return deleteAspect(ctx, index, urn, aspectName);
  if (mcp.changeType === 'CREATE' && ctx.store.aspect(urn, aspectName) !== undefined) {
    return error('Cannot perform CREATE since the aspect already exists.');
  }
  if (mcp.changeType === 'CREATE_ENTITY' && ctx.store.exists(urn)) {
    return error('Cannot perform CREATE_ENTITY if not exists since the entity key already exists.');
  }
  // UPSERT, UPDATE, CREATE, CREATE_ENTITY; RESTATE is written too (GMS treats it as a re-emit of the value).
  if (!isJsonObject(content)) return error('the aspect must be a JSON object');
  ctx.store.write(urn, aspectName, normaliseAspect(content));
  ctx.report.applied++;
}

/** ` (urn X, aspect Y)` from whatever of the two a record that failed validation names. */
function targetOf(record: JsonObject): string {
  const parts = [
    typeof record.entityUrn === 'string' ? `urn ${record.entityUrn}` : '',
    typeof record.aspectName === 'string' ? `aspect ${record.aspectName}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Deleting the key aspect deletes the entity in DataHub: every versioned aspect goes. */
function deleteAspect(ctx: RecordContext, index: number, urn: string, aspectName: string): void {
  const urnType = parseUrn(urn)!.entityType;
  const isKeyAspect = aspectName.toLowerCase() === `${urnType}key`.toLowerCase();
  const entity = ctx.store.get(urn);
  if (isKeyAspect && entity) {
    for (const name of [...entity.aspects.keys()]) ctx.store.deleteAspect(urn, name);
    if (entity.timeseries.size > 0) {
      reportWarning(ctx, index, `entity ${urn} deleted, but its timeseries aspects stay: the store cannot remove them`);
    }
  } else {
    ctx.store.deleteAspect(urn, aspectName);
  }
  ctx.report.applied++;
}
