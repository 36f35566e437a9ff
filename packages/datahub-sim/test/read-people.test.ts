import { describe, expect, it } from 'vitest';
import { simHarness } from './support/harness.js';

// Operations copied from shared/reference/datahub-ops-examples/people.graphql.
const ME = /* GraphQL */ `
  query JanusMe {
    me {
      corpUser {
        urn
        username
        properties {
          email
          displayName
          active
        }
        editableProperties {
          slack
          email
        }
      }
      platformPrivileges {
        manageStructuredProperties
        createTags
      }
    }
  }
`;

const USER_BY_EMAIL = /* GraphQL */ `
  query JanusUserByEmail($email: String!) {
    searchAcrossEntities(
      input: { types: [CORP_USER], query: "*", count: 5, orFilters: [{ and: [{ field: "email", values: [$email] }] }] }
    ) {
      total
      searchResults {
        entity {
          urn
          ... on CorpUser {
            username
            status
            properties {
              email
              active
            }
            editableProperties {
              slack
            }
          }
        }
      }
    }
  }
`;

const USER = /* GraphQL */ `
  query JanusUser($urn: String!) {
    corpUser(urn: $urn) {
      urn
      username
      status
      properties {
        active
        email
        displayName
      }
      editableProperties {
        slack
        email
      }
    }
  }
`;

const BOB = 'urn:li:corpuser:bob';
const CAROL = 'urn:li:corpuser:carol';
const DAVE = 'urn:li:corpuser:dave';

/** Users as identity sources write them: corpUserInfo.active and corpUserStatus together (Okta golden). */
function seedUsers() {
  const h = simHarness({ actor: BOB });
  const { store } = h;
  store.write(BOB, 'corpUserInfo', {
    customProperties: {},
    active: true,
    displayName: 'Bob Builder',
    email: 'bob@example.com',
    title: 'ML Engineer',
    firstName: 'Bob',
    lastName: 'Builder',
    fullName: 'Bob Builder',
  });
  store.write(BOB, 'corpUserStatus', {
    status: 'ACTIVE',
    lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:__datahub_system' },
  });
  store.write(BOB, 'corpUserEditableInfo', {
    teams: ['ml'],
    skills: [],
    slack: 'U01BOB',
    email: 'bob.builder@example.com',
    phone: '+1 555',
  });
  store.write(CAROL, 'corpUserInfo', {
    customProperties: {},
    active: false,
    displayName: 'Carol Gone',
    email: 'carol@example.com',
  });
  store.write(CAROL, 'corpUserStatus', {
    status: 'SUSPENDED',
    lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:__datahub_system' },
  });
  store.write(DAVE, 'corpUserInfo', { active: true, email: 'Dave@Example.com' });
  store.write(DAVE, 'corpUserStatus', { status: 'PROVISIONED', lastModified: { time: 1, actor: DAVE } });
  return h;
}

describe('CorpUser', () => {
  it('answers JanusUser for an ACTIVE user with editable Slack handle', async () => {
    const { data } = seedUsers();
    const r = await data(USER, { urn: BOB });
    expect(r.corpUser).toEqual({
      urn: BOB,
      username: 'bob',
      status: 'ACTIVE',
      properties: { active: true, email: 'bob@example.com', displayName: 'Bob Builder' },
      editableProperties: { slack: 'U01BOB', email: 'bob.builder@example.com' },
    });
  });

  it('answers JanusUser for a SUSPENDED user (departed) with no editable info', async () => {
    const { data } = seedUsers();
    const r = await data(USER, { urn: CAROL });
    expect(r.corpUser).toEqual({
      urn: CAROL,
      username: 'carol',
      status: 'SUSPENDED',
      properties: { active: false, email: 'carol@example.com', displayName: 'Carol Gone' },
      editableProperties: null,
    });
  });

  it('answers null status for a corpUserStatus outside the enum (e.g. PROVISIONED), and for none', async () => {
    const { data } = seedUsers();
    const r = await data(
      `{ dave: corpUser(urn: "${DAVE}") { status } ghost: corpUser(urn: "urn:li:corpuser:ghost") { username status properties { active } exists } }`,
    );
    expect(r.dave.status).toBeNull();
    expect(r.ghost).toEqual({ username: 'ghost', status: null, properties: null, exists: false });
  });

  it('maps the remaining user fields: type, names, custom properties, defaults of editable info', async () => {
    const { store, data } = seedUsers();
    store.write(BOB, 'corpUserCredentials', { salt: 's', hashedPassword: 'h' });
    store.write(BOB, 'globalTags', { tags: [{ tag: 'urn:li:tag:oncall' }] });
    const r =
      await data(`{ corpUser(urn: "${BOB}") { type isNativeUser exists tags { tags { tag { urn } associatedUrn } }
      properties { title firstName lastName fullName customProperties { key } }
      editableProperties { teams skills pictureLink phone aboutMe displayName title } } }`);
    expect(r.corpUser).toEqual({
      type: 'CORP_USER',
      isNativeUser: true,
      exists: true,
      tags: { tags: [{ tag: { urn: 'urn:li:tag:oncall' }, associatedUrn: BOB }] },
      properties: {
        title: 'ML Engineer',
        firstName: 'Bob',
        lastName: 'Builder',
        fullName: 'Bob Builder',
        customProperties: [],
      },
      editableProperties: {
        teams: ['ml'],
        skills: [],
        pictureLink: null,
        phone: '+1 555',
        aboutMe: null,
        displayName: null,
        title: null,
      },
    });
    const carol = await data(`{ corpUser(urn: "${CAROL}") { isNativeUser } }`);
    expect(carol.corpUser.isNativeUser).toBeNull();
  });
});

