import { z } from 'zod';
import { customProperties } from './common-aspects.js';
import { auditStamp, boolean, edge, enumOf, number, record, string, timeStamp, urn } from './pdl.js';

/** Dataset, data job and data flow aspects (`com.linkedin.dataset`, `.datajob`, `.schema`), after their PDL. */

export const datasetProperties = record({
  ...customProperties,
  externalUrl: string.optional(),
  name: string.optional(),
  qualifiedName: string.optional(),
  description: string.optional(),
  uri: string.optional(),
  created: timeStamp.optional(),
  lastModified: timeStamp.optional(),
  tags: z.array(string).optional(),
});

export const editableDatasetProperties = record({
  created: auditStamp.optional(),
  lastModified: auditStamp.optional(),
  description: string.optional(),
  name: string.optional(),
});

/** `DatasetLineageType.pdl`. */
const LINEAGE_TYPES = ['COPY', 'TRANSFORMED', 'VIEW'] as const;

const fineGrainedLineage = record({
  upstreamType: string,
  upstreams: z.array(urn()).optional(),
  downstreamType: string,
  downstreams: z.array(urn()).optional(),
  transformOperation: string.optional(),
  confidenceScore: number.optional(),
  query: urn().optional(),
});

export const upstreamLineage = record({
  upstreams: z.array(
    record({
      auditStamp: auditStamp.optional(),
      created: auditStamp.optional(),
      dataset: urn('dataset'),
      type: enumOf(LINEAGE_TYPES),
      properties: z.record(z.string(), z.string()).optional(),
      query: urn().optional(),
    }),
  ),
  fineGrainedLineages: z.array(fineGrainedLineage).optional(),
});

const schemaField = record({
  fieldPath: string,
  nullable: boolean.optional(),
  description: string.optional(),
  type: record({ type: z.record(z.string(), z.unknown()) }),
  nativeDataType: string,
  recursive: boolean.optional(),
  isPartOfKey: boolean.optional(),
});

export const schemaMetadata = record({
  schemaName: string,
  platform: urn('dataPlatform'),
  version: number,
  created: auditStamp.optional(),
  lastModified: auditStamp.optional(),
  hash: string,
  platformSchema: z.record(z.string(), z.unknown()),
  fields: z.array(schemaField),
  primaryKeys: z.array(string).optional(),
});

export const dataJobInputOutput = record({
  inputDatasets: z.array(urn('dataset')).optional(),
  inputDatasetEdges: z.array(edge).optional(),
  outputDatasets: z.array(urn('dataset')).optional(),
  outputDatasetEdges: z.array(edge).optional(),
  inputDatajobs: z.array(urn('dataJob')).optional(),
  inputDatajobEdges: z.array(edge).optional(),
  inputDatasetFields: z.array(urn('schemaField')).optional(),
  outputDatasetFields: z.array(urn('schemaField')).optional(),
  fineGrainedLineages: z.array(fineGrainedLineage).optional(),
});

export const dataJobInfo = record({
  ...customProperties,
  externalUrl: string.optional(),
  name: string,
  description: string.optional(),
  // a union of `AzkabanJobType` and string: either way a string once normalised
  type: z.union([string, z.record(z.string(), z.unknown())]),
  flowUrn: urn('dataFlow').optional(),
  created: timeStamp.optional(),
  lastModified: timeStamp.optional(),
});

export const dataFlowInfo = record({
  ...customProperties,
  externalUrl: string.optional(),
  name: string,
  description: string.optional(),
  project: string.optional(),
  created: timeStamp.optional(),
  lastModified: timeStamp.optional(),
});
