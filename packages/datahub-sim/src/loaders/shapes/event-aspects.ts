import { z } from 'zod';
import { auditStamp, enumOf, number, record, string, stringMap, timeseriesBase, urn } from './pdl.js';

/** Timeseries aspects and incidents (`com.linkedin.assertion`, `.dataprocess`, `.incident`, `.common.Operation`). */

export const assertionRunEvent = record({
  ...timeseriesBase,
  runId: string,
  asserteeUrn: urn(),
  status: enumOf(['COMPLETE']),
  result: record({
    type: enumOf(['SUCCESS', 'FAILURE', 'ERROR', 'INIT']),
    rowCount: number.optional(),
    missingCount: number.optional(),
    unexpectedCount: number.optional(),
    actualAggValue: number.optional(),
    nativeResults: stringMap.optional(),
    externalUrl: string.optional(),
  }).optional(),
  assertionUrn: urn('assertion'),
});

export const dataProcessInstanceRunEvent = record({
  ...timeseriesBase,
  externalUrl: string.optional(),
  status: enumOf(['STARTED', 'COMPLETE']),
  attempt: number.optional(),
  result: record({
    type: enumOf(['SUCCESS', 'FAILURE', 'SKIPPED', 'UP_FOR_RETRY']),
    nativeResultType: string,
  }).optional(),
  durationMillis: number.optional(),
});

export const operation = record({
  ...timeseriesBase,
  actor: urn().optional(),
  operationType: string,
  customOperationType: string.optional(),
  numAffectedRows: number.optional(),
  affectedDatasets: z.array(urn()).optional(),
  sourceType: string.optional(),
  customProperties: stringMap.optional(),
  lastUpdatedTimestamp: number,
  queries: z.array(urn()).optional(),
});

/** Every other timeseries aspect: at least its `TimeseriesAspectBase`. */
export const timeseriesAspect = record(timeseriesBase);

export const incidentInfo = record({
  type: enumOf(['OPERATIONAL', 'FRESHNESS', 'VOLUME', 'COLUMN', 'SQL', 'DATA_SCHEMA', 'FIELD', 'CUSTOM']),
  customType: string.optional(),
  title: string.optional(),
  description: string.optional(),
  entities: z.array(urn()),
  priority: number.optional(),
  status: record({
    state: enumOf(['ACTIVE', 'RESOLVED']),
    stage: string.optional(),
    message: string.optional(),
    lastUpdated: auditStamp,
  }),
  source: record({ type: string, sourceUrn: urn().optional() }).optional(),
  startedAt: number.optional(),
  created: auditStamp,
});
