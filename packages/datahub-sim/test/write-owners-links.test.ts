import { describe, expect, it } from 'vitest';
import {
  ACTOR,
  DATASET,
  expectDataHubError,
  GROUP,
  MISSING_DATASET,
  MODEL,
  NOW,
  readSide,
  seededHarness,
  STAMP,
  USER,
} from './support/write-seed.js';

const ADD_OWNER = 'mutation O($input: AddOwnerInput!) { addOwner(input: $input) }';
const ADD_OWNERS = 'mutation O($input: AddOwnersInput!) { addOwners(input: $input) }';
const ADD_LINK = 'mutation L($input: AddLinkInput!) { addLink(input: $input) }';
const UPSERT_LINK = 'mutation L($input: UpsertLinkInput!) { upsertLink(input: $input) }';
const REMOVE_LINK = 'mutation L($input: RemoveLinkInput!) { removeLink(input: $input) }';

const TECH = 'urn:li:ownershipType:__system__technical_owner';
const BUSINESS = 'urn:li:ownershipType:__system__business_owner';
const LINK = { linkUrl: 'https://example.invalid/janus/report/1', label: 'Janus verdict', resourceUrn: MODEL };

describe('addOwner / addOwners', () => {
  it('writes ownership with the type urn, the deprecated type (NONE when only a urn is given) and a MANUAL source', async () => {
    const h = seededHarness();
    const res = await h.data(ADD_OWNER, {
      input: { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH, resourceUrn: MODEL },
    });
    expect(res.addOwner).toBe(true);
    expect(h.store.aspect(MODEL, 'ownership')).toEqual({
      owners: [{ owner: USER, type: 'NONE', typeUrn: TECH, source: { type: 'MANUAL' } }],
      ownerTypes: { [TECH]: [USER] },
      lastModified: STAMP,
    });
  });

  it('derives the type urn from the deprecated type when no urn is given', async () => {
    const h = seededHarness();
    await h.data(ADD_OWNER, {
      input: { ownerUrn: GROUP, ownerEntityType: 'CORP_GROUP', type: 'DATA_STEWARD', resourceUrn: DATASET },
    });
    expect(h.store.aspect(DATASET, 'ownership')).toMatchObject({
      owners: [
        {
          owner: GROUP,
          type: 'DATA_STEWARD',
          typeUrn: 'urn:li:ownershipType:__system__data_steward',
          source: { type: 'MANUAL' },
        },
      ],
    });
  });

  it('re-adding the same owner and type replaces the entry; another type for the same owner is kept', async () => {
    let now = NOW;
    const h = seededHarness(() => now);
    h.store.write(DATASET, 'ownership', {
      owners: [
        { owner: GROUP, type: 'TECHNICAL_OWNER' },
        { owner: USER, type: 'BUSINESS_OWNER', typeUrn: BUSINESS },
      ],
      lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
    });
    const input = { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH, resourceUrn: DATASET };
    await h.data(ADD_OWNER, { input });
    now = NOW + 1;
    await h.data(ADD_OWNER, { input });
    expect(h.store.aspect(DATASET, 'ownership')).toEqual({
      owners: [
        { owner: GROUP, type: 'TECHNICAL_OWNER' },
        { owner: USER, type: 'BUSINESS_OWNER', typeUrn: BUSINESS },
        { owner: USER, type: 'NONE', typeUrn: TECH, source: { type: 'MANUAL' } },
      ],
      ownerTypes: { [TECH]: [GROUP, USER], [BUSINESS]: [USER] },
      lastModified: { time: NOW + 1, actor: ACTOR },
    });
  });

  it('an entry without a type urn matches through its deprecated type', async () => {
    const h = seededHarness();
    h.store.write(DATASET, 'ownership', { owners: [{ owner: USER, type: 'TECHNICAL_OWNER' }] });
    await h.data(ADD_OWNER, {
      input: { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH, resourceUrn: DATASET },
    });
    expect(h.store.aspect<{ owners: unknown[] }>(DATASET, 'ownership')?.owners).toEqual([
      { owner: USER, type: 'NONE', typeUrn: TECH, source: { type: 'MANUAL' } },
    ]);
  });

  it('addOwners adds several owners in one write', async () => {
    const h = seededHarness();
    await h.data(ADD_OWNERS, {
      input: {
        resourceUrn: MODEL,
        owners: [
          { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: BUSINESS },
          { ownerUrn: GROUP, ownerEntityType: 'CORP_GROUP', type: 'TECHNICAL_OWNER' },
        ],
      },
    });
    expect(h.store.aspect<{ owners: unknown[] }>(MODEL, 'ownership')?.owners).toEqual([
      { owner: USER, type: 'NONE', typeUrn: BUSINESS, source: { type: 'MANUAL' } },
      { owner: GROUP, type: 'TECHNICAL_OWNER', typeUrn: TECH, source: { type: 'MANUAL' } },
    ]);
  });

  it('rejects an owner urn of the wrong kind', async () => {
    const h = seededHarness();
    expectDataHubError(
      await h.gql(ADD_OWNER, {
        input: { ownerUrn: GROUP, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH, resourceUrn: DATASET },
      }),
      'BAD_REQUEST',
      `Failed to change ownership for resource(s). Expected a corp user urn, found ${GROUP}.`,
    );
    expectDataHubError(
      await h.gql(ADD_OWNERS, {
        input: { resourceUrn: DATASET, owners: [{ ownerUrn: USER, ownerEntityType: 'CORP_GROUP', type: 'NONE' }] },
      }),
      'BAD_REQUEST',
      `Failed to change ownership for resource(s). Expected a corp group urn, found ${USER}`,
    );
    expect(h.store.aspect(DATASET, 'ownership')).toBeUndefined();
  });

  it('rejects an owner that does not exist (addOwner reports it as the "resource", as DataHub does)', async () => {
    const h = seededHarness();
    const ghost = 'urn:li:corpuser:ghost';
    expectDataHubError(
      await h.gql(ADD_OWNER, {
        input: { ownerUrn: ghost, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH, resourceUrn: DATASET },
      }),
      'BAD_REQUEST',
      `Failed to change ownership for resource ${ghost}. Resource does not exist.`,
    );
    expectDataHubError(
      await h.gql(ADD_OWNERS, {
        input: {
          resourceUrn: DATASET,
          owners: [{ ownerUrn: ghost, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH }],
        },
      }),
      'BAD_REQUEST',
      `Failed to change ownership for resource(s). Owner with urn ${ghost} does not exist.`,
    );
  });

  it('rejects a custom ownership type that does not exist, and an owner with neither type nor type urn', async () => {
    const h = seededHarness();
    expectDataHubError(
      await h.gql(ADD_OWNER, {
        input: {
          ownerUrn: USER,
          ownerEntityType: 'CORP_USER',
          ownershipTypeUrn: 'urn:li:ownershipType:steward-x',
          resourceUrn: DATASET,
        },
      }),
      'BAD_REQUEST',
      'Failed to change ownership for resource(s). Custom Ownership type with urn urn:li:ownershipType:steward-x does not exist.',
    );
    expectDataHubError(
      await h.gql(ADD_OWNER, { input: { ownerUrn: USER, ownerEntityType: 'CORP_USER', resourceUrn: DATASET } }),
      'BAD_REQUEST',
      'Failed to change ownership for resource(s). Expected either type or ownershipTypeUrn to be specified.',
    );
  });

  it('accepts a custom ownership type once it exists', async () => {
    const h = seededHarness();
    const custom = 'urn:li:ownershipType:ml-reviewer';
    h.store.write(custom, 'ownershipTypeInfo', { name: 'ML reviewer', created: STAMP, lastModified: STAMP });
    await h.data(ADD_OWNER, {
      input: { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: custom, resourceUrn: MODEL },
    });
    expect(h.store.aspect<{ owners: unknown[] }>(MODEL, 'ownership')?.owners).toEqual([
      { owner: USER, type: 'NONE', typeUrn: custom, source: { type: 'MANUAL' } },
    ]);
  });

  it('addOwners requires the resource to exist; addOwner (DataHub quirk) does not check it', async () => {
    const h = seededHarness();
    const owner = { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH };
    expectDataHubError(
      await h.gql(ADD_OWNERS, { input: { resourceUrn: MISSING_DATASET, owners: [owner] } }),
      'BAD_REQUEST',
      `Failed to change ownership for resource ${MISSING_DATASET}. Resource does not exist.`,
    );
    expect(h.store.exists(MISSING_DATASET)).toBe(false);
    await h.data(ADD_OWNER, { input: { ...owner, resourceUrn: MISSING_DATASET } });
    expect(h.store.exists(MISSING_DATASET)).toBe(true);
  });
});

