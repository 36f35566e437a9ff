import { z } from 'zod';
import { defineOperation } from '../operation.js';

/** Responses of the operations a Slack button needs (incident-for-action, user-by-email, models-ownership, incidents-status). */

const ownerSchema = z.object({
  urn: z.string(),
  username: z.string().nullish(),
  name: z.string().nullish(),
  properties: z.object({ displayName: z.string().nullish(), email: z.string().nullish() }).nullish(),
});
/** fragment JanusOwnership, as far as authorization reads it. */
const ownershipSchema = z.object({ owners: z.array(z.object({ owner: ownerSchema })).nullish() }).nullish();
export type RawOwnership = z.infer<typeof ownershipSchema>;

export const statusSchema = z.object({
  state: z.string(),
  stage: z.string().nullish(),
  message: z.string().nullish(),
  lastUpdated: z.object({ time: z.number().nullish(), actor: z.string().nullish() }).nullish(),
});
export type RawIncidentStatus = z.infer<typeof statusSchema>;

const incidentForAction = z.object({
  entity: z
    .object({
      urn: z.string(),
      type: z.string(),
      title: z.string().nullish(),
      description: z.string().nullish(),
      incidentStatus: statusSchema.nullish(),
      entity: z
        .object({ urn: z.string(), type: z.string(), name: z.string().nullish(), ownership: ownershipSchema })
        .nullish(),
    })
    .nullish(),
});
export const incidentForActionOp = defineOperation<{ urn: string }, z.infer<typeof incidentForAction>>(
  'incident-for-action',
  incidentForAction,
);

const userByEmail = z.object({
  searchAcrossEntities: z
    .object({
      total: z.number(),
      searchResults: z.array(
        z.object({
          entity: z.object({
            urn: z.string(),
            type: z.string(),
            username: z.string().nullish(),
            status: z.string().nullish(),
            properties: z
              .object({
                active: z.boolean().nullish(),
                displayName: z.string().nullish(),
                fullName: z.string().nullish(),
                email: z.string().nullish(),
              })
              .nullish(),
            editableProperties: z.object({ displayName: z.string().nullish() }).nullish(),
            groups: z
              .object({ relationships: z.array(z.object({ entity: z.object({ urn: z.string() }).nullish() })) })
              .nullish(),
          }),
        }),
      ),
    })
    .nullish(),
});
export const userByEmailOp = defineOperation<{ emails: string[] }, z.infer<typeof userByEmail>>(
  'user-by-email',
  userByEmail,
);

const modelsOwnership = z.object({
  entities: z
    .array(z.object({ urn: z.string(), name: z.string().nullish(), ownership: ownershipSchema }).nullish())
    .nullish(),
});
export const modelsOwnershipOp = defineOperation<{ urns: string[] }, z.infer<typeof modelsOwnership>>(
  'models-ownership',
  modelsOwnership,
);

const incidentsStatus = z.object({
  entities: z
    .array(
      z
        .object({
          urn: z.string(),
          type: z.string(),
          title: z.string().nullish(),
          incidentStatus: statusSchema.nullish(),
        })
        .nullish(),
    )
    .nullish(),
});
export const incidentsStatusOp = defineOperation<{ urns: string[] }, z.infer<typeof incidentsStatus>>(
  'incidents-status',
  incidentsStatus,
);
