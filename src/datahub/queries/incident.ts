import { graphqlError } from '../errors.js';
import type { DataHubClient } from '../client.js';
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
const datasetsActiveIncidents = batch({ exists: z.boolean().nullish(), incidents: incidentList });
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

const entitiesExist = z.object({
  entities: z
    .array(
      z
        .object({
          urn: z.string(),
          info: z.object({ type: z.string().nullish() }).nullish(),
          title: z.string().nullish(),
        })
        .nullish(),
    )
    .nullish(),
});
const entitiesExistOp = defineOperation<{ urns: string[] }, z.infer<typeof entitiesExist>>(
  'entities-exist',
  entitiesExist,
);

/**
 * Which of these assertions and incidents DataHub holds, read from its database (no search index lags it). From
 * v1.3.0 `checkForExistence` answers null for the others. Before, an assertion DataHub does not hold has no info, and
 * an incident fails its fields (IncidentMapper: "Incident does not exist!"): that entity's error, not the read's.
 */
export async function heldEntities(client: DataHubClient, urns: string[]): Promise<Set<string>> {
  const asked = [...new Set(urns)];
  const { data, errors } = await client.requestPartial(entitiesExistOp, { urns: asked });
  const failed = new Set<number>();
  for (const e of errors) {
    const [root, index] = e.path ?? [];
    if (root !== 'entities' || typeof index !== 'number')
      throw graphqlError(entitiesExistOp.name, errors.map((x) => x.message).join('; '));
    failed.add(index);
  }
  const held = (e: NonNullable<NonNullable<typeof data.entities>[number]>) =>
    e.urn.startsWith('urn:li:assertion:') ? !!e.info : e.urn.startsWith('urn:li:incident:') ? e.title != null : true;
  return new Set((data.entities ?? []).flatMap((e, i) => (e && !failed.has(i) && held(e) ? [e.urn] : [])));
}
