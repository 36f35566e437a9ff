import { z } from 'zod';
import { customProperties } from './common-aspects.js';
import { number, record, string, timeStamp, urn } from './pdl.js';

/** ML aspects (`com.linkedin.ml.metadata`), after their PDL. */

/** `MLHyperParam.pdl` and `MLMetric.pdl`: a name, the value as a string. */
const namedValue = record({
  name: string,
  description: string.optional(),
  value: string.optional(),
  createdAt: number.optional(),
});

const versionTag = record({ versionTag: string.optional() });

export const mlModelProperties = record({
  ...customProperties,
  externalUrl: string.optional(),
  name: string.optional(),
  description: string.optional(),
  date: number.optional(),
  created: timeStamp.optional(),
  lastModified: timeStamp.optional(),
  version: versionTag.optional(),
  type: string.optional(),
  // `HyperParameterValueType`: a union of string, int, float, double, boolean (normalised to the member value)
  hyperParameters: z.record(z.string(), z.union([string, number, z.boolean()])).optional(),
  hyperParams: z.array(namedValue).optional(),
  trainingMetrics: z.array(namedValue).optional(),
  onlineMetrics: z.array(namedValue).optional(),
  mlFeatures: z.array(urn('mlFeature')).optional(),
  tags: z.array(string).optional(),
  deployments: z.array(urn()).optional(),
  trainingJobs: z.array(urn()).optional(),
  downstreamJobs: z.array(urn()).optional(),
  groups: z.array(urn()).optional(),
});

export const mlModelGroupProperties = record({
  ...customProperties,
  name: string.optional(),
  description: string.optional(),
  createdAt: number.optional(),
  created: timeStamp.optional(),
  lastModified: timeStamp.optional(),
  trainingJobs: z.array(urn()).optional(),
  downstreamJobs: z.array(urn()).optional(),
  version: versionTag.optional(),
});

export const mlFeatureProperties = record({
  ...customProperties,
  description: string.optional(),
  dataType: string.optional(),
  version: versionTag.optional(),
  sources: z.array(urn()).optional(),
});

export const mlPrimaryKeyProperties = record({
  ...customProperties,
  description: string.optional(),
  dataType: string.optional(),
  version: versionTag.optional(),
  sources: z.array(urn()),
});

export const mlFeatureTableProperties = record({
  ...customProperties,
  description: string.optional(),
  mlFeatures: z.array(urn('mlFeature')).optional(),
  mlPrimaryKeys: z.array(urn('mlPrimaryKey')).optional(),
});
