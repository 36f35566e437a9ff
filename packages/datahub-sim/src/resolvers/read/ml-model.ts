import type { SimContext } from '../../schema/context.js';
import { entityPrivileges } from '../../auth/entity-privileges.js';
import type { EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { parseUrn } from '../../urn.js';
import { auditStamp, customProperties, enumOut } from './mappers.js';
import { FABRIC_TYPES } from '../../fabric-types.js';
import { aspectOf, baseFields, keyParts, pick, platformRef } from './entity-base.js';
import { num, obj, orNull, raws, str, strs, type Raw } from './raw.js';

/** MLModelKey / MLModelGroupKey: (platform, name, origin). */
const modelKey = (urn: string, urnType: string) => keyParts(urn, urnType);

const refs = (v: unknown, typename: string) =>
  Array.isArray(v) ? strs(v).map((urn) => ({ __typename: typename, urn })) : null;
const listOrNull = (v: unknown) => (Array.isArray(v) ? strs(v) : null);

/** MLHyperParamMapper / MLMetricMapper. */
const namedValues = (v: unknown) =>
  Array.isArray(v)
    ? raws(v).map((m) => ({
        name: orNull(str(m.name)),
        description: orNull(str(m.description)),
        value: orNull(str(m.value)),
        createdAt: orNull(num(m.createdAt)),
      }))
    : null;

/** MLModelPropertiesMapper: the name falls back to the urn's name; `version` is the version tag. */
function modelProperties(raw: Raw, urn: string) {
  return {
    name: str(raw.name) ?? orNull(parseUrn(urn)?.parts[1]),
    description: orNull(str(raw.description)),
    lastModified: auditStamp(raw.lastModified),
    version: orNull(str(obj(raw.version)?.versionTag)),
    type: orNull(str(raw.type)),
    hyperParams: namedValues(raw.hyperParams),
    trainingMetrics: namedValues(raw.trainingMetrics),
    mlFeatures: listOrNull(raw.mlFeatures),
    tags: strs(raw.tags),
    groups: refs(raw.groups, 'MLModelGroup'),
    customProperties: customProperties(raw.customProperties, urn),
    externalUrl: orNull(str(raw.externalUrl)),
    created: auditStamp(raw.created),
    mlModelLineageInfo: { trainingJobs: listOrNull(raw.trainingJobs), downstreamJobs: listOrNull(raw.downstreamJobs) },
  };
}

/** BaseDataMapper over mlModelTrainingData / mlModelEvaluationData. */
function baseData(raw: Raw | undefined, listName: string) {
  if (!raw) return null;
  return raws(raw[listName]).map((d) => ({
    dataset: str(d.dataset) ?? '',
    motivation: orNull(str(d.motivation)),
    preProcessing: Array.isArray(d.preProcessing) ? strs(d.preProcessing) : null,
  }));
}

function groupProperties(raw: Raw, urn: string) {
  return {
    name: str(raw.name) ?? orNull(parseUrn(urn)?.parts[1]),
    description: orNull(str(raw.description)),
    customProperties: customProperties(raw.customProperties, urn),
    externalUrl: orNull(str(raw.externalUrl)),
  };
}

const keyFields = (urnType: string) => ({
  name: (s: EntityRef) => orNull(modelKey(s.urn, urnType)?.[1]),
  platform: (s: EntityRef) => platformRef(modelKey(s.urn, urnType)?.[0]),
  origin: (s: EntityRef) => enumOut(modelKey(s.urn, urnType)?.[2], FABRIC_TYPES),
});

export const mlModelResolvers: ResolverMap = {
  MLModel: {
    ...baseFields('MLMODEL'),
    privileges: (s: EntityRef, _args: unknown, ctx: SimContext) => entityPrivileges(ctx, s.urn),
    ...pick([
      'lastIngested',
      'tags',
      'ownership',
      'institutionalMemory',
      'status',
      'deprecation',
      'glossaryTerms',
      'structuredProperties',
    ]),
    ...keyFields('mlModel'),
    description: (s: EntityRef, _a, ctx: SimContext) => orNull(str(aspectOf(ctx, s, 'mlModelProperties')?.description)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'mlModelProperties');
      return raw ? modelProperties(raw, s.urn) : null;
    },
    trainingData: (s: EntityRef, _a, ctx: SimContext) =>
      baseData(aspectOf(ctx, s, 'mlModelTrainingData'), 'trainingData'),
    evaluationData: (s: EntityRef, _a, ctx: SimContext) =>
      baseData(aspectOf(ctx, s, 'mlModelEvaluationData'), 'evaluationData'),
  },
  MLModelGroup: {
    ...baseFields('MLMODEL_GROUP'),
    ...pick(['ownership', 'tags']),
    ...keyFields('mlModelGroup'),
    description: (s: EntityRef, _a, ctx: SimContext) =>
      orNull(str(aspectOf(ctx, s, 'mlModelGroupProperties')?.description)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'mlModelGroupProperties');
      return raw ? groupProperties(raw, s.urn) : null;
    },
  },
};
