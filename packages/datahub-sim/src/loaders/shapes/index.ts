import type { z } from 'zod';
import { TIMESERIES_ASPECTS } from '../../store/store.js';
import * as common from './common-aspects.js';
import * as dataset from './dataset-aspects.js';
import * as events from './event-aspects.js';
import * as ml from './ml-aspects.js';
import * as people from './people-aspects.js';
import { registeredEntity } from './entity-keys.js';
import { pegasusMessages } from './messages.js';

/**
 * The aspects whose shape the simulator checks, by aspect name: the ones it reads, and the ones metadata files
 * commonly carry. GMS validates every aspect of a proposal against its PDL (`ValidationApiUtils.validateRecordTemplate`)
 * and refuses it whole (`ValidationException`, 422 over Rest.li); the simulator does so for these. Other aspects are
 * taken as they come (a timeseries aspect still needs its `timestampMillis`).
 */
const SHAPES: Record<string, z.ZodType> = {
  ownership: common.ownership,
  globalTags: common.globalTags,
  glossaryTerms: common.glossaryTerms,
  institutionalMemory: common.institutionalMemory,
  status: common.status,
  deprecation: common.deprecation,
  subTypes: common.subTypes,
  siblings: common.siblings,
  container: common.container,
  dataPlatformInstance: common.dataPlatformInstance,
  browsePathsV2: common.browsePathsV2,
  domains: common.domains,
  structuredProperties: common.structuredProperties,
  datasetProperties: dataset.datasetProperties,
  editableDatasetProperties: dataset.editableDatasetProperties,
  upstreamLineage: dataset.upstreamLineage,
  schemaMetadata: dataset.schemaMetadata,
  dataJobInputOutput: dataset.dataJobInputOutput,
  dataJobInfo: dataset.dataJobInfo,
  dataFlowInfo: dataset.dataFlowInfo,
  mlModelProperties: ml.mlModelProperties,
  mlModelGroupProperties: ml.mlModelGroupProperties,
  mlFeatureProperties: ml.mlFeatureProperties,
  mlPrimaryKeyProperties: ml.mlPrimaryKeyProperties,
  mlFeatureTableProperties: ml.mlFeatureTableProperties,
  corpUserInfo: people.corpUserInfo,
  corpUserStatus: people.corpUserStatus,
  corpGroupInfo: people.corpGroupInfo,
  groupMembership: people.groupMembership,
  assertionRunEvent: events.assertionRunEvent,
  dataProcessInstanceRunEvent: events.dataProcessInstanceRunEvent,
  operation: events.operation,
  incidentInfo: events.incidentInfo,
};

const shapeOf = (aspectName: string): z.ZodType | undefined =>
  SHAPES[aspectName] ?? (TIMESERIES_ASPECTS.has(aspectName) ? events.timeseriesAspect : undefined);

/**
 * What is wrong with an aspect value (normalised) by its PDL, as GMS words it: `Invalid format for aspect: <entity>
 * \n Cause: [ERROR :: /path :: message, ...]`; undefined when it fits, or when the simulator has no shape for it.
 */
export function aspectShapeProblem(entityType: string, aspectName: string, value: unknown): string | undefined {
  const shape = shapeOf(aspectName);
  if (!shape) return undefined;
  const parsed = shape.safeParse(value, { reportInput: true });
  if (parsed.success) return undefined;
  const entity = registeredEntity(entityType) ?? entityType; // the registry's spelling, as `EntitySpec.getName()`
  return `Invalid format for aspect: ${entity}\n Cause: [${pegasusMessages(parsed.error).join(', ')}]`;
}
