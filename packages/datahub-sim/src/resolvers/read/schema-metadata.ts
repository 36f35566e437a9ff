import type { SimContext } from '../../schema/context.js';
import { entityRef, type EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { parseSchemaFieldUrn, schemaFieldUrn } from '../../urn.js';
import { withOwner } from './aspects.js';
import { aspectOf, baseFields, keyParts, pick } from './entity-base.js';
import { bool, num, obj, orNull, raws, str, strs, type Raw } from './raw.js';

/** SchemaFieldMapper.mapSchemaFieldDataType: the union member's record name → SchemaFieldDataType. */
const FIELD_TYPES: Record<string, string> = {
  BooleanType: 'BOOLEAN',
  FixedType: 'FIXED',
  StringType: 'STRING',
  BytesType: 'BYTES',
  NumberType: 'NUMBER',
  DateType: 'DATE',
  TimeType: 'TIME',
  EnumType: 'ENUM',
  NullType: 'NULL',
  MapType: 'MAP',
  ArrayType: 'ARRAY',
  UnionType: 'UNION',
  RecordType: 'STRUCT',
};

function fieldType(raw: Raw): string | null {
  const member = Object.keys(obj(obj(raw.type)?.type) ?? {})[0];
  return member ? (FIELD_TYPES[member.split('.').pop() ?? ''] ?? null) : null;
}

const nested = (v: unknown, owner: string) => {
  const o = obj(v);
  return o ? withOwner(o, owner) : null;
};

/** SchemaFieldMapper; field tags and terms belong to the dataset (GlobalTagsMapper gets the dataset urn). */
function schemaField(f: Raw, datasetUrn: string) {
  const fieldPath = str(f.fieldPath) ?? '';
  const tags = nested(f.globalTags, datasetUrn);
  return {
    fieldPath,
    label: orNull(str(f.label)),
    nullable: bool(f.nullable) ?? false,
    description: orNull(str(f.description)),
    type: fieldType(f),
    nativeDataType: orNull(str(f.nativeDataType)),
    recursive: bool(f.recursive) ?? false,
    globalTags: tags,
    tags,
    glossaryTerms: nested(f.glossaryTerms, datasetUrn),
    isPartOfKey: bool(f.isPartOfKey) ?? false,
    isPartitioningKey: orNull(bool(f.isPartitioningKey)),
    schemaFieldEntity: { __typename: 'SchemaFieldEntity', urn: schemaFieldUrn(datasetUrn, fieldPath) },
  };
}

/** SchemaMetadataMapper. `createdAt` is the aspect's write time, which the store does not keep (null). */
export function schemaMetadataOut(raw: Raw, datasetUrn: string) {
  return {
    datasetUrn: orNull(str(raw.dataset)),
    name: str(raw.schemaName) ?? '',
    platformUrn: str(raw.platform) ?? '',
    version: num(raw.version) ?? 0,
    hash: str(raw.hash) ?? '',
    primaryKeys: Array.isArray(raw.primaryKeys) ? strs(raw.primaryKeys) : null,
    createdAt: null,
    fields: raws(raw.fields).map((f) => schemaField(f, datasetUrn)),
  };
}

export function editableSchemaMetadataOut(raw: Raw, datasetUrn: string) {
  return {
    editableSchemaFieldInfo: raws(raw.editableSchemaFieldInfo).map((f) => {
      const tags = nested(f.globalTags, datasetUrn);
      return {
        fieldPath: str(f.fieldPath) ?? '',
        description: orNull(str(f.description)),
        globalTags: tags,
        tags,
        glossaryTerms: nested(f.glossaryTerms, datasetUrn),
      };
    }),
  };
}

export const schemaFieldResolvers: ResolverMap = {
  SchemaFieldEntity: {
    ...baseFields('SCHEMA_FIELD', false),
    ...pick(['structuredProperties', 'status', 'deprecation', 'tags', 'glossaryTerms']),
    fieldPath: (s: EntityRef) =>
      keyParts(s.urn, 'schemaField') ? (parseSchemaFieldUrn(s.urn)?.fieldPath ?? null) : null,
    parent: (s: EntityRef) => {
      const parent = keyParts(s.urn, 'schemaField') && parseSchemaFieldUrn(s.urn)?.parent;
      return parent ? entityRef(parent) : null;
    },
  },
};

export const schemaAspectFields = {
  schemaMetadata: (s: EntityRef, args: { version?: unknown }, ctx: SimContext) => {
    // Only the latest version is held: version 0 (or none) is latest; older versions are unknown here.
    const version = num(args.version);
    if (version !== undefined && version !== 0) return null;
    const raw = aspectOf(ctx, s, 'schemaMetadata');
    return raw ? schemaMetadataOut(raw, s.urn) : null;
  },
  editableSchemaMetadata: (s: EntityRef, _a: unknown, ctx: SimContext) => {
    const raw = aspectOf(ctx, s, 'editableSchemaMetadata');
    return raw ? editableSchemaMetadataOut(raw, s.urn) : null;
  },
};
