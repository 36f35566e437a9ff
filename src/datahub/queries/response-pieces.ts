import { schemaFieldUrn } from '@janus/datahub-sim/urn';
import { z } from 'zod';

/** Shared response pieces, parsed leniently: DataHub may omit or null anything that is not `!` in its schema. */
export const entityRefSchema = z.object({ urn: z.string(), type: z.string() });

export const customPropertiesSchema = z.array(z.object({ key: z.string(), value: z.string().nullish() })).nullish();

/** A group as Janus reads it (`fragment JanusAlertGroup`, an owner in `JanusOwnership`): its name and Slack channel. */
export const corpGroupSchema = z.object({
  urn: z.string(),
  name: z.string().nullish(),
  properties: z.object({ displayName: z.string().nullish(), slack: z.string().nullish() }).nullish(),
  editableProperties: z.object({ slack: z.string().nullish() }).nullish(),
});

/**
 * An owner, a user or a group, as every read of owners asks for it (catalog reads, the alerts' routing, the buttons'
 * authorization, a Slack user's DataHub account): each operation asks for some of these fields.
 */
export const ownerSchema = z.object({
  urn: z.string(),
  // a CorpUser
  username: z.string().nullish(),
  status: z.string().nullish(),
  properties: z
    .object({
      active: z.boolean().nullish(),
      displayName: z.string().nullish(),
      fullName: z.string().nullish(),
      email: z.string().nullish(),
      slack: z.string().nullish(),
    })
    .nullish(),
  editableProperties: z
    .object({ displayName: z.string().nullish(), slack: z.string().nullish(), email: z.string().nullish() })
    .nullish(),
  /** The groups a user is in (`relationships` IsMemberOfGroup). */
  groups: z
    .object({ relationships: z.array(z.object({ entity: corpGroupSchema.partial({ urn: true }).nullish() })) })
    .nullish(),
  // a CorpGroup
  name: z.string().nullish(),
});

export const ownershipSchema = z
  .object({
    owners: z.array(z.object({ owner: ownerSchema })).nullish(),
    /** When the owners last changed (an ingestion, DataHub's UI, a claim from Slack). */
    lastModified: z.object({ time: z.number().nullish() }).nullish(),
  })
  .nullish();

/** An incident's `incidentStatus`. */
export const incidentStatusSchema = z.object({
  state: z.string(),
  stage: z.string().nullish(),
  message: z.string().nullish(),
  lastUpdated: z.object({ time: z.number().nullish(), actor: z.string().nullish() }).nullish(),
});

export const lifecycleFields = {
  status: z.object({ removed: z.boolean() }).nullish(),
  deprecation: z.object({ deprecated: z.boolean(), note: z.string().nullish() }).nullish(),
};

export const upstreamEdgesSchema = z
  .object({
    total: z.number().nullish(),
    relationships: z.array(z.object({ type: z.string(), entity: entityRefSchema.nullish() })),
  })
  .nullish();

const tagNames = z
  .object({
    tags: z
      .array(z.object({ tag: z.object({ urn: z.string(), properties: z.object({ name: z.string() }).nullish() }) }))
      .nullish(),
  })
  .nullish();
const termNames = z
  .object({
    terms: z
      .array(z.object({ term: z.object({ urn: z.string(), properties: z.object({ name: z.string() }).nullish() }) }))
      .nullish(),
  })
  .nullish();
export const labelFields = { tags: tagNames, glossaryTerms: termNames };

const fieldRef = z.object({ urn: z.string(), path: z.string() });
export const fineGrainedSchema = z
  .array(z.object({ upstreams: z.array(fieldRef).nullish(), downstreams: z.array(fieldRef).nullish() }))
  .nullish();

/** DataHub's SchemaFieldRef carries the dataset urn and the field path; Janus keys columns by schemaField urn. */
export const columnUrn = (ref: { urn: string; path: string }): string =>
  ref.urn.startsWith('urn:li:schemaField:') ? ref.urn : schemaFieldUrn(ref.urn, ref.path);

export const toRecord = (entries: z.infer<typeof customPropertiesSchema>): Record<string, string> =>
  Object.fromEntries((entries ?? []).map((e) => [e.key, e.value ?? '']));

/** Names of the tags and glossary terms in a `tags`/`glossaryTerms` pair. */
export function labelNames(f: {
  tags?: z.infer<typeof tagNames>;
  glossaryTerms?: z.infer<typeof termNames>;
}): string[] {
  const tagList = (f.tags?.tags ?? []).map((t) => t.tag.properties?.name ?? t.tag.urn.replace('urn:li:tag:', ''));
  const termList = (f.glossaryTerms?.terms ?? []).map(
    (t) => t.term.properties?.name ?? t.term.urn.replace('urn:li:glossaryTerm:', ''),
  );
  return [...tagList, ...termList];
}
