import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { incidentSchema } from './incident.js';
import {
  customPropertiesSchema,
  fineGrainedSchema,
  labelFields,
  lifecycleFields,
  ownershipSchema,
  upstreamEdgesSchema,
} from './response-pieces.js';

const assertionSchema = z.object({
  urn: z.string(),
  info: z
    .object({
      type: z.string(),
      description: z.string().nullish(),
      freshnessAssertion: z
        .object({
          schedule: z
            .object({ type: z.string(), fixedInterval: z.object({ unit: z.string(), multiple: z.number() }).nullish() })
            .nullish(),
        })
        .nullish(),
      customAssertion: z.object({ type: z.string(), logic: z.string().nullish() }).nullish(),
    })
    .nullish(),
  aspects: z.array(z.object({ aspectName: z.string(), payload: z.string().nullish() })).nullish(),
  runEvents: z
    .object({
      runEvents: z.array(z.object({ timestampMillis: z.number(), result: z.object({ type: z.string() }).nullish() })),
    })
    .nullish(),
});
export type RawAssertion = z.infer<typeof assertionSchema>;

const ownedFields = { ownership: ownershipSchema, ...lifecycleFields, upstream: upstreamEdgesSchema };

/** One entity of the batch read: every type's fields optional, told apart by `type`. */
export const rawEntitySchema = z.object({
  urn: z.string(),
  type: z.string(),
  exists: z.boolean().nullish(),
  /** When an ingestion run last wrote any versioned aspect of it (DataHub's `lastIngested`). */
  lastIngested: z.number().nullish(),
  name: z.string().nullish(),
  jobId: z.string().nullish(),
  ...ownedFields,
  // MLModel
  properties: z
    .object({
      name: z.string().nullish(),
      customProperties: customPropertiesSchema,
      mlFeatures: z.array(z.string()).nullish(),
      sources: z.array(z.object({ urn: z.string() }).nullish()).nullish(),
    })
    .nullish(),
  trainingData: z.array(z.object({ dataset: z.string() })).nullish(),
  structuredProperties: z
    .object({
      properties: z
        .array(
          z.object({
            structuredProperty: z.object({
              urn: z.string(),
              definition: z.object({ qualifiedName: z.string() }).nullish(),
            }),
            values: z.array(
              z.object({ stringValue: z.string().nullish(), numberValue: z.number().nullish() }).nullish(),
            ),
          }),
        )
        .nullish(),
    })
    .nullish(),
  // MLFeature
  featureTables: z
    .object({
      total: z.number().nullish(),
      relationships: z.array(
        z.object({
          entity: z
            .object({
              urn: z.string(),
              type: z.string(),
              name: z.string().nullish(),
              ownership: ownershipSchema,
              properties: z
                .object({ mlPrimaryKeys: z.array(z.object({ urn: z.string(), name: z.string() }).nullish()).nullish() })
                .nullish(),
            })
            .nullish(),
        }),
      ),
    })
    .nullish(),
  // Dataset
  platform: z.object({ urn: z.string() }).nullish(),
  datasetProperties: z
    .object({
      name: z.string().nullish(),
      customProperties: customPropertiesSchema,
      lastModified: z.object({ time: z.number() }).nullish(),
    })
    .nullish(),
  schemaMetadata: z
    .object({
      primaryKeys: z.array(z.string()).nullish(),
      fields: z.array(z.object({ fieldPath: z.string(), isPartOfKey: z.boolean().nullish(), ...labelFields })),
    })
    .nullish(),
  editableSchemaMetadata: z
    .object({ editableSchemaFieldInfo: z.array(z.object({ fieldPath: z.string(), ...labelFields })) })
    .nullish(),
  operations: z.array(z.object({ timestampMillis: z.number(), lastUpdatedTimestamp: z.number() })).nullish(),
  assertions: z.object({ total: z.number().nullish(), assertions: z.array(assertionSchema) }).nullish(),
  fineGrainedLineages: fineGrainedSchema,
  incidents: z.object({ total: z.number().nullish(), incidents: z.array(incidentSchema) }).nullish(),
  /** dbt models and their warehouse tables (DataHub's `siblings` aspect): one logical dataset (core/sibling-reads.ts). */
  siblings: z
    .object({
      isPrimary: z.boolean().nullish(),
      siblings: z.array(z.object({ urn: z.string() }).nullish()).nullish(),
    })
    .nullish(),
  // DataJob
  jobProperties: z.object({ name: z.string().nullish(), customProperties: customPropertiesSchema }).nullish(),
  inputOutput: z.object({ fineGrainedLineages: fineGrainedSchema }).nullish(),
  runs: z
    .object({
      runs: z
        .array(
          z
            .object({
              urn: z.string(),
              state: z
                .array(
                  z
                    .object({
                      status: z.string().nullish(),
                      timestampMillis: z.number(),
                      result: z.object({ resultType: z.string().nullish() }).nullish(),
                    })
                    .nullish(),
                )
                .nullish(),
            })
            .nullish(),
        )
        .nullish(),
    })
    .nullish(),
});
export type RawEntity = z.infer<typeof rawEntitySchema>;

const schema = z.object({ entities: z.array(rawEntitySchema.nullish()).nullish() });

/**
 * The facts of a batch of entities (JanusEntities). Long: a thousand entities may take DataHub many seconds, and one
 * that runs out of time is read again in halves (read-upstream.ts), not sent again whole.
 */
export const entities = defineOperation<{ urns: string[] }, z.infer<typeof schema>>('entities', schema, {
  long: true,
});
/**
 * Entities a batched read. Measured on the medium catalog (bench/read-path.ts): about 2.3 KB of response an
 * entity, so 2.3 MB a request; the simulator's CPU a read is flat from 500 up (250: 12 s, 1,000: 9.6 s), and
 * 1,000 lets one request carry any depth catalog's graph (`trust` in three requests). GMS has no cap on
 * `entities(urns:)` to cite: it batch-gets the aspects per entity type, and resolves each entity's `lineage`.
 */
export const ENTITY_BATCH = 1000;
