import { withDefaults } from '../store/system-metadata.js';
import { parseUrn } from '../urn.js';
import { writeIngested } from './apply-mcp.js';
import { aspectNameForClass, snapshotEntityOf } from './aspect-names.js';
import { reportError, type RecordContext } from './context.js';
import { normaliseAspect } from './normalise.js';
import { describeIssues, mceSchema } from './schemas.js';
import { aspectShapeProblem } from './shapes/index.js';
import { urnProblem } from './shapes/urn-validation.js';
import { isJsonObject, type JsonObject } from './types.js';

/**
 * Loads an MCE record: a snapshot of one entity whose listed aspects are each written as a whole-aspect
 * UPSERT. The record is validated as a whole first, so a bad aspect skips the record, not half of it.
 */
export function loadMce(ctx: RecordContext, record: JsonObject, index: number): void {
  const parsed = mceSchema.safeParse(record);
  if (!parsed.success) return reportError(ctx, index, `invalid MCE: ${describeIssues(parsed.error)}`);
  const [snapshotKey, snapshot] = Object.entries(parsed.data.proposedSnapshot)[0]!;
  const entity = snapshotEntityOf(snapshotKey);
  if (!entity) return reportError(ctx, index, `invalid MCE: unknown snapshot class ${snapshotKey}`);
  const urnType = parseUrn(snapshot.urn)!.entityType;
  const badUrn = urnProblem(snapshot.urn);
  if (badUrn) return reportError(ctx, index, `invalid MCE: ${badUrn.message}`);
  if (entity.toLowerCase() !== urnType.toLowerCase()) {
    return reportError(ctx, index, `invalid MCE: ${snapshotKey} cannot hold ${snapshot.urn} (a ${urnType})`);
  }

  const writes: { name: string; value: JsonObject }[] = [];
  for (const [i, item] of snapshot.aspects.entries()) {
    const [classKey, value] = Object.entries(item)[0]!;
    const name = aspectNameForClass(classKey);
    if (!name || !isJsonObject(value)) {
      return reportError(ctx, index, `invalid MCE: aspect ${i} has an unknown record class ${classKey}`);
    }
    const normalised = normaliseAspect(value);
    const badShape = aspectShapeProblem(urnType, name, normalised);
    if (badShape) return reportError(ctx, index, `invalid MCE: aspect ${i} (${name}): ${badShape}`);
    writes.push({ name, value: normalised });
  }
  const systemMetadata = withDefaults(parsed.data.systemMetadata, ctx.now());
  for (const { name, value } of writes) {
    writeIngested(ctx.store, snapshot.urn, name, value, systemMetadata);
    ctx.report.applied++;
  }
}
