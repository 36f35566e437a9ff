import { authorize, canManageStructuredProperties } from '../../auth/checks.js';
import type { SimContext } from '../../schema/context.js';
import { entityRef, type EntityRef } from '../../schema/entity-ref.js';
import { badRequest } from '../../schema/errors.js';
import { auditStamp, compact, existsInDataHub } from './gms-rules.js';

interface AllowedValueInput {
  stringValue?: string | null;
  numberValue?: number | null;
  description?: string | null;
}

interface SettingsInput {
  isHidden?: boolean | null;
  showInSearchFilters?: boolean | null;
  showInAssetSummary?: boolean | null;
  hideInAssetSummaryWhenEmpty?: boolean | null;
  showAsAssetBadge?: boolean | null;
  showInColumnsTable?: boolean | null;
}

interface CreateStructuredPropertyInput {
  id?: string | null;
  qualifiedName?: string | null;
  displayName?: string | null;
  description?: string | null;
  immutable?: boolean | null;
  valueType: string;
  typeQualifier?: { allowedTypes?: string[] | null } | null;
  allowedValues?: AllowedValueInput[] | null;
  cardinality?: 'SINGLE' | 'MULTIPLE' | null;
  entityTypes: string[];
  allowedPlatforms?: string[] | null;
  settings?: SettingsInput | null;
}

/** StructuredPropertyUtils.getPropertyId: id and qualifiedName must agree; neither means a random id. */
function propertyId(input: CreateStructuredPropertyInput, ctx: SimContext): string {
  if (input.id != null && input.qualifiedName != null && input.id !== input.qualifiedName) {
    throw badRequest('Qualified name and the ID of a structured property must match');
  }
  return input.qualifiedName ?? input.id ?? ctx.newId();
}

/** StructuredPropertyUtils.validatePropertySettings. */
function validateSettings(s: SettingsInput): void {
  if (s.isHidden && (s.showInSearchFilters || s.showInAssetSummary || s.showAsAssetBadge || s.showInColumnsTable)) {
    throw badRequest('Cannot have property isHidden = true while other display location settings are also true.');
  }
}

/** ShowPropertyAsBadgeValidator: at most one live property may be shown as an asset badge. */
function validateSingleBadge(ctx: SimContext, urn: string, s: SettingsInput): void {
  if (!s.showAsAssetBadge) return;
  const badges = [...ctx.store.all('structuredProperty')]
    .filter((e) => e.urn !== urn)
    .filter((e) => (e.aspects.get('structuredPropertySettings') as SettingsInput | undefined)?.showAsAssetBadge)
    .filter((e) => !(e.aspects.get('status') as { removed?: boolean } | undefined)?.removed)
    .map((e) => e.urn);
  if (badges.length > 0) {
    throw badRequest(
      `Cannot have more than one property set with show as badge. Property urns currently set: ${badges.join(', ')}`,
    );
  }
}

/** PropertyDefinitionValidator: no spaces in the id, allowedTypes must be existing entityType urns. */
function validateDefinition(ctx: SimContext, id: string, allowedTypes: string[] | undefined): void {
  if (id.includes(' ')) throw badRequest('Urn ID cannot have spaces');
  if (!allowedTypes) return;
  const list = `[${allowedTypes.join(', ')}]`;
  if (allowedTypes.some((t) => !t.startsWith('urn:li:entityType:'))) {
    throw badRequest(`Provided allowedType that is not an entityType entity. List of allowedTypes: ${list}`);
  }
  if (allowedTypes.some((t) => !existsInDataHub(ctx.store, t))) {
    throw badRequest(`Provided allowedType that does not exist. List of allowedTypes: ${list}`);
  }
}

/** An allowed value as stored: a plain string or number (union wrapper removed), plus its description. */
const allowedValue = (v: AllowedValueInput) =>
  compact({ value: v.numberValue ?? v.stringValue ?? undefined, description: v.description });

/**
 * CreateStructuredPropertyResolver: writes `propertyDefinition` (and `structuredPropertySettings` when
 * settings are given) for `urn:li:structuredProperty:<id>`; fails when that property exists.
 */
export function createStructuredProperty(
  _: unknown,
  { input }: { input: CreateStructuredPropertyInput },
  ctx: SimContext,
): EntityRef | null {
  authorize(
    ctx,
    canManageStructuredProperties(ctx),
    'Unable to create structured property. Please contact your admin.',
  );
  const id = propertyId(input, ctx);
  const urn = `urn:li:structuredProperty:${id}`;
  if (existsInDataHub(ctx.store, urn)) throw badRequest('A structured property already exists with this urn');
  if (input.settings) validateSettings(input.settings);
  const allowedTypes = input.typeQualifier?.allowedTypes ?? undefined;
  validateDefinition(ctx, id, allowedTypes);
  if (input.settings) validateSingleBadge(ctx, urn, input.settings);

  const stamp = auditStamp(ctx);
  const definition = compact({
    qualifiedName: id,
    valueType: input.valueType,
    entityTypes: [...input.entityTypes],
    displayName: input.displayName,
    description: input.description,
    immutable: input.immutable,
    typeQualifier: allowedTypes ? { allowedTypes: [...allowedTypes] } : undefined,
    allowedValues: input.allowedValues?.map(allowedValue),
    cardinality: input.cardinality,
    created: stamp,
    lastModified: stamp,
  });
  ctx.store.write(urn, 'propertyDefinition', definition);
  if (input.settings) {
    ctx.store.write(urn, 'structuredPropertySettings', compact({ ...input.settings, lastModified: stamp }));
  }
  return entityRef(urn);
}
