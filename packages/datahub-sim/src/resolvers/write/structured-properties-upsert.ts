import { authorize, canEditProperties } from '../../auth/checks.js';
import { isDeepStrictEqual } from 'node:util';
import type { SimContext } from '../../schema/context.js';
import { SimError, badRequest } from '../../schema/errors.js';
import type { Aspect } from '../../store/store.js';
import { entityTypeOf } from '../../urn.js';
import { auditStamp, editableAspect, existsInDataHub, requireUrn, type AuditStamp } from './gms-rules.js';
import { assignmentErrors, type PrimitiveValue, type PropertyDefinition } from './structured-value-checks.js';

interface PropertyValueInput {
  stringValue?: string | null;
  numberValue?: number | null;
}

interface UpsertStructuredPropertiesInput {
  assetUrn: string;
  structuredPropertyInputParams: { structuredPropertyUrn: string; values: PropertyValueInput[] }[];
}

interface Assignment {
  propertyUrn: string;
  values: PrimitiveValue[];
  created?: AuditStamp;
  lastModified?: AuditStamp;
  [key: string]: unknown;
}

interface StructuredPropertiesAspect {
  properties: Assignment[];
  [key: string]: unknown;
}

/** StructuredPropertyUtils.mapPropertyValueInput: the string wins when both are given; neither is a null value. */
function mapValue(v: PropertyValueInput): PrimitiveValue {
  if (v.stringValue != null) return v.stringValue;
  if (v.numberValue != null) return v.numberValue;
  // A null element in Pegasus' value array: DataHub fails with a NullPointerException.
  throw new SimError(
    'SERVER_ERROR',
    'Failed to perform update: a property value has neither stringValue nor numberValue',
  );
}

/**
 * StructuredPropertiesValidator (proposal stage): every assignment in the resulting aspect, not only the
 * ones being written, must reference a live property definition and fit its type, allowed values and
 * cardinality.
 */
function validateAssignments(ctx: SimContext, aspect: StructuredPropertiesAspect): void {
  for (const a of aspect.properties) {
    const kind = entityTypeOf(a.propertyUrn);
    if (kind !== 'structuredProperty') {
      throw badRequest(`Unexpected entity type. Expected: structuredProperty Found: ${kind ?? a.propertyUrn}`);
    }
    if (ctx.store.aspect<{ removed?: boolean }>(a.propertyUrn, 'status')?.removed) {
      throw badRequest('Cannot apply a soft deleted Structured Property value');
    }
    const def = ctx.store.aspect<PropertyDefinition>(a.propertyUrn, 'propertyDefinition');
    if (!def) throw badRequest(`Unexpected null value found for ${a.propertyUrn} Structured Property Definition.`);
    const [first] = assignmentErrors(a.propertyUrn, def, a.values);
    if (first) throw badRequest(first);
  }
}

/** StructuredPropertiesValidator (pre-commit): an immutable property's existing assignment cannot change. */
function validateImmutable(ctx: SimContext, before: Assignment[], after: Assignment[]): void {
  for (const next of after) {
    const prev = before.find((p) => p.propertyUrn === next.propertyUrn);
    if (!prev || isDeepStrictEqual(prev, next)) continue;
    if (ctx.store.aspect<PropertyDefinition>(next.propertyUrn, 'propertyDefinition')?.immutable) {
      throw badRequest(`Cannot mutate an immutable property: ${next.propertyUrn}`);
    }
  }
}

/** The resolvers' own 403 text (Upsert/RemoveStructuredPropertiesResolver, typo included). */
export const notAuthorizedOn = (urn: string) => `Not authorized to update properties on the gives urn ${urn}`;

/**
 * UpsertStructuredPropertiesResolver: replaces the values of the listed properties (restamping
 * `lastModified`), appends the ones the asset does not have yet, keeps every other assignment, and
 * returns the written `structuredProperties` aspect. schemaField assets need not exist.
 */
export function upsertStructuredProperties(
  _: unknown,
  { input }: { input: UpsertStructuredPropertiesInput },
  ctx: SimContext,
): StructuredPropertiesAspect {
  const assetUrn = input.assetUrn;
  const kind = requireUrn(assetUrn).entityType;
  authorize(ctx, canEditProperties(ctx, assetUrn), notAuthorizedOn(assetUrn));
  // DataHub throws a plain RuntimeException here, so the client sees a server error.
  if (kind !== 'schemaField' && !existsInDataHub(ctx.store, assetUrn)) {
    throw new SimError('SERVER_ERROR', `Asset with provided urn ${assetUrn} does not exist`);
  }
  // A later entry for the same property replaces an earlier one (DataHub collects them in a map).
  const updates = new Map<string, PrimitiveValue[]>();
  for (const p of input.structuredPropertyInputParams) updates.set(p.structuredPropertyUrn, p.values.map(mapValue));

  const stamp = auditStamp(ctx);
  const aspect = editableAspect<StructuredPropertiesAspect>(ctx.store, assetUrn, 'structuredProperties', {
    properties: [],
  });
  const before = aspect.properties ?? [];
  const properties = before.map((a) => {
    const values = updates.get(a.propertyUrn);
    return values ? { ...a, values, lastModified: stamp } : a;
  });
  for (const [propertyUrn, values] of updates) {
    if (!before.some((a) => a.propertyUrn === propertyUrn)) {
      properties.push({ propertyUrn, values, created: stamp, lastModified: stamp });
    }
  }
  aspect.properties = properties;

  validateAssignments(ctx, aspect);
  validateImmutable(ctx, before, properties);
  ctx.store.write(assetUrn, 'structuredProperties', aspect as Aspect);
  return aspect;
}