describe('me', () => {
  it('answers JanusMe with the token user and every platform privilege', async () => {
    const { data } = seedUsers();
    const r = await data(ME);
    expect(r.me).toEqual({
      corpUser: {
        urn: BOB,
        username: 'bob',
        properties: { email: 'bob@example.com', displayName: 'Bob Builder', active: true },
        editableProperties: { slack: 'U01BOB', email: 'bob.builder@example.com' },
      },
      platformPrivileges: { manageStructuredProperties: true, createTags: true },
    });
  });

  it('answers the bootstrapped root user for the default actor in an empty store', async () => {
    const { data } = simHarness();
    const r = await data(
      `{ me { corpUser { urn username exists properties { active displayName } } platformPrivileges { manageTags viewAnalytics manageServiceAccounts } } }`,
    );
    expect(r.me).toEqual({
      corpUser: {
        urn: 'urn:li:corpuser:datahub',
        username: 'datahub',
        exists: true,
        properties: { active: true, displayName: 'DataHub' },
      },
      platformPrivileges: { manageTags: true, viewAnalytics: true, manageServiceAccounts: true },
    });
  });
});

describe('finding a user by email (JanusUserByEmail)', () => {
  it('finds exactly the user whose corpUserInfo.email matches', async () => {
    const { data } = seedUsers();
    const r = await data(USER_BY_EMAIL, { email: 'carol@example.com' });
    expect(r.searchAcrossEntities).toEqual({
      total: 1,
      searchResults: [
        {
          entity: {
            urn: CAROL,
            username: 'carol',
            status: 'SUSPENDED',
            properties: { email: 'carol@example.com', active: false },
            editableProperties: null,
          },
        },
      ],
    });
  });

  it('does not match the editable email, another case, or a partial address', async () => {
    const { data } = seedUsers();
    for (const email of [
      'bob.builder@example.com',
      'BOB@example.com',
      'dave@example.com',
      'bob@example',
      'nobody@example.com',
    ]) {
      const r = await data(USER_BY_EMAIL, { email });
      expect(r.searchAcrossEntities, email).toEqual({ total: 0, searchResults: [] });
    }
  });
});

describe('CorpGroup', () => {
  it('answers group properties and editable properties, both with a Slack channel', async () => {
    const { store, data } = simHarness();
    const group = 'urn:li:corpGroup:data-eng';
    store.write(group, 'corpGroupInfo', {
      displayName: 'Data Engineering',
      description: 'pipelines',
      email: 'de@example.com',
      slack: '#data-eng',
      admins: [],
      members: [BOB],
      groups: [],
    });
    store.write(group, 'corpGroupEditableInfo', {
      description: 'owns the warehouse',
      slack: '#data-eng-alerts',
      email: 'de-alerts@example.com',
    });
    store.write(group, 'ownership', {
      owners: [{ owner: BOB, type: 'TECHNICAL_OWNER' }],
      lastModified: { time: 5, actor: BOB },
    });
    const r = await data(`{ corpGroup(urn: "${group}") { urn type name exists
      properties { displayName description email slack }
      editableProperties { description slack email pictureLink }
      ownership { owners { owner { ... on CorpUser { urn } } associatedUrn } } } }`);
    expect(r.corpGroup).toEqual({
      urn: group,
      type: 'CORP_GROUP',
      name: 'data-eng',
      exists: true,
      properties: {
        displayName: 'Data Engineering',
        description: 'pipelines',
        email: 'de@example.com',
        slack: '#data-eng',
      },
      editableProperties: {
        description: 'owns the warehouse',
        slack: '#data-eng-alerts',
        email: 'de-alerts@example.com',
        pictureLink: null,
      },
      ownership: { owners: [{ owner: { urn: BOB }, associatedUrn: group }] },
    });
  });

  it('answers an unknown group with its key name and null aspects', async () => {
    const { data } = simHarness();
    const r = await data(
      `{ corpGroup(urn: "urn:li:corpGroup:All%20Employees") { name exists properties { slack } editableProperties { slack } } }`,
    );
    expect(r.corpGroup).toEqual({ name: 'All%20Employees', exists: false, properties: null, editableProperties: null });
  });
});
