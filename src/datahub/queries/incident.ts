import { z } from 'zod';
import { defineOperation } from '../operation.js';

/** fragment JanusIncident */
export const incidentSchema = z.object({
  urn: z.string(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  incidentType: z.string(),
  customType: z.string().nullish(),
  priority: z.string().nullish(),
  incidentStatus: z.object({ state: z.string(), stage: z.string().nullish(), message: z.string().nullish() }),
  created: z.object({ time: z.number() }),
});
export type RawIncident = z.infer<typeof incidentSchema>;

const datasetIncidents = z.object({
  dataset: z.object({ urn: z.string(), incidents: z.object({ total: z.number(), incidents: z.array(incidentSchema) }).nullish() }).nullish(),
});

/** The ACTIVE incidents on one dataset. */
export const datasetIncidentsOp = defineOperation<{ urn: string }, z.infer<typeof datasetIncidents>>('dataset-incidents', datasetIncidents);

const assertionLatest = z.object({
  assertion: z
    .object({ urn: z.string(), runEvents: z.object({ runEvents: z.array(z.object({ timestampMillis: z.number(), result: z.object({ type: z.string() }).nullish() })) }).nullish() })
    .nullish(),
});

/** The latest result of one assertion. */
export const assertionLatestOp = defineOperation<{ urn: string }, z.infer<typeof assertionLatest>>('assertion-latest', assertionLatest);

const modelLinks = z.object({
  mlModel: z.object({ urn: z.string(), institutionalMemory: z.object({ elements: z.array(z.object({ url: z.string(), label: z.string() })) }).nullish() }).nullish(),
});

/** A model's links (institutional memory). */
export const modelLinksOp = defineOperation<{ urn: string }, z.infer<typeof modelLinks>>('model-links', modelLinks);

const datasetsIncidents = z.object({
  entities: z.array(z.object({ urn: z.string(), incidents: z.object({ incidents: z.array(incidentSchema) }).nullish() }).nullish()).nullish(),
});

/** Every incident on a batch of datasets. */
export const datasetsIncidentsOp = defineOperation<{ urns: string[] }, z.infer<typeof datasetsIncidents>>('datasets-incidents', datasetsIncidents);
