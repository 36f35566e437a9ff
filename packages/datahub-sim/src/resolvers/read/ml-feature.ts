import type { SimContext } from '../../schema/context.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { customProperties, enumOut } from './mappers.js';
import { aspectOf, baseFields, keyParts, pick, platformRef } from './entity-base.js';
import { orNull, str, strs, type Raw } from './raw.js';

const DATA_TYPES = [
  'USELESS',
  'NOMINAL',
  'ORDINAL',
  'BINARY',
  'COUNT',
  'TIME',
  'INTERVAL',
  'IMAGE',
  'VIDEO',
  'AUDIO',
  'TEXT',
  'MAP',
  'SEQUENCE',
  'SET',
  'CONTINUOUS',
  'BYTE',
  'UNKNOWN',
];

const refs = (v: unknown, typename: string) =>
  Array.isArray(v) ? strs(v).map((urn) => ({ __typename: typename, urn })) : null;

/** MLFeaturePropertiesMapper / MLPrimaryKeyPropertiesMapper: `sources` are Dataset refs. */
function featureProperties(raw: Raw, urn: string) {
  return {
    description: orNull(str(raw.description)),
    dataType: enumOut(raw.dataType, DATA_TYPES),
    sources: refs(raw.sources, 'Dataset'),
    customProperties: customProperties(raw.customProperties, urn),
  };
}

/** MLFeature and MLPrimaryKey share a key (featureNamespace, name) and a properties shape. */
function featureLike(entityType: string, urnType: string, propertiesAspect: string) {
  const key = (urn: string) => keyParts(urn, urnType);
  const props = (s: EntityRef, ctx: SimContext) => aspectOf(ctx, s, propertiesAspect);
  return {
    ...baseFields(entityType),
    ...pick([
      'lastIngested',
      'ownership',
      'institutionalMemory',
      'status',
      'deprecation',
      'tags',
      'glossaryTerms',
      'structuredProperties',
    ]),
    name: (s: EntityRef) => orNull(key(s.urn)?.[1]),
    featureNamespace: (s: EntityRef) => orNull(key(s.urn)?.[0]),
    description: (s: EntityRef, _a: unknown, ctx: SimContext) => orNull(str(props(s, ctx)?.description)),
    dataType: (s: EntityRef, _a: unknown, ctx: SimContext) => enumOut(props(s, ctx)?.dataType, DATA_TYPES),
    properties: (s: EntityRef, _a: unknown, ctx: SimContext) => {
      const raw = props(s, ctx);
      return raw ? featureProperties(raw, s.urn) : null;
    },
  };
}

/** MLFeatureTablePropertiesMapper: custom properties only when the aspect carries the map. */
function featureTableProperties(raw: Raw, urn: string) {
  return {
    description: orNull(str(raw.description)),
    mlFeatures: refs(raw.mlFeatures, 'MLFeature'),
    mlPrimaryKeys: refs(raw.mlPrimaryKeys, 'MLPrimaryKey'),
    customProperties:
      raw.customProperties === undefined || raw.customProperties === null
        ? null
        : customProperties(raw.customProperties, urn),
  };
}

export const mlFeatureResolvers: ResolverMap = {
  MLFeature: featureLike('MLFEATURE', 'mlFeature', 'mlFeatureProperties'),
  MLPrimaryKey: featureLike('MLPRIMARY_KEY', 'mlPrimaryKey', 'mlPrimaryKeyProperties'),
  MLFeatureTable: {
    ...baseFields('MLFEATURE_TABLE'),
    ...pick([
      'lastIngested',
      'ownership',
      'institutionalMemory',
      'status',
      'deprecation',
      'tags',
      'glossaryTerms',
      'structuredProperties',
    ]),
    name: (s: EntityRef) => orNull(keyParts(s.urn, 'mlFeatureTable')?.[1]),
    platform: (s: EntityRef) => platformRef(keyParts(s.urn, 'mlFeatureTable')?.[0]),
    description: (s: EntityRef, _a, ctx: SimContext) =>
      orNull(str(aspectOf(ctx, s, 'mlFeatureTableProperties')?.description)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'mlFeatureTableProperties');
      return raw ? featureTableProperties(raw, s.urn) : null;
    },
  },
};
