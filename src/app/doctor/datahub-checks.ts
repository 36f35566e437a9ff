import { buildClientSchema, getIntrospectionQuery, parse, validate, type IntrospectionQuery } from 'graphql';
import { z } from 'zod';
import { AT_RISK_TAG, PROPERTIES } from '../../core/writeback/conventions.js';
import type { DataHubClient } from '../../datahub/client.js';
import { DataHubError } from '../../datahub/errors.js';
import { allOperations, defineOperation, type Operation } from '../../datahub/operation.js';
import { countModels } from '../../datahub/read-catalog.js';
import { fail, ok, reason, skip, warn, type Check } from './check.js';
import { parseGmsVersion, OLDEST_SUPPORTED, type GmsVersion } from './gms-version.js';

/** What Janus is set up to do, so the privileges it needs can be named. */
export interface Features {
  /** `janus scan` / `janus serve` write the evidence back (always, unless only `trust`/`gate` are used). */
  writeBack: boolean;
  /** Slack is on: the incident buttons move incidents, Claim ownership adds owners. */
  slack: boolean;
}

export interface DataHubDoctorDeps {
  client: DataHubClient;
  /** GMS's `GET /config`: its JSON body, or undefined when it has none (404). */
  serverConfig: () => Promise<unknown>;
  features: Features;
}

const me = defineOperation<
  Record<string, never>,
  {
    me: {
      corpUser: { urn: string; username: string };
      platformPrivileges: { createTags: boolean; manageTags: boolean; manageStructuredProperties: boolean };
    } | null;
  }
>(
  'doctor-me',
  z.object({
    me: z
      .object({
        corpUser: z.object({ urn: z.string(), username: z.string() }),
        platformPrivileges: z.object({
          createTags: z.boolean(),
          manageTags: z.boolean(),
          manageStructuredProperties: z.boolean(),
        }),
      })
      .nullable(),
  }),
);

const firstDataset = defineOperation<
  Record<string, never>,
  { searchAcrossEntities: { searchResults: { entity: { urn: string } }[] } | null }
>(
  'doctor-first-dataset',
  z.object({
    searchAcrossEntities: z
      .object({ searchResults: z.array(z.object({ entity: z.object({ urn: z.string() }) })) })
      .nullable(),
  }),
);

const can = z.boolean().nullish();
const accessSchema = z.object({
  model: z
    .object({ privileges: z.object({ canEditTags: can, canEditProperties: can, canEditLinks: can }).nullish() })
    .nullable(),
  dataset: z
    .object({
      privileges: z.object({ canEditIncidents: can, canEditAssertions: can, canEditOwners: can }).nullish(),
    })
    .nullable(),
  tag: z.boolean().nullable(),
  score: z.boolean().nullable(),
  band: z.boolean().nullable(),
});
const access = defineOperation<
  { model: string; dataset: string; tag: string; score: string; band: string },
  z.infer<typeof accessSchema>
>('doctor-access', accessSchema);

const schemaRead: Operation<Record<string, never>, unknown> = {
  name: 'JanusDoctorSchema',
  document: getIntrospectionQuery(),
  schema: z.unknown(),
  idempotent: true,
};

const TOKEN_FIX =
  'set DATAHUB_GMS_TOKEN to a personal access token (DataHub: Settings → Access Tokens) of a user with the privileges in docs/datahub.md';

/**
 * DataHub, as Janus will use it: reachable, which release, the token accepted, every operation Janus sends valid
 * against the live schema, the privileges the enabled features need, the conventions, and how many models it sees.
 */
