import { describe, expect, it } from 'vitest';
import { simHarness } from './support/harness.js';

const ds = (name: string, platform = 'snowflake', env = 'PROD') =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${env})`;
const model = (name: string, env = 'PROD') => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},${env})`;

function seedCatalog() {
  const h = simHarness();
  const { store } = h;
  store.write(ds('trips'), 'datasetProperties', { name: 'trips', description: 'NYC taxi trips', customProperties: {} });
  store.write(ds('trips_daily'), 'datasetProperties', { name: 'trips_daily', customProperties: {} });
  store.write(ds('raw_trips', 's3', 'DEV'), 'datasetProperties', { name: 'raw_trips', customProperties: {} });
  store.write(ds('zones'), 'datasetProperties', {
    name: 'zones',
    description: 'taxi zones, joined to trips',
    customProperties: {},
  });
  store.write(ds('zones'), 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
  store.write(ds('old_trips'), 'datasetProperties', { name: 'old_trips', customProperties: {} });
  store.write(ds('old_trips'), 'status', { removed: true });
  store.write(model('tip_predictor'), 'mlModelProperties', { customProperties: {}, description: 'tips from trips' });
  store.write(model('tip_predictor'), 'ownership', {
    owners: [{ owner: 'urn:li:corpuser:alice', type: 'TECHNICAL_OWNER' }],
  });
  store.write(model('eta', 'DEV'), 'mlModelProperties', { customProperties: {} });
  store.write('urn:li:corpuser:alice', 'corpUserInfo', {
    active: true,
    displayName: 'Alice Trips',
    email: 'alice@example.com',
  });
  store.ensure(ds('referenced_only')); // no aspects: not in the search index
  return h;
}

const SEARCH = `query($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { start count total searchResults { entity { urn type } matchedFields { name value } } } }`;

async function search(h: ReturnType<typeof simHarness>, input: Record<string, unknown>) {
  const r = await h.data(SEARCH, { input });
  return r.searchAcrossEntities as {
    start: number;
    count: number;
    total: number;
    searchResults: { entity: { urn: string; type: string }; matchedFields: { name: string; value: string }[] }[];
  };
}
const urns = (r: { searchResults: { entity: { urn: string } }[] }) => r.searchResults.map((x) => x.entity.urn);

describe('searchAcrossEntities: query text', () => {
  it('ranks an exact name first, then name prefixes, then names containing the query, then other fields', async () => {
    const h = seedCatalog();
    const r = await search(h, { types: ['DATASET', 'MLMODEL', 'CORP_USER'], query: 'trips' });
    expect(urns(r)).toEqual([
      ds('trips'), // exact name
      ds('trips_daily'), // name prefix
      'urn:li:corpuser:alice', // name contains ("Alice Trips"); ties break on urn
      ds('raw_trips', 's3', 'DEV'),
      ds('zones'), // description only
      model('tip_predictor'),
    ]);
    expect(r.total).toBe(6);
    expect(r.searchResults[0]!.matchedFields).toContainEqual({ name: 'name', value: 'trips' });
  });

  it('matches case-insensitively, by urn text and by description; a trailing * is a prefix', async () => {
    const h = seedCatalog();
    expect(urns(await search(h, { types: ['DATASET'], query: 'ZONES' }))).toEqual([ds('zones')]);
    expect(urns(await search(h, { types: ['DATASET'], query: 'dataPlatform:s3' }))).toEqual([
      ds('raw_trips', 's3', 'DEV'),
    ]);
    expect(urns(await search(h, { types: ['MLMODEL'], query: 'tips from' }))).toEqual([model('tip_predictor')]);
    expect(urns(await search(h, { types: ['DATASET'], query: 'zon*' }))).toEqual([ds('zones')]);
  });

  it('answers nothing for a query that matches nothing', async () => {
    const h = seedCatalog();
    expect(await search(h, { query: 'no-such-thing' })).toEqual({ start: 0, count: 10, total: 0, searchResults: [] });
  });

  it('matches everything for * or an empty query, ordered by urn, with empty matchedFields', async () => {
    const h = seedCatalog();
    const r = await search(h, { types: ['DATASET'], query: '*' });
    expect(urns(r)).toEqual([ds('raw_trips', 's3', 'DEV'), ds('trips'), ds('trips_daily'), ds('zones')]);
    expect(r.searchResults.every((x) => x.matchedFields.length === 0)).toBe(true);
    expect(urns(await search(h, { types: ['DATASET'], query: '' }))).toEqual(urns(r));
  });
});

describe('searchAcrossEntities: types, paging, soft delete', () => {
  it('searches the default entity types when none are given, including the root user', async () => {
    const h = seedCatalog();
    const r = await search(h, { query: '*', count: 100 });
    expect(urns(r).sort()).toEqual(
      [
        ds('raw_trips', 's3', 'DEV'),
        ds('trips'),
        ds('trips_daily'),
        ds('zones'),
        model('eta', 'DEV'),
        model('tip_predictor'),
        'urn:li:corpuser:alice',
        'urn:li:corpuser:datahub',
      ].sort(),
    );
    expect(r.count).toBe(100);
  });

  it('restricts to the requested types', async () => {
    const h = seedCatalog();
    const r = await search(h, { types: ['MLMODEL'], query: '*' });
    expect(r.searchResults.map((x) => x.entity.type)).toEqual(['MLMODEL', 'MLMODEL']);
    expect(r.total).toBe(2);
  });

  it('pages with start and count; count reports the page size asked for', async () => {
    const h = seedCatalog();
    const all = urns(await search(h, { types: ['DATASET'], query: '*' }));
    const p1 = await search(h, { types: ['DATASET'], query: '*', start: 0, count: 3 });
    const p2 = await search(h, { types: ['DATASET'], query: '*', start: 3, count: 3 });
    expect([p1.start, p1.count, p1.total, urns(p1)]).toEqual([0, 3, 4, all.slice(0, 3)]);
    expect([p2.start, p2.count, p2.total, urns(p2)]).toEqual([3, 3, 4, all.slice(3)]);
    const past = await search(h, { types: ['DATASET'], query: '*', start: 10 });
    expect([past.total, past.searchResults]).toEqual([4, []]);
  });

  it('leaves soft-deleted entities out unless includeSoftDeleted or a removed filter asks for them', async () => {
    const h = seedCatalog();
    expect(urns(await search(h, { types: ['DATASET'], query: 'old' }))).toEqual([]);
    expect(
      urns(await search(h, { types: ['DATASET'], query: 'old', searchFlags: { includeSoftDeleted: true } })),
    ).toEqual([ds('old_trips')]);
    expect(
      urns(
        await search(h, {
          types: ['DATASET'],
          query: '*',
          orFilters: [{ and: [{ field: 'removed', values: ['true'] }] }],
        }),
      ),
    ).toEqual([ds('old_trips')]);
  });
});

describe('searchAcrossEntities: filters', () => {
  it('filters on platform, origin, tags, owners, urn and _entityType', async () => {
    const h = seedCatalog();
    const f = async (field: string, values: string[], extra = {}) =>
      urns(await search(h, { query: '*', orFilters: [{ and: [{ field, values, ...extra }] }], count: 50 })).sort();
    expect(await f('platform', ['urn:li:dataPlatform:s3'])).toEqual([ds('raw_trips', 's3', 'DEV')]);
    expect(await f('origin', ['DEV'])).toEqual([ds('raw_trips', 's3', 'DEV'), model('eta', 'DEV')].sort());
    expect(await f('tags', ['urn:li:tag:pii'])).toEqual([ds('zones')]);
    expect(await f('owners', ['urn:li:corpuser:alice'])).toEqual([model('tip_predictor')]);
    expect(await f('urn', [ds('trips'), ds('zones')])).toEqual([ds('trips'), ds('zones')]);
    expect(await f('_entityType', ['MLMODEL'])).toEqual([model('eta', 'DEV'), model('tip_predictor')]);
    expect(await f('_entityType', ['corpuser'])).toEqual(['urn:li:corpuser:alice', 'urn:li:corpuser:datahub']);
    expect(await f('name', ['zones'])).toEqual([ds('zones')]);
  });

  it('ORs the and-clauses, ANDs within a clause, and honours negated and conditions', async () => {
    const h = seedCatalog();
    const f = async (orFilters: unknown[]) =>
      urns(await search(h, { types: ['DATASET'], query: '*', orFilters })).sort();
    expect(
      await f([
        { and: [{ field: 'origin', values: ['DEV'] }] },
        { and: [{ field: 'tags', values: ['urn:li:tag:pii'] }] },
      ]),
    ).toEqual([ds('raw_trips', 's3', 'DEV'), ds('zones')].sort());
    expect(
      await f([
        {
          and: [
            { field: 'platform', values: ['urn:li:dataPlatform:snowflake'] },
            { field: 'tags', values: ['urn:li:tag:pii'], negated: true },
          ],
        },
      ]),
    ).toEqual([ds('trips'), ds('trips_daily')]);
    expect(await f([{ and: [{ field: 'name', values: ['trips'], condition: 'START_WITH' }] }])).toEqual([
      ds('trips'),
      ds('trips_daily'),
    ]);
    expect(await f([{ and: [{ field: 'tags', condition: 'EXISTS' }] }])).toEqual([ds('zones')]);
    expect(await f([{ and: [{ field: 'origin', values: ['prod'] }] }])).toEqual([]); // EQUAL is exact
    expect(await f([{ and: [{ field: 'origin', values: ['prod'], condition: 'IEQUAL' }] }])).toEqual([
      ds('trips'),
      ds('trips_daily'),
      ds('zones'),
    ]);
  });

  it('accepts the deprecated filters list as one and-clause', async () => {
    const h = seedCatalog();
    const r = await search(h, {
      query: '*',
      filters: [
        { field: 'platform', values: ['urn:li:dataPlatform:mlflow'] },
        { field: 'origin', values: ['PROD'] },
      ],
    });
    expect(urns(r)).toEqual([model('tip_predictor')]);
  });

  it('combines a text query with filters', async () => {
    const h = seedCatalog();
    const r = await search(h, {
      query: 'trips',
      orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:snowflake'] }] }],
    });
    expect(urns(r)).toEqual([ds('trips'), ds('trips_daily'), ds('zones')]);
  });

  it('sees writes made after an earlier search', async () => {
    const h = seedCatalog();
    expect(
      (
        await search(h, {
          types: ['CORP_USER'],
          query: '*',
          orFilters: [{ and: [{ field: 'email', values: ['zed@example.com'] }] }],
        })
      ).total,
    ).toBe(0);
    h.store.write('urn:li:corpuser:zed', 'corpUserInfo', { active: true, email: 'zed@example.com' });
    expect(
      urns(
        await search(h, {
          types: ['CORP_USER'],
          query: '*',
          orFilters: [{ and: [{ field: 'email', values: ['zed@example.com'] }] }],
        }),
      ),
    ).toEqual(['urn:li:corpuser:zed']);
  });
});
