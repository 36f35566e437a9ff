import { TIMESERIES_ASPECTS, type Aspect, type Store } from '../store/store.js';
import { withDefaults, type SystemMetadata } from '../store/system-metadata.js';
import { parseUrn } from '../urn.js';
import type { IncidentInfoAspect } from '../resolvers/write/incident-info.js';
import { updateIncidentsSummaries } from '../resolvers/write/incidents-summary.js';
import { isKnownAspect } from './aspect-registry.js';
import { limitProblem, MAX_RECORD_DEPTH } from './limits.js';
import { normaliseValue } from './normalise.js';
import { applyPatch } from './patch.js';
import { describeIssues, mcpSchema, type ChangeType } from './schemas.js';
import { aspectShapeProblem } from './shapes/index.js';
import { shown, urnProblem } from './shapes/urn-validation.js';
import { isJsonObject, type JsonObject } from './types.js';

/** One validated MCP: a change to one aspect of one entity, with its system metadata filled in as GMS fills it. */
export interface ParsedMcp {
  urn: string;
  aspectName: string;
  changeType: ChangeType;
  content: unknown;
  systemMetadata: SystemMetadata;
}

/**
 * What applying an MCP did: written (or deleted), rejected as GMS rejects it (`error`), or skipped the way
 * GMS skips it (`skipped`). Neither a rejection nor a skip changes the store.
 */
export type McpOutcome =
  { applied: true; warning?: string } | { applied: false; error: string } | { applied: false; skipped: string };

/** Validates an MCP record (file form or wire form) without touching the store. */
export function parseMcp(record: JsonObject, now: number): { mcp: ParsedMcp } | { error: string } {
  const parsed = mcpSchema.safeParse(record);
  if (!parsed.success) return { error: `invalid MCP: ${describeIssues(parsed.error)}${targetOf(record)}` };
  const m = parsed.data;
  const aspectName = m.aspectName!;
  if (!m.entityUrn) {
    return {
      error: `unsupported MCP: it names its entity by entityKeyAspect only (no entityUrn); ${aspectName} skipped`,
    };
  }
  const urnType = parseUrn(m.entityUrn)!.entityType;
  const badUrn = urnProblem(m.entityUrn);
  if (badUrn) return { error: `${badUrn.message}${targetOf(record)}` };
  if (!isKnownAspect(aspectName))
    return { error: `Unknown aspect ${aspectName} for entity ${urnType} (urn ${m.entityUrn})` };
  // an aspect in `{json}` form was bounded with its record (`records.ts`); one parsed from its `value` text is not yet
  const tooBig = m.aspect?.fromText ? limitProblem(m.aspect.content, MAX_RECORD_DEPTH) : undefined;
  if (tooBig) return { error: `the aspect is ${tooBig}${targetOf(record)}` };
  const writesWhole = m.changeType !== 'PATCH' && m.changeType !== 'DELETE';
  // normalised once here: what is validated is what is written
  const content = writesWhole ? normaliseValue(m.aspect?.content) : m.aspect?.content;
  const mcp = {
    urn: m.entityUrn,
    aspectName,
    changeType: m.changeType,
    content,
    systemMetadata: withDefaults(m.systemMetadata, now),
  };
  const badShape = writesWhole ? aspectShapeProblem(urnType, aspectName, content) : undefined;
  if (badShape) return { error: `${badShape} ${where(mcp)}` };
  // GMS accepts only UPSERT for timeseries aspects (MCPItem.isValidChangeType); a PATCH is skipped, not failed.
  if (TIMESERIES_ASPECTS.has(aspectName) && m.changeType !== 'UPSERT' && m.changeType !== 'PATCH') {
    return { error: `ChangeType not supported: ${m.changeType} for aspect ${aspectName} ${where(mcp)}` };
  }
  return { mcp };
}

