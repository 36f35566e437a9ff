import type { SimContext } from '../../schema/context.js';
import { entityRef, type EntityRef } from '../../schema/entity-ref.js';
import type { ResolverMap } from '../../schema/build.js';
import { platformOf } from '../../urn.js';
import { UNKNOWN_STAMP, auditStampOr, customProperties, enumOut } from './mappers.js';
import { aspectOf, baseFields, keyParts, pick, platformRef } from './entity-base.js';
import { fineGrainedLineagesOut } from './lineage-fields.js';
import { num, obj, orNull, raws, str, strs, type Raw } from './raw.js';
import { timeseriesWindow, type TimeseriesArgs } from './timeseries.js';

const common = [
  'lastIngested',
  'ownership',
  'tags',
  'status',
  'deprecation',
  'institutionalMemory',
  'glossaryTerms',
  'structuredProperties',
];

/**
 * DataJobMapper.mapDataJobInputOutput reads the deprecated lists (empty list when absent); newer writers
 * fill only the `*Edges` lists, so their destinations are added too, each urn once.
 */
function refsWithEdges(raw: Raw, listName: string, edgesName: string, typename: string) {
  const urns = [
    ...strs(raw[listName]),
    ...raws(raw[edgesName])
      .map((e) => str(e.destinationUrn))
      .filter((u) => u !== undefined),
  ];
  return [...new Set(urns)].map((urn) => ({ __typename: typename, urn }));
}

/** DataJobMapper maps custom properties only when the aspect carries the map. */
const customPropertiesIfSet = (raw: Raw, urn: string) =>
  raw.customProperties === undefined || raw.customProperties === null
    ? null
    : customProperties(raw.customProperties, urn);

function inputOutput(raw: Raw) {
  return {
    inputDatasets: refsWithEdges(raw, 'inputDatasets', 'inputDatasetEdges', 'Dataset'),
    outputDatasets: refsWithEdges(raw, 'outputDatasets', 'outputDatasetEdges', 'Dataset'),
    inputDatajobs: refsWithEdges(raw, 'inputDatajobs', 'inputDatajobEdges', 'DataJob'),
    fineGrainedLineages: Array.isArray(raw.fineGrainedLineages)
      ? fineGrainedLineagesOut(raw.fineGrainedLineages)
      : null,
  };
}

const RUN_STATUSES = ['STARTED', 'COMPLETE'];
const RUN_RESULTS = ['SUCCESS', 'FAILURE', 'SKIPPED', 'UP_FOR_RETRY'];

/** DataProcessInstanceRunEventMapper. */
function runEventOut(e: Raw) {
  const result = obj(e.result);
  return {
    status: enumOut(e.status, RUN_STATUSES),
    attempt: orNull(num(e.attempt)),
    result: result
      ? { resultType: enumOut(result.type, RUN_RESULTS), nativeResultType: orNull(str(result.nativeResultType)) }
      : null,
    timestampMillis: num(e.timestampMillis) ?? 0,
    durationMillis: orNull(num(e.durationMillis)),
  };
}

const dpiProps = (s: EntityRef, ctx: SimContext) => aspectOf(ctx, s, 'dataProcessInstanceProperties');

export const dataJobResolvers: ResolverMap = {
  DataFlow: {
    ...baseFields('DATA_FLOW'),
    ...pick(common),
    orchestrator: (s: EntityRef) => orNull(keyParts(s.urn, 'dataFlow')?.[0]),
    flowId: (s: EntityRef) => orNull(keyParts(s.urn, 'dataFlow')?.[1]),
    cluster: (s: EntityRef) => orNull(keyParts(s.urn, 'dataFlow')?.[2]),
    platform: (s: EntityRef) => platformRef(keyParts(s.urn, 'dataFlow') && platformOf(s.urn)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'dataFlowInfo');
      if (!raw) return null;
      return {
        name: str(raw.name) ?? '',
        description: orNull(str(raw.description)),
        project: orNull(str(raw.project)),
        externalUrl: orNull(str(raw.externalUrl)),
        customProperties: customPropertiesIfSet(raw, s.urn),
      };
    },
  },
  DataJob: {
    ...baseFields('DATA_JOB'),
    ...pick(common),
    dataFlow: (s: EntityRef) => {
      const flow = keyParts(s.urn, 'dataJob')?.[0];
      return flow ? { __typename: 'DataFlow', urn: flow } : null;
    },
    jobId: (s: EntityRef) => orNull(keyParts(s.urn, 'dataJob')?.[1]),
    // Guess: DataHub's mapper sets no platform here; the flow's orchestrator is what the UI shows.
    platform: (s: EntityRef) => platformRef(keyParts(s.urn, 'dataJob') && platformOf(s.urn)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'dataJobInfo');
      if (!raw) return null;
      return {
        name: str(raw.name) ?? '',
        description: orNull(str(raw.description)),
        externalUrl: orNull(str(raw.externalUrl)),
        customProperties: customPropertiesIfSet(raw, s.urn),
      };
    },
    inputOutput: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = aspectOf(ctx, s, 'dataJobInputOutput');
      return raw ? inputOutput(raw) : null;
    },
  },
  DataProcessInstance: {
    ...baseFields('DATA_PROCESS_INSTANCE'),
    ...pick(['status']),
    state: (s: EntityRef, args: TimeseriesArgs, ctx: SimContext) =>
      timeseriesWindow(ctx.store.indexed().timeseries<Raw>(s.urn, 'dataProcessInstanceRunEvent'), args).map(
        runEventOut,
      ),
    name: (s: EntityRef, _a, ctx: SimContext) => orNull(str(dpiProps(s, ctx)?.name)),
    created: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = dpiProps(s, ctx);
      return raw && raw.created ? auditStampOr(raw.created, UNKNOWN_STAMP) : null;
    },
    externalUrl: (s: EntityRef, _a, ctx: SimContext) => orNull(str(dpiProps(s, ctx)?.externalUrl)),
    properties: (s: EntityRef, _a, ctx: SimContext) => {
      const raw = dpiProps(s, ctx);
      if (!raw) return null;
      return {
        name: str(raw.name) ?? '',
        externalUrl: orNull(str(raw.externalUrl)),
        created: auditStampOr(raw.created, UNKNOWN_STAMP),
        customProperties: customProperties(raw.customProperties, s.urn),
      };
    },
    parentTemplate: (s: EntityRef, _a, ctx: SimContext) => {
      const parent = str(aspectOf(ctx, s, 'dataProcessInstanceRelationships')?.parentTemplate);
      return parent ? entityRef(parent) : null;
    },
  },
};
