import { z } from 'zod';
import { searchAnswer } from './search-answer.js';
import { defineOperation } from '../operation.js';
import { incidentStatusSchema, ownerSchema, ownershipSchema } from './response-pieces.js';

/** Responses of the operations a Slack button needs (incident-for-action, user-by-email, models-ownership, incidents-status). */

export type RawOwnership = z.infer<typeof ownershipSchema>;
export type RawIncidentStatus = z.infer<typeof incidentStatusSchema>;

/** `priority` and `assignees` (users and groups) of an incident (the JanusIncidentPeople fragment). */
const peopleFields = {
  priority: z.string().nullish(),
  assignees: z.array(ownerSchema).nullish(),
};
export type RawIncidentPeople = { priority?: string | null; assignees?: z.infer<typeof ownerSchema>[] | null };

const incidentForAction = z.object({
  entity: z
    .object({
      urn: z.string(),
      type: z.string(),
      title: z.string().nullish(),
      description: z.string().nullish(),
      incidentStatus: incidentStatusSchema.nullish(),
      ...peopleFields,
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

const userByEmail = searchAnswer(ownerSchema.extend({ type: z.string() }));
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

/** The status of a batch of incidents (the buttons, the reverse sync and the alerts' escalation read it). */
const incidentsStatus = z.object({
  entities: z
    .array(
      z
        .object({
          urn: z.string(),
          type: z.string(),
          title: z.string().nullish(),
          incidentStatus: incidentStatusSchema.nullish(),
          ...peopleFields,
        })
        .nullish(),
    )
    .nullish(),
});
export const incidentsStatusOp = defineOperation<{ urns: string[] }, z.infer<typeof incidentsStatus>>(
  'incidents-status',
  incidentsStatus,
);
