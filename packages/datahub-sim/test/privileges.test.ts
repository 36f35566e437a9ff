import { describe, expect, it } from 'vitest';
import type { TokenSpec } from '../src/auth/tokens.js';
import { mcp } from './support/records.js';
import { useSims } from './support/running-sim.js';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.customers,PROD)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)';
const OTHER_MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,upsell,PROD)';
const TAG = 'urn:li:tag:pii';
const USER = 'urn:li:corpuser:jdoe';
const PROPERTY = 'urn:li:structuredProperty:io.janus.score';
const INCIDENT = 'urn:li:incident:on-two-datasets';
const ASSERTION = 'urn:li:assertion:orders-guard';
const STAMP = { time: 1, actor: 'urn:li:corpuser:datahub' };

const CATALOG = [
  mcp('dataset', DATASET, 'datasetProperties', { name: 'orders', customProperties: {} }),
  mcp('dataset', OTHER, 'datasetProperties', { name: 'customers', customProperties: {} }),
  mcp('mlModel', MODEL, 'mlModelProperties', { name: 'churn', customProperties: {} }),
  mcp('mlModel', OTHER_MODEL, 'mlModelProperties', { name: 'upsell', customProperties: {} }),
  mcp('tag', TAG, 'tagProperties', { name: 'pii' }),
  mcp('corpuser', USER, 'corpUserInfo', { active: true, displayName: 'Jane Doe' }),
  mcp('structuredProperty', PROPERTY, 'propertyDefinition', {
    qualifiedName: 'io.janus.score',
    valueType: 'urn:li:dataType:datahub.number',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.mlModel'],
  }),
  mcp('incident', INCIDENT, 'incidentInfo', {
    type: 'OPERATIONAL',
    entities: [DATASET, OTHER],
    status: { state: 'ACTIVE', lastUpdated: STAMP },
    created: STAMP,
  }),
  mcp('assertion', ASSERTION, 'assertionInfo', {
    type: 'CUSTOM',
    customAssertion: { type: 'guard', entity: DATASET },
    source: { type: 'EXTERNAL' },
  }),
];

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const tagInput = { input: { tagUrn: TAG, resourceUrn: MODEL } };
const tagsInput = { input: { tagUrns: [TAG], resources: [{ resourceUrn: MODEL }] } };
const linkInput = { input: { linkUrl: 'https://janus.test/m', label: 'report', resourceUrn: MODEL } };