/** Writes a versioned or timeseries aspect value with the system metadata of the ingestion that wrote it. */
export function writeIngested(
  store: Store,
  urn: string,
  aspectName: string,
  value: Aspect,
  systemMetadata: SystemMetadata,
): void {
  store.write(urn, aspectName, value);
  store.observe(urn, aspectName, systemMetadata);
  // GMS's IncidentsSummaryHook follows every incidentInfo change, however it was written
  if (aspectName === 'incidentInfo' && isIncidentInfo(value)) updateIncidentsSummaries(store, urn, value);
}

const isIncidentInfo = (v: Aspect): v is Aspect & IncidentInfoAspect =>
  Array.isArray(v.entities) &&
  !!v.status &&
  typeof v.status === 'object' &&
  !!v.created &&
  typeof (v.created as { time?: unknown }).time === 'number';

/** Applies a validated MCP to the store as GMS applies its change type. */
export function applyMcp(store: Store, mcp: ParsedMcp, now: number): McpOutcome {
  const { urn, aspectName, content } = mcp;
  if (mcp.changeType === 'PATCH') {
    if (TIMESERIES_ASPECTS.has(aspectName))
      return { applied: false, skipped: `patch skipped: timeseries aspects cannot be patched ${where(mcp)}` };
    let patched: Aspect;
    try {
      patched = applyPatch(store.aspect(urn, aspectName), aspectName, content, now);
    } catch (e) {
      return { applied: false, skipped: `patch skipped: ${(e as Error).message} ${where(mcp)}` };
    }
    // GMS validates the aspect a patch leaves, as it validates an upserted one
    const badShape = aspectShapeProblem(parseUrn(urn)!.entityType, aspectName, patched);
    if (badShape) return { applied: false, error: `${badShape} ${where(mcp)}` };
    writeIngested(store, urn, aspectName, patched, mcp.systemMetadata);
    return { applied: true };
  }
  if (mcp.changeType === 'DELETE') return deleteAspect(store, urn, aspectName);
  if (mcp.changeType === 'CREATE' && store.aspect(urn, aspectName) !== undefined) {
    return { applied: false, error: `Cannot perform CREATE since the aspect already exists. ${where(mcp)}` };
  }
  if (mcp.changeType === 'CREATE_ENTITY' && store.exists(urn)) {
    return {
      applied: false,
      error: `Cannot perform CREATE_ENTITY if not exists since the entity key already exists. ${where(mcp)}`,
    };
  }
  // UPSERT, UPDATE, CREATE, CREATE_ENTITY; RESTATE is written too (GMS treats it as a re-emit of the value).
  if (!isJsonObject(content)) return { applied: false, error: `the aspect must be a JSON object ${where(mcp)}` };
  writeIngested(store, urn, aspectName, content, mcp.systemMetadata);
  return { applied: true };
}

const where = (mcp: Pick<ParsedMcp, 'urn' | 'aspectName'>) => `(urn ${shown(mcp.urn)}, aspect ${mcp.aspectName})`;

/** ` (urn X, aspect Y)` from whatever of the two a record that failed validation names. */
function targetOf(record: JsonObject): string {
  const parts = [
    typeof record.entityUrn === 'string' ? `urn ${shown(record.entityUrn)}` : '',
    typeof record.aspectName === 'string' ? `aspect ${shown(record.aspectName)}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Deleting the key aspect deletes the entity in DataHub: every versioned aspect goes. */
function deleteAspect(store: Store, urn: string, aspectName: string): McpOutcome {
  const urnType = parseUrn(urn)!.entityType;
  const isKeyAspect = aspectName.toLowerCase() === `${urnType}key`.toLowerCase();
  const entity = store.get(urn);
  if (!isKeyAspect || !entity) {
    store.deleteAspect(urn, aspectName);
    return { applied: true };
  }
  for (const name of [...entity.aspects.keys()]) store.deleteAspect(urn, name);
  return entity.timeseries.size > 0
    ? { applied: true, warning: `entity ${urn} deleted, but its timeseries aspects stay: the store cannot remove them` }
    : { applied: true };
}
