import { z } from 'zod';
import type { Actor } from '../core/incident-authorization.js';
import type { DataHubClient } from './client.js';
import { defineOperation } from './operation.js';

const tokenPerson = z.object({
  me: z
    .object({
      corpUser: z.object({
        urn: z.string(),
        username: z.string().nullish(),
        properties: z
          .object({ displayName: z.string().nullish(), fullName: z.string().nullish(), email: z.string().nullish() })
          .nullish(),
        editableProperties: z
          .object({ displayName: z.string().nullish(), email: z.string().nullish(), slack: z.string().nullish() })
          .nullish(),
        groups: z
          .object({ relationships: z.array(z.object({ entity: z.object({ urn: z.string() }).nullish() })) })
          .nullish(),
      }),
    })
    .nullish(),
});

const tokenPersonOp = defineOperation<Record<string, never>, z.infer<typeof tokenPerson>>('token-person', tokenPerson);

const first = (...values: Array<string | null | undefined>) => values.map((v) => v?.trim() ?? '').find(Boolean) ?? '';

/**
 * The token's DataHub user as the person acting (`janus accept`): their email and Slack id as DataHub holds them (the
 * UI's edit first, then the ingested value; empty when unknown) and the groups they are a member of. Undefined when
 * DataHub does not say whose token it is.
 */
export async function readTokenPerson(client: DataHubClient): Promise<Actor | undefined> {
  const user = (await client.request(tokenPersonOp, {})).me?.corpUser;
  if (!user) return undefined;
  return {
    urn: user.urn,
    name: user.username ?? user.urn.replace(/^urn:li:corpuser:/, ''),
    email: first(user.editableProperties?.email, user.properties?.email),
    slackId: first(user.editableProperties?.slack),
    groups: (user.groups?.relationships ?? []).flatMap((r) => (r.entity ? [r.entity.urn] : [])),
  };
}