/** Each mutation, the privilege GMS checks for it (besides EDIT_ENTITY, which every entity check accepts), and its 403 text. */
const MUTATIONS: {
  field: string;
  query: string;
  variables: Record<string, unknown>;
  privilege: string;
  message?: string;
  /** A platform check: EDIT_ENTITY does not grant it. */
  platform?: boolean;
}[] = [
  {
    field: 'raiseIncident',
    query: 'mutation($input: RaiseIncidentInput!) { raiseIncident(input: $input) }',
    variables: { input: { type: 'OPERATIONAL', resourceUrns: [DATASET] } },
    privilege: 'EDIT_ENTITY_INCIDENTS',
  },
  {
    field: 'updateIncidentStatus',
    query: 'mutation($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }',
    variables: { urn: INCIDENT, input: { state: 'RESOLVED' } },
    privilege: 'EDIT_ENTITY_INCIDENTS',
  },
  {
    field: 'createTag',
    query: 'mutation($input: CreateTagInput!) { createTag(input: $input) }',
    variables: { input: { id: 'model-at-risk', name: 'model-at-risk' } },
    privilege: 'CREATE_TAGS',
    platform: true,
  },
  {
    field: 'addTag',
    query: 'mutation($input: TagAssociationInput!) { addTag(input: $input) }',
    variables: tagInput,
    privilege: 'EDIT_ENTITY_TAGS',
  },
  {
    field: 'addTags',
    query: 'mutation($input: AddTagsInput!) { addTags(input: $input) }',
    variables: { input: { tagUrns: [TAG], resourceUrn: MODEL } },
    privilege: 'EDIT_ENTITY_TAGS',
  },
  {
    field: 'batchAddTags',
    query: 'mutation($input: BatchAddTagsInput!) { batchAddTags(input: $input) }',
    variables: tagsInput,
    privilege: 'EDIT_ENTITY_TAGS',
  },
  {
    field: 'removeTag',
    query: 'mutation($input: TagAssociationInput!) { removeTag(input: $input) }',
    variables: tagInput,
    privilege: 'EDIT_ENTITY_TAGS',
  },
  {
    field: 'batchRemoveTags',
    query: 'mutation($input: BatchRemoveTagsInput!) { batchRemoveTags(input: $input) }',
    variables: tagsInput,
    privilege: 'EDIT_ENTITY_TAGS',
  },
  {
    field: 'addOwner',
    query: 'mutation($input: AddOwnerInput!) { addOwner(input: $input) }',
    variables: { input: { ownerUrn: USER, ownerEntityType: 'CORP_USER', type: 'TECHNICAL_OWNER', resourceUrn: MODEL } },
    privilege: 'EDIT_ENTITY_OWNERS',
    message: 'Unauthorized to update owners. Please contact your DataHub administrator.',
  },
  {
    field: 'addOwners',
    query: 'mutation($input: AddOwnersInput!) { addOwners(input: $input) }',
    variables: {
      input: {
        owners: [{ ownerUrn: USER, ownerEntityType: 'CORP_USER', type: 'TECHNICAL_OWNER' }],
        resourceUrn: MODEL,
      },
    },
    privilege: 'EDIT_ENTITY_OWNERS',
    message: 'Unauthorized to update owners. Please contact your DataHub administrator.',
  },
  {
    field: 'removeOwner',
    query: 'mutation($input: RemoveOwnerInput!) { removeOwner(input: $input) }',
    variables: { input: { ownerUrn: USER, resourceUrn: MODEL } },
    privilege: 'EDIT_ENTITY_OWNERS',
    message: 'Unauthorized to update owners. Please contact your DataHub administrator.',
  },
  {
    field: 'addLink',
    query: 'mutation($input: AddLinkInput!) { addLink(input: $input) }',
    variables: linkInput,
    privilege: 'EDIT_ENTITY_DOC_LINKS',
  },
  {
    field: 'upsertLink',
    query: 'mutation($input: UpsertLinkInput!) { upsertLink(input: $input) }',
    variables: linkInput,
    privilege: 'EDIT_ENTITY_DOC_LINKS',
  },
  {
    field: 'removeLink',
    query: 'mutation($input: RemoveLinkInput!) { removeLink(input: $input) }',
    variables: { input: { linkUrl: 'https://janus.test/m', resourceUrn: MODEL } },
    privilege: 'EDIT_ENTITY_DOC_LINKS',
  },
  {
    field: 'createStructuredProperty',
    query: 'mutation($input: CreateStructuredPropertyInput!) { createStructuredProperty(input: $input) { urn } }',
    variables: {
      input: {
        id: 'io.janus.band',
        qualifiedName: 'io.janus.band',
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: ['urn:li:entityType:datahub.mlModel'],
      },
    },
    privilege: 'MANAGE_STRUCTURED_PROPERTIES',
    message: 'Unable to create structured property. Please contact your admin.',
    platform: true,
  },
  {
    field: 'upsertStructuredProperties',
    query:
      'mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { values { ... on NumberValue { numberValue } } } } }',
    variables: {
      input: {
        assetUrn: MODEL,
        structuredPropertyInputParams: [{ structuredPropertyUrn: PROPERTY, values: [{ numberValue: 0.4 }] }],
      },
    },
    privilege: 'EDIT_ENTITY_PROPERTIES',
    message: `Not authorized to update properties on the gives urn ${MODEL}`,
  },
  {
    field: 'removeStructuredProperties',
    query:
      'mutation($input: RemoveStructuredPropertiesInput!) { removeStructuredProperties(input: $input) { properties { structuredProperty { urn } } } }',
    variables: { input: { assetUrn: MODEL, structuredPropertyUrns: [PROPERTY] } },
    privilege: 'EDIT_ENTITY_PROPERTIES',
    message: `Not authorized to update properties on the gives urn ${MODEL}`,
  },
  {
    field: 'upsertCustomAssertion',
    query:
      'mutation($urn: String, $input: UpsertCustomAssertionInput!) { upsertCustomAssertion(urn: $urn, input: $input) { urn } }',
    variables: {
      urn: 'urn:li:assertion:janus-1',
      input: { entityUrn: DATASET, type: 'Janus guard', description: 'guard', platform: { name: 'Janus' } },
    },
    privilege: 'EDIT_ENTITY_ASSERTIONS',
  },
  {
    field: 'reportAssertionResult',
    query:
      'mutation($urn: String!, $result: AssertionResultInput!) { reportAssertionResult(urn: $urn, result: $result) }',
    variables: { urn: ASSERTION, result: { type: 'FAILURE', timestampMillis: 5 } },
    privilege: 'EDIT_ENTITY_ASSERTIONS',
  },
  {
    field: 'reportOperation',
    query: 'mutation($input: ReportOperationInput!) { reportOperation(input: $input) }',
    variables: { input: { urn: DATASET, operationType: 'INSERT', sourceType: 'DATA_PROCESS' } },
    privilege: 'EDIT_ENTITY_OPERATIONS',
  },
];

