import { describe, expect, it } from 'vitest';
import {
  ACTOR,
  DATASET,
  expectDataHubError,
  MISSING_DATASET,
  MODEL,
  NOW,
  OTHER_DATASET,
  readSide,
  seededHarness,
  TAG,
  USER,
} from './support/write-seed.js';

const CREATE = 'mutation C($input: CreateTagInput!) { createTag(input: $input) }';
const ADD = 'mutation A($input: TagAssociationInput!) { addTag(input: $input) }';
const ADD_MANY = 'mutation A($input: AddTagsInput!) { addTags(input: $input) }';
const BATCH_ADD = 'mutation B($input: BatchAddTagsInput!) { batchAddTags(input: $input) }';
const REMOVE = 'mutation R($input: TagAssociationInput!) { removeTag(input: $input) }';
const BATCH_REMOVE = 'mutation R($input: BatchRemoveTagsInput!) { batchRemoveTags(input: $input) }';
const TAG2 = 'urn:li:tag:janus-untrusted';

function setup() {
  const h = seededHarness();
  h.store.write(TAG2, 'tagProperties', { name: 'janus:untrusted' });
  return h;
}

const tagsOf = (h: ReturnType<typeof setup>, urn: string) => h.store.aspect(urn, 'globalTags');

describe('createTag', () => {
  it('writes tagProperties at urn:li:tag:<id> and makes the creator a technical owner', async () => {
    const { store, data } = setup();
    const res = await data(CREATE, {
      input: { id: 'janus-review', name: 'janus:review', description: 'needs review' },
    });
    expect(res.createTag).toBe('urn:li:tag:janus-review');
    expect(store.aspect('urn:li:tag:janus-review', 'tagProperties')).toEqual({
      name: 'janus:review',
      description: 'needs review',
    });
    expect(store.aspect('urn:li:tag:janus-review', 'ownership')).toEqual({
      owners: [
        {
          owner: ACTOR,
          type: 'TECHNICAL_OWNER',
          typeUrn: 'urn:li:ownershipType:__system__technical_owner',
          source: { type: 'MANUAL' },
        },
      ],
      ownerTypes: { 'urn:li:ownershipType:__system__technical_owner': [ACTOR] },
      lastModified: { time: NOW, actor: ACTOR },
    });
  });

  it('uses a random id when none is given', async () => {
    const { store, data } = setup();
    expect((await data(CREATE, { input: { name: 'anonymous' } })).createTag).toBe('urn:li:tag:id-1');
    expect(store.aspect('urn:li:tag:id-1', 'tagProperties')).toEqual({ name: 'anonymous' });
  });

  it('refuses an existing tag with "This Tag already exists!" and leaves it untouched', async () => {
    const { store, gql } = setup();
    const res = await gql(CREATE, { input: { id: 'pii', name: 'renamed' } });
    expectDataHubError(res, 'BAD_REQUEST', 'This Tag already exists!');
    expect(res.data).toEqual({ createTag: null });
    expect(store.aspect(TAG, 'tagProperties')).toEqual({ name: 'pii' });
    expect(store.aspect(TAG, 'ownership')).toBeUndefined();
  });
});

