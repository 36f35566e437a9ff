import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { ENTITY_TYPE_NAMES } from './bootstrap.js';
import { enumOut } from './mappers.js';
import { aspectOf, baseFields } from './entity-base.js';
import { bool, obj, orNull, raws, str, strs, type Raw } from './raw.js';

const dataTypeRef = (urn: string) => ({ __typename: 'DataTypeEntity', urn });
const entityTypeRef = (urn: string) => ({ __typename: 'EntityTypeEntity', urn });

function propertyValue(v: unknown) {
  const o = obj(v);
  const value = o ? (o.string ?? o.double) : v;
  if (typeof value === 'string') return { __typename: 'StringValue', stringValue: value };
  if (typeof value === 'number') return { __typename: 'NumberValue', numberValue: value };
  return null;
}

/**
 * StructuredPropertyMapper.setDefaultProperty: a property whose definition is gone (deleted, references
 * not yet cleaned up) still answers a placeholder definition.
 */
const PLACEHOLDER_DEFINITION = {
  qualifiedName: '',
  displayName: null,
  description: null,
  cardinality: 'SINGLE',
  allowedValues: null,
  valueType: dataTypeRef('urn:li:dataType:datahub.string'),
  typeQualifier: null,
  entityTypes: [entityTypeRef('urn:li:entityType:datahub.dataset')],
  immutable: true,
};

function definitionOut(raw: Raw) {
  const qualifier = obj(raw.typeQualifier);
  return {
    qualifiedName: str(raw.qualifiedName) ?? '',
    displayName: orNull(str(raw.displayName)),
    description: orNull(str(raw.description)),
    cardinality: enumOut(raw.cardinality, ['SINGLE', 'MULTIPLE']) ?? 'SINGLE',
    allowedValues: Array.isArray(raw.allowedValues)
      ? raws(raw.allowedValues).map((a) => ({ value: propertyValue(a.value), description: orNull(str(a.description)) }))
      : null,
    valueType: dataTypeRef(str(raw.valueType) ?? ''),
    typeQualifier: qualifier
      ? { allowedTypes: Array.isArray(qualifier.allowedTypes) ? strs(qualifier.allowedTypes).map(entityTypeRef) : null }
      : null,
    entityTypes: strs(raw.entityTypes).map(entityTypeRef),
    immutable: bool(raw.immutable) ?? false,
  };
}

function settingsOut(raw: Raw) {
  const flag = (name: string) => bool(raw[name]) ?? false;
  return {
    isHidden: flag('isHidden'),
    showInSearchFilters: flag('showInSearchFilters'),
    showInAssetSummary: flag('showInAssetSummary'),
    hideInAssetSummaryWhenEmpty: flag('hideInAssetSummaryWhenEmpty'),
    showAsAssetBadge: flag('showAsAssetBadge'),
    showInColumnsTable: flag('showInColumnsTable'),
  };
}

/** DataTypeUrnMapper: the five standard types by urn, anything else OTHER. */
const STD_DATA_TYPES: Record<string, string> = {
  'urn:li:dataType:datahub.string': 'STRING',
  'urn:li:dataType:datahub.number': 'NUMBER',
  'urn:li:dataType:datahub.urn': 'URN',
  'urn:li:dataType:datahub.rich_text': 'RICH_TEXT',
  'urn:li:dataType:datahub.date': 'DATE',
};

/** EntityTypeUrnMapper.getEntityType: only registered entity names map to an EntityType. */
const entityTypeOfUrn = (urn: string) =>
  orNull(ENTITY_TYPE_NAMES[/^urn:li:entityType:datahub\.(.+)$/.exec(urn)?.[1] ?? '']);

function infoOut(raw: Raw | undefined, type: string | null) {
  if (!raw) return null;
  return {
    type,
    qualifiedName: str(raw.qualifiedName) ?? '',
    displayName: orNull(str(raw.displayName)),
    description: orNull(str(raw.description)),
  };
}

export const structuredPropertyResolvers: ResolverMap = {
  StructuredPropertyEntity: {
    ...baseFields('STRUCTURED_PROPERTY'),
    definition: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'propertyDefinition');
      return raw ? definitionOut(raw) : PLACEHOLDER_DEFINITION;
    },
    settings: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'structuredPropertySettings');
      return raw ? settingsOut(raw) : null;
    },
  },
  DataTypeEntity: {
    type: () => 'DATA_TYPE',
    info: (s: EntityRef, _a, ctx: SimContext) =>
      infoOut(aspectOf(ctx, s, 'dataTypeInfo'), STD_DATA_TYPES[s.urn] ?? 'OTHER'),
  },
  EntityTypeEntity: {
    type: () => 'ENTITY_TYPE',
    info: (s: EntityRef, _a, ctx: SimContext) => infoOut(aspectOf(ctx, s, 'entityTypeInfo'), entityTypeOfUrn(s.urn)),
  },
};