/** Every privilege the mutations above check (EDIT_ENTITY, which grants most of them, is not one). */
const CHECKED = [...new Set(MUTATIONS.map((m) => m.privilege))];

const user = (name: string, privileges: string[], resourcePrivileges: TokenSpec['resourcePrivileges'] = []) => ({
  actor: `urn:li:corpuser:${name}`,
  privileges,
  resourcePrivileges,
});

const sim = useSims({ records: CATALOG });

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: string[]; extensions?: { code: number; type: string } }[];
}

async function post(url: string, token: string, query: string, variables: object = {}): Promise<Answer> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

describe('a token without the privilege a mutation checks', () => {
  it.each(MUTATIONS)(
    '$field answers 403 and writes nothing; $privilege (or EDIT_ENTITY) lets it through',
    async ({ field, query, variables, privilege, message, platform }) => {
      const tokens = {
        nothing: user('nobody', []),
        // every privilege but the one checked: a check on the wrong privilege would let this token through
        'all-but': user(
          'almost',
          CHECKED.filter((p) => p !== privilege),
        ),
        exact: user('exact', [privilege]),
        'edit-entity': user('editor', ['EDIT_ENTITY']),
      };
      const s = await sim({ tokens });
      for (const token of ['nothing', 'all-but']) {
        const refused = await post(s.url, token, query, variables);
        expect(refused.errors, token).toEqual([
          expect.objectContaining({
            message: message ?? UNAUTHORIZED,
            path: [field],
            extensions: expect.objectContaining({ code: 403, type: 'UNAUTHORIZED' }),
          }),
        ]);
      }
      expect(s.stats().mutations, 'a refused mutation writes nothing').toBe(0);
      expect((await post(s.url, 'exact', query, variables)).errors, privilege).toBeUndefined();
      // on a catalog of its own, as the write above may make a second one fail (a link that exists, ...)
      const editor = await post((await sim({ tokens })).url, 'edit-entity', query, variables);
      if (platform) expect(editor.errors?.[0]?.extensions?.code).toBe(403);
      else expect(editor.errors, 'EDIT_ENTITY').toBeUndefined();
    },
  );
});