describe('addTag / addTags / batchAddTags', () => {
  it("addTag appends a TagAssociation to the entity's globalTags", async () => {
    const h = setup();
    expect((await h.data(ADD, { input: { tagUrn: TAG, resourceUrn: MODEL } })).addTag).toBe(true);
    expect(tagsOf(h, MODEL)).toEqual({ tags: [{ tag: TAG }] });
  });

  it('adding a tag that is already there adds no duplicate and keeps the others', async () => {
    const h = setup();
    h.store.write(DATASET, 'globalTags', { tags: [{ tag: TAG, context: 'ingested' }] });
    await h.data(ADD, { input: { tagUrn: TAG, resourceUrn: DATASET } });
    await h.data(ADD_MANY, { input: { tagUrns: [TAG, TAG2, TAG2], resourceUrn: DATASET } });
    expect(tagsOf(h, DATASET)).toEqual({ tags: [{ tag: TAG, context: 'ingested' }, { tag: TAG2 }] });
  });

  it('tags a column: editableSchemaMetadata.editableSchemaFieldInfo[fieldPath].globalTags', async () => {
    const h = setup();
    h.store.write(DATASET, 'editableSchemaMetadata', {
      editableSchemaFieldInfo: [{ fieldPath: 'order_id', description: 'the key' }],
    });
    await h.data(ADD, {
      input: { tagUrn: TAG, resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'amount' },
    });
    await h.data(ADD, {
      input: { tagUrn: TAG2, resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'order_id' },
    });
    expect(h.store.aspect(DATASET, 'editableSchemaMetadata')).toEqual({
      editableSchemaFieldInfo: [
        { fieldPath: 'order_id', description: 'the key', globalTags: { tags: [{ tag: TAG2 }] } },
        { fieldPath: 'amount', globalTags: { tags: [{ tag: TAG }] } },
      ],
    });
    expect(tagsOf(h, DATASET)).toBeUndefined();
  });

  it('rejects a tag that does not exist, and a non-tag urn, before writing', async () => {
    const h = setup();
    expectDataHubError(
      await h.gql(ADD, { input: { tagUrn: 'urn:li:tag:nope', resourceUrn: DATASET } }),
      'BAD_REQUEST',
      'Failed to validate label with urn urn:li:tag:nope. Urn does not exist.',
    );
    expectDataHubError(
      await h.gql(ADD, { input: { tagUrn: USER, resourceUrn: DATASET } }),
      'BAD_REQUEST',
      `Failed to validate label with urn ${USER}. Urn type does not match entity type tag..`,
    );
    expect(tagsOf(h, DATASET)).toBeUndefined();
  });

  it('rejects a resource that does not exist', async () => {
    const h = setup();
    expectDataHubError(
      await h.gql(ADD, { input: { tagUrn: TAG, resourceUrn: MISSING_DATASET } }),
      'BAD_REQUEST',
      `Failed to update resource with urn ${MISSING_DATASET}. Entity does not exist.`,
    );
    expect(h.store.exists(MISSING_DATASET)).toBe(false);
  });

  it('rejects a column that is not in the schema, and a subResource without its type (and vice versa)', async () => {
    const h = setup();
    const add = (extra: object) => h.gql(ADD, { input: { tagUrn: TAG, resourceUrn: DATASET, ...extra } });
    expectDataHubError(
      await add({ subResourceType: 'DATASET_FIELD', subResource: 'ghost' }),
      'BAD_REQUEST',
      `Failed to update ${DATASET} & field ghost. Field ghost does not exist in the datasets schema.`,
    );
    expectDataHubError(
      await add({ subResource: 'amount' }),
      'BAD_REQUEST',
      /SubResource \(amount\) provided without a subResourceType/,
    );
    expectDataHubError(
      await add({ subResourceType: 'DATASET_FIELD' }),
      'BAD_REQUEST',
      /SubResourceType \(DATASET_FIELD\) provided without a subResource/,
    );
    expectDataHubError(
      await h.gql(ADD, {
        input: { tagUrn: TAG, resourceUrn: MODEL, subResourceType: 'DATASET_FIELD', subResource: 'x' },
      }),
      'BAD_REQUEST',
      `Failed to update ${MODEL} & field x. ${MODEL} has no schema.`,
    );
    expect(h.store.aspect(DATASET, 'editableSchemaMetadata')).toBeUndefined();
  });

  it('addTags validates every tag before writing any', async () => {
    const h = setup();
    const res = await h.gql(ADD_MANY, { input: { tagUrns: [TAG, 'urn:li:tag:nope'], resourceUrn: DATASET } });
    expectDataHubError(res, 'BAD_REQUEST', /urn:li:tag:nope\. Urn does not exist/);
    expect(tagsOf(h, DATASET)).toBeUndefined();
  });

  it('batchAddTags tags every resource, or none when one resource does not exist', async () => {
    const h = setup();
    const resources = [
      { resourceUrn: DATASET },
      { resourceUrn: MODEL },
      { resourceUrn: OTHER_DATASET, subResourceType: 'DATASET_FIELD', subResource: 'amount' },
    ];
    expect((await h.data(BATCH_ADD, { input: { tagUrns: [TAG, TAG2], resources } })).batchAddTags).toBe(true);
    expect(tagsOf(h, DATASET)).toEqual({ tags: [{ tag: TAG }, { tag: TAG2 }] });
    expect(tagsOf(h, MODEL)).toEqual({ tags: [{ tag: TAG }, { tag: TAG2 }] });
    expect(h.store.aspect(OTHER_DATASET, 'editableSchemaMetadata')).toEqual({
      editableSchemaFieldInfo: [{ fieldPath: 'amount', globalTags: { tags: [{ tag: TAG }, { tag: TAG2 }] } }],
    });

    const h2 = setup();
    const res = await h2.gql(BATCH_ADD, {
      input: { tagUrns: [TAG], resources: [{ resourceUrn: DATASET }, { resourceUrn: MISSING_DATASET }] },
    });
    expectDataHubError(res, 'BAD_REQUEST', /Entity does not exist/);
    expect(tagsOf(h2, DATASET)).toBeUndefined();
  });
});