export async function datahubChecks(deps: DataHubDoctorDeps): Promise<Check[]> {
  const { client } = deps;
  const checks: Check[] = [];
  let version: GmsVersion | undefined;
  try {
    version = parseGmsVersion(await deps.serverConfig());
    checks.push(versionCheck(version));
  } catch (err) {
    return [
      fail(
        'datahub',
        'reachable',
        `DataHub at ${client.url}: ${reason(err)}`,
        'set DATAHUB_GMS_URL to GMS (e.g. http://datahub-gms:8080, or https://<account>.acryl.io/api/gms)',
      ),
    ];
  }
  let who: NonNullable<Awaited<ReturnType<typeof readMe>>>;
  try {
    const found = await readMe(client);
    if (!found)
      return [...checks, fail('datahub', 'token accepted', 'DataHub knows no user for this token', TOKEN_FIX)];
    who = found;
    checks.push(ok('datahub', 'token accepted', `acting as ${who.corpUser.username} (${who.corpUser.urn})`));
  } catch (err) {
    const refused = err instanceof DataHubError && err.code === 'datahub.unauthorized';
    return [
      ...checks,
      fail('datahub', 'token accepted', refused ? 'DataHub refused the token (401)' : reason(err), TOKEN_FIX),
    ];
  }
  checks.push(await schemaCheck(client, version));
  let models: { total: number; first?: string };
  try {
    models = await countModels(client);
    checks.push(
      models.total
        ? ok(
            'datahub',
            'models',
            `${models.total >= 10_000 ? '10,000 or more' : models.total.toLocaleString('en-US')} ML models`,
          )
        : warn(
            'datahub',
            'models',
            'DataHub holds no ML models: Janus has nothing to judge',
            'ingest your ML platform (MLflow, SageMaker, Vertex AI, …) into DataHub, or check DATAHUB_GMS_URL',
          ),
    );
  } catch (err) {
    checks.push(fail('datahub', 'models', reason(err), 'check the token can search ML models'));
    return checks;
  }
  try {
    checks.push(...(await privilegeChecks(client, deps.features, who, models.first)));
  } catch (err) {
    checks.push(
      warn(
        'datahub',
        'privileges',
        `could not read them (${reason(err)})`,
        "check the token's policies by hand (docs/datahub.md#privileges)",
      ),
    );
  }
  return checks;
}

async function readMe(client: DataHubClient) {
  return (await client.request(me, {})).me;
}

function versionCheck(v: GmsVersion | undefined): Check {
  if (!v)
    return warn(
      'datahub',
      'version',
      'GMS answered without a version (/config)',
      `make sure it is DataHub ${OLDEST_SUPPORTED} or later`,
    );
  if (!v.supported)
    return fail(
      'datahub',
      'version',
      `DataHub ${v.text} is older than ${OLDEST_SUPPORTED}, the oldest Janus supports`,
      `upgrade DataHub to ${OLDEST_SUPPORTED} or later`,
    );
  return ok('datahub', 'version', `DataHub ${v.text} (Janus supports ${OLDEST_SUPPORTED} and later)`);
}

/** Every operation Janus can send, validated against the schema DataHub serves (introspection). */
async function schemaCheck(client: DataHubClient, version: GmsVersion | undefined): Promise<Check> {
  let schema;
  try {
    schema = buildClientSchema((await client.request(schemaRead, {})) as IntrospectionQuery);
  } catch (err) {
    return warn(
      'datahub',
      'operations',
      `could not read DataHub's schema (${reason(err)})`,
      'introspection may be off (GRAPHQL_QUERY_INTROSPECTION_ENABLED): nothing to fix if the version is supported',
    );
  }
  const problems = allOperations().flatMap((op) =>
    validate(schema, parse(op.document)).map((e) => `${op.name}: ${e.message}`),
  );
  if (!problems.length)
    return ok('datahub', 'operations', `all ${allOperations().length} operations Janus sends are valid`);
  return fail(
    'datahub',
    'operations',
    problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : ''),
    `this DataHub${version ? ` (${version.text})` : ''} lacks fields Janus uses: upgrade to ${OLDEST_SUPPORTED} or later`,
  );
}

type Me = NonNullable<Awaited<ReturnType<typeof readMe>>>;

