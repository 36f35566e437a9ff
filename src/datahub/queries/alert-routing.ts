import { z } from 'zod';
import { searchAnswer } from './search-answer.js';
import { defineOperation } from '../operation.js';
import { corpGroupSchema, customPropertiesSchema, ownershipSchema, type ownerSchema } from './response-pieces.js';

export type RawAlertGroup = z.infer<typeof corpGroupSchema>;
export type RawAlertOwner = z.infer<typeof ownerSchema>;

const alertRouting = z.object({
  entities: z
    .array(
      z
        .object({
          urn: z.string(),
          type: z.string(),
          name: z.string().nullish(),
          properties: z.object({ customProperties: customPropertiesSchema }).nullish(),
          ownership: ownershipSchema,
        })
        .nullish(),
    )
    .nullish(),
});
export type RawAlertRouting = z.infer<typeof alertRouting>;

/** Owners (users with email, Slack id, status and groups; groups with their channel) of a batch of entities. */
export const alertRoutingOp = defineOperation<{ urns: string[] }, RawAlertRouting>('alert-routing', alertRouting);

const searchDatasets = searchAnswer(
  z.object({
    urn: z.string(),
    type: z.string(),
    name: z.string().nullish(),
    properties: z.object({ name: z.string().nullish(), qualifiedName: z.string().nullish() }).nullish(),
    siblings: z.object({ siblings: z.array(z.object({ urn: z.string() }).nullish()).nullish() }).nullish(),
  }),
);
/** Datasets matching a name. */
export const searchDatasetsOp = defineOperation<{ query: string; count: number }, z.infer<typeof searchDatasets>>(
  'search-datasets',
  searchDatasets,
);