describe('removeTag / batchRemoveTags', () => {
  it('removeTag removes only that tag; removing an absent or unknown tag is not an error', async () => {
    const h = setup();
    h.store.write(DATASET, 'globalTags', { tags: [{ tag: TAG }, { tag: TAG2 }] });
    expect((await h.data(REMOVE, { input: { tagUrn: TAG, resourceUrn: DATASET } })).removeTag).toBe(true);
    expect(tagsOf(h, DATASET)).toEqual({ tags: [{ tag: TAG2 }] });
    await h.data(REMOVE, { input: { tagUrn: 'urn:li:tag:never-created', resourceUrn: DATASET } });
    expect(tagsOf(h, DATASET)).toEqual({ tags: [{ tag: TAG2 }] });
  });

  it('removeTag still requires the resource to exist', async () => {
    const h = setup();
    expectDataHubError(
      await h.gql(REMOVE, { input: { tagUrn: TAG, resourceUrn: MISSING_DATASET } }),
      'BAD_REQUEST',
      /Entity does not exist/,
    );
  });

  it('removes a column tag from editableSchemaMetadata', async () => {
    const h = setup();
    const col = { resourceUrn: DATASET, subResourceType: 'DATASET_FIELD', subResource: 'amount' };
    await h.data(ADD_MANY, { input: { tagUrns: [TAG, TAG2], ...col } });
    await h.data(REMOVE, { input: { tagUrn: TAG, ...col } });
    expect(h.store.aspect(DATASET, 'editableSchemaMetadata')).toEqual({
      editableSchemaFieldInfo: [{ fieldPath: 'amount', globalTags: { tags: [{ tag: TAG2 }] } }],
    });
  });

  it('batchRemoveTags removes the tags from every resource', async () => {
    const h = setup();
    h.store.write(DATASET, 'globalTags', { tags: [{ tag: TAG }, { tag: TAG2 }] });
    h.store.write(MODEL, 'globalTags', { tags: [{ tag: TAG2 }] });
    const res = await h.data(BATCH_REMOVE, {
      input: { tagUrns: [TAG2], resources: [{ resourceUrn: DATASET }, { resourceUrn: MODEL }] },
    });
    expect(res.batchRemoveTags).toBe(true);
    expect(tagsOf(h, DATASET)).toEqual({ tags: [{ tag: TAG }] });
    expect(tagsOf(h, MODEL)).toEqual({ tags: [] });
  });
});

describe("tags read back through GraphQL (needs the read helper's resolvers)", () => {
  it.runIf(readSide('Query', 'dataset'))('a created and added tag shows on the dataset with its name', async () => {
    const h = setup();
    const { createTag: tagUrn } = await h.data(CREATE, { input: { id: 'janus-review', name: 'janus:review' } });
    await h.data(ADD, { input: { tagUrn, resourceUrn: DATASET } });
    const res = await h.data(
      `query($urn: String!) { dataset(urn: $urn) { tags { tags { tag { urn properties { name } } } } } }`,
      { urn: DATASET },
    );
    expect(res.dataset.tags.tags).toEqual([{ tag: { urn: tagUrn, properties: { name: 'janus:review' } } }]);
  });

  it.runIf(readSide('Query', 'tag'))('the created tag lists its creator as owner', async () => {
    const h = setup();
    await h.data(CREATE, { input: { id: 'janus-review', name: 'janus:review' } });
    const res = await h.data(`{ tag(urn: "urn:li:tag:janus-review") { properties { name } ownership { owners {
      owner { ... on CorpUser { urn } } ownershipType { urn } } } } }`);
    expect(res.tag).toEqual({
      properties: { name: 'janus:review' },
      ownership: {
        owners: [{ owner: { urn: ACTOR }, ownershipType: { urn: 'urn:li:ownershipType:__system__technical_owner' } }],
      },
    });
  });
});