/** Each privilege Janus's enabled features need, read from DataHub for this token on a model and on a dataset. */
async function privilegeChecks(
  client: DataHubClient,
  features: Features,
  who: Me,
  model: string | undefined,
): Promise<Check[]> {
  if (!features.writeBack && !features.slack)
    return [skip('datahub', 'privileges', 'only reads are configured (trust, gate): no privilege needed')];
  const dataset = (await client.request(firstDataset, {})).searchAcrossEntities?.searchResults[0]?.entity.urn;
  if (!model || !dataset)
    return [
      warn(
        'datahub',
        'privileges',
        'no model or dataset to ask DataHub about',
        'run janus doctor again once the catalog is ingested',
      ),
    ];
  const a = await client.request(access, {
    model,
    dataset,
    tag: AT_RISK_TAG.urn,
    score: PROPERTIES.score.urn,
    band: PROPERTIES.band.urn,
  });
  const needs: { privilege: string; on: string; granted: boolean | null | undefined; blocks: string; when: boolean }[] =
    [
      {
        privilege: 'EDIT_ENTITY_INCIDENTS',
        on: 'datasets',
        granted: a.dataset?.privileges?.canEditIncidents,
        blocks: 'raising and resolving incidents (write-back, Slack buttons)',
        when: true,
      },
      {
        privilege: 'EDIT_ENTITY_ASSERTIONS',
        on: 'datasets',
        granted: a.dataset?.privileges?.canEditAssertions,
        blocks: 'the guarding assertions',
        when: features.writeBack,
      },
      {
        privilege: 'EDIT_ENTITY_TAGS',
        on: 'ML models',
        granted: a.model?.privileges?.canEditTags,
        blocks: `the ${AT_RISK_TAG.name} tag`,
        when: features.writeBack,
      },
      {
        privilege: 'EDIT_ENTITY_PROPERTIES',
        on: 'ML models',
        granted: a.model?.privileges?.canEditProperties,
        blocks: 'the trust_score / trust_band properties',
        when: features.writeBack,
      },
      {
        privilege: 'EDIT_ENTITY_DOC_LINKS',
        on: 'ML models',
        granted: a.model?.privileges?.canEditLinks,
        blocks: 'the Model Impact Report link',
        when: features.writeBack,
      },
      {
        privilege: 'EDIT_ENTITY_OWNERS',
        on: 'datasets',
        granted: a.dataset?.privileges?.canEditOwners,
        blocks: 'Claim ownership from Slack',
        when: features.slack,
      },
    ];
  const checks: Check[] = [];
  for (const n of needs.filter((x) => x.when)) {
    const name = `${n.privilege} on ${n.on}`;
    if (n.granted === true) checks.push(ok('datahub', name, `granted: ${n.blocks}`));
    else if (n.granted === false)
      checks.push(
        fail(
          'datahub',
          name,
          `missing: blocks ${n.blocks}`,
          `grant ${n.privilege} to ${who.corpUser.username} in a DataHub policy (docs/datahub.md#privileges)`,
        ),
      );
    else
      checks.push(
        warn('datahub', name, 'DataHub did not say', `make sure ${who.corpUser.username} has ${n.privilege}`),
      );
  }
  if (features.writeBack) {
    const p = who.platformPrivileges;
    checks.push(
      conventionCheck(
        `the ${AT_RISK_TAG.name} tag`,
        a.tag,
        p.createTags || p.manageTags,
        'CREATE_TAGS or MANAGE_TAGS',
        who,
      ),
      conventionCheck(
        'the io.janus.* structured properties',
        !!a.score && !!a.band,
        p.manageStructuredProperties,
        'MANAGE_STRUCTURED_PROPERTIES',
        who,
      ),
    );
  }
  return checks;
}

function conventionCheck(what: string, exists: boolean | null, mayCreate: boolean, privilege: string, who: Me): Check {
  if (exists) return ok('datahub', what, 'present');
  if (mayCreate) return ok('datahub', what, `absent: Janus creates it at the first write-back (${privilege} granted)`);
  return fail(
    'datahub',
    what,
    `absent, and the token may not create it (${privilege})`,
    `grant ${who.corpUser.username} the platform privilege ${privilege}, or have an admin run janus scan once`,
  );
}
