import type { SimContext } from '../../schema/context.js';
import { entityPrivileges } from '../../auth/entity-privileges.js';
import { entityRef, type EntityRef } from '../../schema/entity-ref.js';
import { siblingsFact } from '../../lineage/siblings-aspect.js';
import type { ResolverMap } from '../../schema/build.js';
import { customProperties, deprecationOut, enumOut } from './mappers.js';
import { aspectOf, baseFields, keyParts, pick, platformRef } from './entity-base.js';
import { FABRIC_TYPES } from '../../fabric-types.js';
import { fineGrainedLineagesOut } from './lineage-fields.js';
import { num, obj, orNull, str, type Raw } from './raw.js';
import { schemaAspectFields } from './schema-metadata.js';
import { timeseriesWindow, type TimeseriesArgs } from './timeseries.js';

const OPERATION_TYPES = ['INSERT', 'UPDATE', 'DELETE', 'CREATE', 'ALTER', 'DROP', 'UNKNOWN', 'CUSTOM'];
const OPERATION_SOURCES = ['DATA_PROCESS', 'DATA_PLATFORM'];

/** DatasetKey: (platform, name, origin). */
const datasetKey = (urn: string) => keyParts(urn, 'dataset');
const originOf = (urn: string) => enumOut(datasetKey(urn)?.[2], FABRIC_TYPES);

/** DatasetMapper.mapDatasetProperties: `lastModified` is `{time: 0}` when the source never reported one. */
function datasetProperties(raw: Raw, urn: string) {
  const created = obj(raw.created);
  const lastModified = obj(raw.lastModified);
  return {
    name: str(raw.name) ?? orNull(datasetKey(urn)?.[1]),
    qualifiedName: orNull(str(raw.qualifiedName)),
    origin: originOf(urn),
    description: orNull(str(raw.description)),
    customProperties: customProperties(raw.customProperties, urn),
    externalUrl: orNull(str(raw.externalUrl)),
    created: orNull(num(created?.time)),
    lastModified: lastModified
      ? { time: num(lastModified.time) ?? 0, actor: orNull(str(lastModified.actor)) }
      : { time: 0, actor: null },
  };
}

/** OperationMapper. */
function operationOut(e: Raw) {
  return {
    timestampMillis: num(e.timestampMillis) ?? 0,
    actor: orNull(str(e.actor)),
    operationType: enumOut(e.operationType, OPERATION_TYPES),
    customOperationType: orNull(str(e.customOperationType)),
    sourceType: enumOut(e.sourceType, OPERATION_SOURCES),
    numAffectedRows: orNull(num(e.numAffectedRows)),
    affectedDatasets: Array.isArray(e.affectedDatasets)
      ? e.affectedDatasets.filter((d) => typeof d === 'string')
      : null,
    lastUpdatedTimestamp: num(e.lastUpdatedTimestamp) ?? 0,
    partition: orNull(str(obj(e.partitionSpec)?.partition)),
  };
}

/** DatasetProfileMapper (the fields the simulator's SDL has). */
function profileOut(e: Raw) {
  return {
    timestampMillis: num(e.timestampMillis) ?? 0,
    rowCount: orNull(num(e.rowCount)),
    columnCount: orNull(num(e.columnCount)),
    sizeInBytes: orNull(num(e.sizeInBytes)),
  };
}

export const datasetResolvers: ResolverMap = {
  Dataset: {
    ...baseFields('DATASET'),
    privileges: (s: EntityRef, _args: unknown, ctx: SimContext) => entityPrivileges(ctx, s.urn),
    ...pick([
      'ownership',
      'institutionalMemory',
      'status',
      'tags',
      'glossaryTerms',
      'structuredProperties',
      'lastIngested',
    ]),
    ...schemaAspectFields,
    name: (s: EntityRef) => orNull(datasetKey(s.urn)?.[1]),
    platform: (s: EntityRef) => platformRef(datasetKey(s.urn)?.[0]),
    origin: (s: EntityRef) => originOf(s.urn),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'datasetProperties');
      return raw ? datasetProperties(raw, s.urn) : null;
    },
    editableProperties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'editableDatasetProperties');
      return raw ? { description: orNull(str(raw.description)), name: orNull(str(raw.name)) } : null;
    },
    // DatasetMapper maps the legacy datasetDeprecation first; a `deprecation` aspect overrides it.
    deprecation: (s: EntityRef, _a, ctx: SimContext) =>
      deprecationOut(aspectOf(ctx, s, 'deprecation')) ?? deprecationOut(aspectOf(ctx, s, 'datasetDeprecation')),
    // Operations sort on lastUpdatedTimestamp (GmsGraphQLEngine's SortCriterion), profiles on timestampMillis.
    operations: (s: EntityRef, args: TimeseriesArgs, ctx: SimContext) =>
      timeseriesWindow(ctx.store.indexed().timeseries<Raw>(s.urn, 'operation'), args, 'lastUpdatedTimestamp').map(
        operationOut,
      ),
    datasetProfiles: (s: EntityRef, args: TimeseriesArgs, ctx: SimContext) =>
      timeseriesWindow(ctx.store.indexed().timeseries<Raw>(s.urn, 'datasetProfile'), args).map(profileOut),
    // SiblingsMapper: `isPrimary` and every sibling as a bare entity (the UI merges siblings; GraphQL does not)
    siblings: (s: EntityRef, _a, ctx: SimContext) => {
      const fact = siblingsFact(aspectOf(ctx, s, 'siblings'));
      return fact ? { isPrimary: fact.primary, siblings: fact.siblings.map((urn) => entityRef(urn)) } : null;
    },
    fineGrainedLineages: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'upstreamLineage');
      return raw ? fineGrainedLineagesOut(raw.fineGrainedLineages) : null;
    },
  },
};