describe('the resource a privilege is checked on', () => {
  it('updateIncidentStatus checks the first of the incident entities only', async () => {
    const s = await sim({
      tokens: {
        first: user('first', [], [{ resources: [DATASET], privileges: ['EDIT_ENTITY_INCIDENTS'] }]),
        second: user('second', [], [{ resources: [OTHER], privileges: ['EDIT_ENTITY_INCIDENTS'] }]),
      },
    });
    const [update] = MUTATIONS.filter((m) => m.field === 'updateIncidentStatus');
    expect((await post(s.url, 'second', update!.query, update!.variables)).errors?.[0]?.extensions?.code).toBe(403);
    expect((await post(s.url, 'first', update!.query, update!.variables)).errors).toBeUndefined();
  });

  it('raiseIncident checks every resource', async () => {
    const s = await sim({
      tokens: { one: user('one', [], [{ resources: [DATASET], privileges: ['EDIT_ENTITY_INCIDENTS'] }]) },
    });
    const raise = 'mutation($input: RaiseIncidentInput!) { raiseIncident(input: $input) }';
    const both = { input: { type: 'OPERATIONAL', resourceUrns: [DATASET, OTHER] } };
    expect((await post(s.url, 'one', raise, both)).errors?.[0]?.extensions?.code).toBe(403);
    const one = { input: { type: 'OPERATIONAL', resourceUrns: [DATASET] } };
    expect((await post(s.url, 'one', raise, one)).errors).toBeUndefined();
  });

  it('batchAddTags fails whole when one resource is refused, and writes nothing', async () => {
    const s = await sim({
      tokens: { one: user('one', [], [{ resources: [MODEL], privileges: ['EDIT_ENTITY_TAGS'] }]) },
    });
    const batch = 'mutation($input: BatchAddTagsInput!) { batchAddTags(input: $input) }';
    const both = { input: { tagUrns: [TAG], resources: [{ resourceUrn: MODEL }, { resourceUrn: OTHER_MODEL }] } };
    const answer = await post(s.url, 'one', batch, both);
    expect(answer.errors?.[0]).toMatchObject({ message: UNAUTHORIZED, extensions: { code: 403 } });
    const tags = await post(s.url, 'one', `{ mlModel(urn: "${MODEL}") { tags { tags { tag { urn } } } } }`);
    expect(tags.data).toEqual({ mlModel: { tags: null } });
  });

  it('a column tag needs EDIT_DATASET_COL_TAGS on the dataset, not EDIT_ENTITY_TAGS', async () => {
    const s = await sim({ tokens: { tags: user('tags', ['EDIT_ENTITY_TAGS']) } });
    const column = {
      input: { tagUrn: TAG, resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'id' },
    };
    const answer = await post(
      s.url,
      'tags',
      'mutation($input: TagAssociationInput!) { addTag(input: $input) }',
      column,
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe(403);
  });

  it('stamps writes with the token actor', async () => {
    const s = await sim({ tokens: { bot: user('janus-bot', ['EDIT_ENTITY_DOC_LINKS']) } });
    await post(s.url, 'bot', 'mutation($input: AddLinkInput!) { addLink(input: $input) }', linkInput);
    const read = await post(
      s.url,
      'bot',
      `{ mlModel(urn: "${MODEL}") { institutionalMemory { elements { created { actor } } } } }`,
    );
    expect(read.data).toEqual({
      mlModel: { institutionalMemory: { elements: [{ created: { actor: 'urn:li:corpuser:janus-bot' } }] } },
    });
  });
});

const ME =
  '{ me { corpUser { urn username } platformPrivileges { createTags manageTags manageStructuredProperties managePolicies } } }';

describe('me', () => {
  it("answers each token's user and the platform privileges its policies grant", async () => {
    const s = await sim({
      token: 'admin',
      tokens: {
        tagger: user('tagger', ['CREATE_TAGS']),
        steward: user('steward', ['MANAGE_STRUCTURED_PROPERTIES', 'MANAGE_TAGS']),
        // EDIT_ENTITY on one entity only: a platform check has no resource, so it does not count there
        scoped: user('scoped', ['DELETE_ENTITY'], [{ resources: [MODEL], privileges: ['EDIT_ENTITY'] }]),
        // EDIT_ENTITY and DELETE_ENTITY everywhere manage structured properties (MANAGE on their entity type)
        owner: user('owner', ['EDIT_ENTITY', 'DELETE_ENTITY']),
      },
    });
    const me = async (token: string) => (await post(s.url, token, ME)).data?.me;
    expect(await me('tagger')).toEqual({
      corpUser: { urn: 'urn:li:corpuser:tagger', username: 'tagger' },
      platformPrivileges: {
        createTags: true,
        manageTags: false,
        manageStructuredProperties: false,
        managePolicies: false,
      },
    });
    expect(await me('steward')).toMatchObject({
      platformPrivileges: {
        createTags: true,
        manageTags: true,
        manageStructuredProperties: true,
        managePolicies: false,
      },
    });
    expect(await me('scoped')).toMatchObject({ platformPrivileges: { manageStructuredProperties: false } });
    expect(await me('owner')).toMatchObject({
      platformPrivileges: { manageStructuredProperties: true, createTags: false },
    });
    expect(await me('admin')).toEqual({
      corpUser: { urn: 'urn:li:corpuser:datahub', username: 'datahub' },
      platformPrivileges: {
        createTags: true,
        manageTags: true,
        manageStructuredProperties: true,
        managePolicies: true,
      },
    });
  });

  it('answers 401 for a token the simulator does not know', async () => {
    const s = await sim({ tokens: { tagger: user('tagger', ['CREATE_TAGS']) } });
    const res = await fetch(`${s.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer other' },
      body: JSON.stringify({ query: ME }),
    });
    expect(res.status).toBe(401);
  });
});

describe("an entity's privileges field", () => {
  it('answers what the token may do to that entity (the checks of EntityPrivilegesResolver)', async () => {
    const s = await sim({
      token: 'admin',
      tokens: {
        janus: user(
          'janus',
          ['EDIT_ENTITY_TAGS'],
          [
            { resources: [MODEL], privileges: ['EDIT_ENTITY_PROPERTIES', 'EDIT_ENTITY_DOC_LINKS'] },
            { resources: [DATASET], privileges: ['EDIT_ENTITY_INCIDENTS', 'EDIT_ENTITY_ASSERTIONS'] },
          ],
        ),
        editor: user('editor', [], [{ resources: [DATASET], privileges: ['EDIT_ENTITY'] }]),
      },
    });
    const fields =
      'privileges { canEditProperties canEditTags canEditLinks canEditOwners canEditIncidents canEditAssertions canEditAssertionOwners }';
    const query = `{ model: mlModel(urn: "${MODEL}") { ${fields} } other: mlModel(urn: "${OTHER_MODEL}") { ${fields} }
      dataset: entity(urn: "${DATASET}") { ... on Dataset { ${fields} } } }`;
    const all = (value: boolean) => ({
      canEditProperties: value,
      canEditTags: value,
      canEditLinks: value,
      canEditOwners: value,
      canEditIncidents: value,
      canEditAssertions: value,
      canEditAssertionOwners: value,
    });
    const none = all(false);
    expect((await post(s.url, 'janus', query)).data).toEqual({
      model: { privileges: { ...none, canEditProperties: true, canEditTags: true, canEditLinks: true } },
      other: { privileges: { ...none, canEditTags: true } },
      dataset: {
        privileges: {
          ...none,
          canEditTags: true,
          canEditIncidents: true,
          canEditAssertions: true,
          canEditAssertionOwners: true,
        },
      },
    });
    expect((await post(s.url, 'editor', query)).data).toEqual({
      model: { privileges: none },
      other: { privileges: none },
      dataset: { privileges: all(true) },
    });
    expect((await post(s.url, 'admin', query)).data).toEqual({
      model: { privileges: all(true) },
      other: { privileges: all(true) },
      dataset: { privileges: all(true) },
    });
  });
});

describe('Rest.li ingestion', () => {
  const proposal = (entityUrn: string) => ({
    entityType: 'mlModel',
    entityUrn,
    changeType: 'UPSERT',
    aspectName: 'status',
    aspect: { value: '{"removed": false}', contentType: 'application/json' },
  });
  const ingest = (url: string, token: string, proposals: object[]) =>
    fetch(`${url}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-restli-protocol-version': '2.0.0',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ proposals, async: 'false' }),
    });

  it('needs EDIT_ENTITY on every entity of a batch (403 naming the refused ones, nothing written)', async () => {
    const s = await sim({
      tokens: {
        one: user('one', [], [{ resources: [MODEL], privileges: ['EDIT_ENTITY'] }]),
        tags: user('tags', ['EDIT_ENTITY_TAGS']),
      },
    });
    const refused = await ingest(s.url, 'one', [proposal(MODEL), proposal(OTHER_MODEL)]);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `User urn:li:corpuser:one is unauthorized to modify entity: HttpStatus: 403 Urn: ${OTHER_MODEL}`,
    );
    expect((await ingest(s.url, 'tags', [proposal(MODEL)])).status).toBe(403);
    expect(s.stats().ingestion.proposals).toBe(0);
    expect((await ingest(s.url, 'one', [proposal(MODEL)])).status).toBe(200);
  });
});