describe('addLink / upsertLink / removeLink', () => {
  const link = LINK;

  it('addLink appends an institutionalMemory element (label stored as description)', async () => {
    const h = seededHarness();
    expect((await h.data(ADD_LINK, { input: { ...link, settings: { showInAssetPreview: true } } })).addLink).toBe(true);
    expect(h.store.aspect(MODEL, 'institutionalMemory')).toEqual({
      elements: [
        { url: link.linkUrl, description: 'Janus verdict', createStamp: STAMP, settings: { showInAssetPreview: true } },
      ],
    });
  });

  // LinkUtils.addLink: "if link exists, do not add it again" (true, no error)
  it('addLink leaves a link with the same URL and label as it is; the same URL with another label is a new link', async () => {
    const h = seededHarness();
    await h.data(ADD_LINK, { input: link });
    expect((await h.data(ADD_LINK, { input: link })).addLink).toBe(true);
    expect(h.store.aspect<{ elements: unknown[] }>(MODEL, 'institutionalMemory')?.elements).toHaveLength(1);
    await h.data(ADD_LINK, { input: { ...link, label: 'Janus verdict (v2)' } });
    expect(h.store.aspect<{ elements: unknown[] }>(MODEL, 'institutionalMemory')?.elements).toHaveLength(2);
  });

  it('upsertLink is idempotent: the second call updates the link in place with an updateStamp', async () => {
    let now = NOW;
    const h = seededHarness(() => now);
    await h.data(UPSERT_LINK, { input: link });
    now = NOW + 10;
    expect(
      (await h.data(UPSERT_LINK, { input: { ...link, settings: { showInAssetPreview: false } } })).upsertLink,
    ).toBe(true);
    expect(h.store.aspect(MODEL, 'institutionalMemory')).toEqual({
      elements: [
        {
          url: link.linkUrl,
          description: 'Janus verdict',
          createStamp: STAMP,
          updateStamp: { time: NOW + 10, actor: ACTOR },
          settings: { showInAssetPreview: false },
        },
      ],
    });
  });

  it('removeLink with a label removes that link only; without a label every link with the URL', async () => {
    const h = seededHarness();
    const other = { ...link, linkUrl: 'https://example.invalid/other' };
    await h.data(ADD_LINK, { input: link });
    await h.data(ADD_LINK, { input: { ...link, label: 'second' } });
    await h.data(ADD_LINK, { input: other });
    await h.data(REMOVE_LINK, { input: { linkUrl: link.linkUrl, label: 'second', resourceUrn: MODEL } });
    const urls = () =>
      h.store
        .aspect<{ elements: { url: string; description: string }[] }>(MODEL, 'institutionalMemory')
        ?.elements.map((e) => `${e.url}|${e.description}`);
    expect(urls()).toEqual([`${link.linkUrl}|Janus verdict`, `${other.linkUrl}|Janus verdict`]);
    await h.data(ADD_LINK, { input: { ...link, label: 'second' } });
    await h.data(REMOVE_LINK, { input: { linkUrl: link.linkUrl, resourceUrn: MODEL } });
    expect(urls()).toEqual([`${other.linkUrl}|Janus verdict`]);
  });

  it('rejects a resource that does not exist and a value that is not a URL', async () => {
    const h = seededHarness();
    for (const q of [ADD_LINK, UPSERT_LINK]) {
      expectDataHubError(
        await h.gql(q, { input: { ...link, resourceUrn: MISSING_DATASET } }),
        'BAD_REQUEST',
        `Failed to change institutional memory for resource ${MISSING_DATASET}. Resource does not exist.`,
      );
    }
    expectDataHubError(
      await h.gql(REMOVE_LINK, { input: { linkUrl: 'not a url', resourceUrn: MODEL } }),
      'BAD_REQUEST',
      `Failed to change institutional memory for resource ${MODEL}. Expected an url.`,
    );
    expect(h.store.exists(MISSING_DATASET)).toBe(false);
  });
});

describe("owners and links read back through GraphQL (needs the read helper's resolvers)", () => {
  it.runIf(readSide('Query', 'mlModel'))('the model shows the new owner and the link', async () => {
    const h = seededHarness();
    await h.data(ADD_OWNER, {
      input: { ownerUrn: USER, ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH, resourceUrn: MODEL },
    });
    await h.data(ADD_LINK, { input: LINK });
    const res = await h.data(
      `query($urn: String!) { mlModel(urn: $urn) {
      ownership { owners { owner { ... on CorpUser { urn } } ownershipType { urn } associatedUrn } }
      institutionalMemory { elements { url label created { time actor } associatedUrn } } } }`,
      { urn: MODEL },
    );
    expect(res.mlModel).toEqual({
      ownership: { owners: [{ owner: { urn: USER }, ownershipType: { urn: TECH }, associatedUrn: MODEL }] },
      institutionalMemory: {
        elements: [{ url: LINK.linkUrl, label: 'Janus verdict', created: STAMP, associatedUrn: MODEL }],
      },
    });
  });
});
