import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { incidentStatusSchema } from './response-pieces.js';

/** fragment JanusIncident */
export const incidentSchema = z.object({
  urn: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  incidentType: z.string(),
  customType: z.string().nullish(),
  priority: z.string().nullish(),
  incidentStatus: incidentStatusSchema,
  created: z.object({ time: z.number() }),
});
export type RawIncident = z.infer<typeof incidentSchema>;

const runEvents = z
  .object({
    runEvents: z.array(z.object({ timestampMillis: z.number(), result: z.object({ type: z.string() }).nullish() })),
  })
  .nullish();
const links = z.object({ elements: z.array(z.object({ url: z.string(), label: z.string() })) }).nullish();
const batch = <T extends z.ZodRawShape>(fields: T) =>
  z.object({ entities: z.array(z.object({ urn: z.string(), ...fields }).nullish()).nullish() });

const incidentList = z.object({ total: z.number().nullish(), incidents: z.array(incidentSchema) }).nullish();
const datasetsActiveIncidents = batch({ incidents: incidentList });
/** The ACTIVE incidents on a batch of datasets. */
export const datasetsActiveIncidentsOp = defineOperation<{ urns: string[] }, z.infer<typeof datasetsActiveIncidents>>(
  'datasets-active-incidents',
  datasetsActiveIncidents,
);

const assertionsLatest = batch({
  info: z.object({ customAssertion: z.object({ logic: z.string().nullish() }).nullish() }).nullish(),
  runEvents,
});
/** The latest result of a batch of assertions. */
export const assertionsLatestOp = defineOperation<{ urns: string[] }, z.infer<typeof assertionsLatest>>(
  'assertions-latest',
  assertionsLatest,
);

const modelsLinks = batch({ institutionalMemory: links });
/** A batch of models' links (institutional memory). */
export const modelsLinksOp = defineOperation<{ urns: string[] }, z.infer<typeof modelsLinks>>(
  'models-links',
  modelsLinks,
);

const datasetsIncidents = z.object({
  entities: z.array(z.object({ urn: z.string(), incidents: incidentList }).nullish()).nullish(),
});

/** Every incident on a batch of datasets. */
export const datasetsIncidentsOp = defineOperation<{ urns: string[] }, z.infer<typeof datasetsIncidents>>(
  'datasets-incidents',
  datasetsIncidents,
);

const me = z.object({ me: z.object({ corpUser: z.object({ urn: z.string() }) }).nullish() });
/** The token's user. */
export const meOp = defineOperation<Record<string, never>, z.infer<typeof me>>('me', me);

const entitiesExist = z.object({ entities: z.array(z.object({ urn: z.string() }).nullish()).nullish() });
/** Which of a batch of entities DataHub holds (from its database). */
export const entitiesExistOp = defineOperation<{ urns: string[] }, z.infer<typeof entitiesExist>>(
  'entities-exist',
  entitiesExist,
);
