import { z } from 'zod';
import { normaliseValue } from './normalise.js';
import { arrayFieldToMap, mapToArrayField } from './patch-arrays.js';
import { fineGrainedFromMap, fineGrainedToMap } from './patch-fine-grained.js';
import { applyOps, PatchError, type PatchOp } from './patch-ops.js';
import { describeIssues } from './schemas.js';
import { PATCH_TEMPLATES, type PatchTemplate } from './patch-templates.js';
import { isJsonObject, type JsonObject } from './types.js';

export { PatchError } from './patch-ops.js';

/**
 * Applies a PATCH MCP's content to the stored aspect the way GMS does (`PatchItemImpl`): a plain
 * JSON-Patch array goes through the aspect's template; a `{"arrayPrimaryKeys": ..., "patch": [...]}`
 * envelope with keys goes through the generic template keyed by those fields instead.
 */

const opsSchema = z.array(z.object({ op: z.string(), path: z.string(), value: z.unknown().optional() }));
const envelopeSchema = z.object({
  arrayPrimaryKeys: z.record(z.string(), z.array(z.string())).nullish(),
  patch: opsSchema,
  forceGenericPatch: z.boolean().nullish(),
});

interface PatchContent {
  ops: PatchOp[];
  arrayPrimaryKeys: Record<string, string[]>;
  generic: boolean;
}

function parseContent(content: unknown): PatchContent {
  if (Array.isArray(content)) {
    const ops = opsSchema.safeParse(content);
    if (!ops.success) throw new PatchError(`Invalid JSON Patch: ${describeIssues(ops.error)}`);
    return { ops: ops.data, arrayPrimaryKeys: {}, generic: false };
  }
  const envelope = envelopeSchema.safeParse(content);
  if (!envelope.success) throw new PatchError(`Invalid JSON Patch: ${describeIssues(envelope.error)}`);
  const keys = envelope.data.arrayPrimaryKeys ?? {};
  return {
    ops: envelope.data.patch,
    arrayPrimaryKeys: keys,
    generic: Object.keys(keys).length > 0 || envelope.data.forceGenericPatch === true,
  };
}

function transform(aspect: JsonObject, template: PatchTemplate, now: number): void {
  template.complete?.(aspect, now);
  for (const [field, keys] of Object.entries(template.keyedArrays)) arrayFieldToMap(aspect, field, keys);
  if (template.fineGrained) fineGrainedToMap(aspect);
  forEachElementAspect(aspect, template, true, (sub, subTemplate) => transform(sub, subTemplate, now));
}

function rebase(aspect: JsonObject, template: PatchTemplate, now: number): void {
  template.complete?.(aspect, now);
  for (const [field, keys] of Object.entries(template.keyedArrays)) mapToArrayField(aspect, field, keys);
  if (template.fineGrained) fineGrainedFromMap(aspect);
  forEachElementAspect(aspect, template, false, (sub, subTemplate) => rebase(sub, subTemplate, now));
}

/** Visits the aspects nested in the elements of the template's keyed array (editableSchemaMetadata's tags/terms). */
function forEachElementAspect(
  aspect: JsonObject,
  template: PatchTemplate,
  keyed: boolean,
  visit: (sub: JsonObject, subTemplate: PatchTemplate) => void,
): void {
  if (!template.elementAspects) return;
  const [field] = Object.keys(template.keyedArrays);
  const container = field === undefined ? undefined : aspect[field];
  const elements = keyed
    ? Object.values(isJsonObject(container) ? container : {})
    : Array.isArray(container)
      ? container
      : [];
  for (const element of elements) {
    if (!isJsonObject(element)) continue;
    for (const [subField, subAspect] of Object.entries(template.elementAspects)) {
      const sub = element[subField];
      const subTemplate = PATCH_TEMPLATES[subAspect];
      if (isJsonObject(sub) && subTemplate) visit(sub, subTemplate);
    }
  }
}

/**
 * The aspect after the patch. `current` is the stored value (not modified); `now` stamps template
 * defaults. Throws PatchError with DataHub's reason when the patch cannot apply.
 */
export function applyPatch(
  current: JsonObject | undefined,
  aspectName: string,
  content: unknown,
  now: number,
): JsonObject {
  const aspectTemplate = PATCH_TEMPLATES[aspectName];
  if (!aspectTemplate) throw new PatchError(`Aspect: ${aspectName} does not currently support patch operations.`);
  const { ops, arrayPrimaryKeys, generic } = parseContent(content);
  const template: PatchTemplate = generic ? { keyedArrays: arrayPrimaryKeys, initial: () => ({}) } : aspectTemplate;
  const base = current ? structuredClone(current) : template.initial(now);
  if (!base) {
    throw new PatchError(
      `Patch not supported for aspect with name ${aspectName}. Default aspect is required because no aspect currently exists.`,
    );
  }
  transform(base, template, now);
  applyOps(
    base,
    ops.map((op) => ({ ...op, value: normaliseValue(op.value) })),
  );
  rebase(base, template, now);
  return base;
}
