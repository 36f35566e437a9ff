import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { customPropertiesSchema } from './response-pieces.js';

const group = z.object({
  urn: z.string(),
  name: z.string().nullish(),
  properties: z.object({ displayName: z.string().nullish(), slack: z.string().nullish() }).nullish(),
  editableProperties: z.object({ slack: z.string().nullish() }).nullish(),
});
export type RawAlertGroup = z.infer<typeof group>;

const owner = z.object({
  urn: z.string(),
  // a CorpUser
  username: z.string().nullish(),
  status: z.string().nullish(),
  properties: z
    .object({
      active: z.boolean().nullish(),
      displayName: z.string().nullish(),
      email: z.string().nullish(),
      slack: z.string().nullish(),
    })
    .nullish(),
  editableProperties: z
    .object({ displayName: z.string().nullish(), slack: z.string().nullish(), email: z.string().nullish() })
    .nullish(),
  groups: z.object({ relationships: z.array(z.object({ entity: group.partial({ urn: true }).nullish() })) }).nullish(),
  // a CorpGroup
  name: z.string().nullish(),
});
export type RawAlertOwner = z.infer<typeof owner>;

const alertRouting = z.object({
  entities: z
    .array(
      z
        .object({
          urn: z.string(),
          type: z.string(),
          name: z.string().nullish(),
          properties: z.object({ customProperties: customPropertiesSchema }).nullish(),
          ownership: z.object({ owners: z.array(z.object({ owner })).nullish() }).nullish(),
        })
        .nullish(),
    )
    .nullish(),
});
export type RawAlertRouting = z.infer<typeof alertRouting>;

/** Owners (users with email, Slack id, status and groups; groups with their channel) of a batch of entities. */
export const alertRoutingOp = defineOperation<{ urns: string[] }, RawAlertRouting>('alert-routing', alertRouting);

const incidentsStatus = z.object({
  entities: z
    .array(
      z
        .object({
          urn: z.string(),
          incidentStatus: z
            .object({
              state: z.string(),
              stage: z.string().nullish(),
              message: z.string().nullish(),
              lastUpdated: z.object({ time: z.number(), actor: z.string().nullish() }).nullish(),
            })
            .nullish(),
        })
        .nullish(),
    )
    .nullish(),
});
/** The status of a batch of incidents. */
export const incidentsStatusOp = defineOperation<{ urns: string[] }, z.infer<typeof incidentsStatus>>(
  'incidents-status',
  incidentsStatus,
);

const searchDatasets = z.object({
  searchAcrossEntities: z
    .object({
      total: z.number(),
      searchResults: z.array(
        z.object({
          entity: z.object({
            urn: z.string(),
            type: z.string(),
            name: z.string().nullish(),
            properties: z.object({ name: z.string().nullish(), qualifiedName: z.string().nullish() }).nullish(),
          }),
        }),
      ),
    })
    .nullish(),
});
/** Datasets matching a name. */
export const searchDatasetsOp = defineOperation<{ query: string; count: number }, z.infer<typeof searchDatasets>>(
  'search-datasets',
  searchDatasets,
);
