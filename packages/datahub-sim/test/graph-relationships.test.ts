import { describe, expect, it } from 'vitest';
import { graphOf, walkLineage } from '../src/lineage/index.js';
import { addChain, addDataset, CHAIN as C, col, ds, writeStampedUpstream } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const RELATIONSHIPS = `query($urn: String!, $input: RelationshipsInput!) {
  entity(urn: $urn) {
    relationships(input: $input) { start count total relationships { type direction created { time } entity { urn type } } }
  }
}`;

interface Result {
  start: number;
  count: number;
  total: number;
  relationships: { type: string; direction: string; created: null; entity: { urn: string; type: string } | null }[];
}

function setup() {
  const h = simHarness();
  addChain(h.store);
  const rel = async (urn: string, input: Record<string, unknown>) =>
    (await h.data<{ entity: { relationships: Result } }>(RELATIONSHIPS, { urn, input })).entity.relationships;
  return { ...h, rel };
}

const incident = (id: string) => `urn:li:incident:${id}`;

function raise(h: ReturnType<typeof setup>, id: string, entities: string[], state = 'ACTIVE') {
  h.store.write(incident(id), 'incidentInfo', {
    type: 'OPERATIONAL',
    title: id,
    entities,
    status: { state, lastUpdated: { time: 1, actor: 'urn:li:corpuser:x' } },
    created: { time: 1, actor: 'urn:li:corpuser:x' },
  });
}

describe('relationships', () => {
  it('IncidentOn INCOMING lists the incidents raised on a dataset', async () => {
    const h = setup();
    raise(h, 'a', [C.tripFeatures, col(C.tripFeatures, 'tip_rate')]);
    raise(h, 'b', [C.stgTrips]);
    const r = await h.rel(C.tripFeatures, { types: ['IncidentOn'], direction: 'INCOMING' });
    expect(r.relationships).toEqual([
      { type: 'IncidentOn', direction: 'INCOMING', created: null, entity: { urn: incident('a'), type: 'INCIDENT' } },
    ]);
    expect(r).toMatchObject({ start: 0, count: 1, total: 1 });
    // The incident's own view: OUTGOING IncidentOn to every entity it names.
    const out = await h.rel(incident('a'), { types: ['IncidentOn'], direction: 'OUTGOING' });
    expect(out.relationships.map((x) => x.entity?.urn)).toEqual([C.tripFeatures, col(C.tripFeatures, 'tip_rate')]);
  });

  it('follows direction: OUTGOING = edges whose source is the entity', async () => {
    const { rel } = setup();
    const out = await rel(C.tipModel, { types: ['Consumes', 'TrainedBy'], direction: 'OUTGOING' });
    expect(out.relationships.map((x) => [x.type, x.entity?.urn])).toEqual([
      ['Consumes', C.tipRate],
      ['Consumes', C.farePerMile],
      ['TrainedBy', C.training],
    ]);
    expect((await rel(C.tipModel, { types: ['Consumes'], direction: 'INCOMING' })).total).toBe(0);
    const into = await rel(C.tipRate, { types: ['Consumes'], direction: 'INCOMING' });
    expect(into.relationships.map((x) => x.entity?.urn)).toEqual([C.tipModel]);
    // Non-lineage relationships are part of the graph too.
    const contains = await rel(C.etl, { types: ['IsPartOf'], direction: 'OUTGOING' });
    expect(contains.relationships.map((x) => x.entity?.urn)).toEqual(['urn:li:dataFlow:(airflow,nyc_etl,PROD)']);
  });

  it('pages with start and count, and drops missing or soft-deleted entities when includeSoftDelete is false', async () => {
    const h = setup();
    const owners = ['urn:li:corpuser:ann', 'urn:li:corpuser:bob', 'urn:li:corpuser:cid'];
    h.store.write(C.tipModel, 'ownership', {
      owners: owners.map((owner) => ({ owner, type: 'TECHNICAL_OWNER' })),
      lastModified: { time: 0, actor: 'urn:li:corpuser:unknown' },
    });
    h.store.write(owners[0]!, 'corpUserInfo', { active: true });
    h.store.write(owners[1]!, 'corpUserInfo', { active: true });
    h.store.write(owners[1]!, 'status', { removed: true });
    const page = await h.rel(C.tipModel, { types: ['OwnedBy'], direction: 'OUTGOING', start: 1, count: 1 });
    expect(page.relationships.map((x) => x.entity?.urn)).toEqual([owners[1]]);
    expect(page).toMatchObject({ start: 1, count: 1, total: 3 });
    const live = await h.rel(C.tipModel, { types: ['OwnedBy'], direction: 'OUTGOING', includeSoftDelete: false });
    expect(live.relationships.map((x) => x.entity?.urn)).toEqual([owners[0]]);
    expect(live).toMatchObject({ count: 1, total: 1 });
    const everyone = await h.rel(C.tipModel, { types: ['OwnedBy'], direction: 'OUTGOING' });
    expect(everyone.total).toBe(3);
    expect(everyone.relationships.map((x) => x.entity?.type)).toEqual(['CORP_USER', 'CORP_USER', 'CORP_USER']);
  });

  it('covers tags, group membership, feature tables, asserts and run templates', async () => {
    const h = setup();
    h.store.write(C.rawTrips, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
    h.store.write('urn:li:corpuser:ann', 'groupMembership', { groups: ['urn:li:corpGroup:ml'] });
    const table = 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,trip_features)';
    h.store.write(table, 'mlFeatureTableProperties', {
      customProperties: {},
      mlFeatures: [C.tipRate],
      mlPrimaryKeys: ['urn:li:mlPrimaryKey:(trip_features,trip_id)'],
    });
    h.store.write('urn:li:assertion:fresh', 'assertionInfo', {
      type: 'FRESHNESS',
      freshnessAssertion: { type: 'DATASET_CHANGE', entity: C.rawTrips, schedule: { type: 'SINCE_THE_LAST_CHECK' } },
    });
    h.store.write('urn:li:dataProcessInstance:r1', 'dataProcessInstanceRelationships', {
      parentTemplate: C.training,
      upstreamInstances: [],
    });
    const pairs = async (urn: string, types: string[], direction: string) =>
      (await h.rel(urn, { types, direction })).relationships.map((x) => x.entity?.urn);
    expect(await pairs('urn:li:tag:pii', ['TaggedWith'], 'INCOMING')).toEqual([C.rawTrips]);
    expect(await pairs('urn:li:corpuser:ann', ['IsMemberOfGroup'], 'OUTGOING')).toEqual(['urn:li:corpGroup:ml']);
    expect(await pairs(table, ['Contains'], 'OUTGOING')).toEqual([C.tipRate]);
    expect(await pairs(table, ['KeyedBy'], 'OUTGOING')).toEqual(['urn:li:mlPrimaryKey:(trip_features,trip_id)']);
    expect(await pairs(C.rawTrips, ['Asserts'], 'INCOMING')).toEqual(['urn:li:assertion:fresh']);
    expect(await pairs(C.training, ['InstanceOf'], 'INCOMING')).toEqual(['urn:li:dataProcessInstance:r1']);
  });
});

describe('graphOf', () => {
  it('is built once, then catches up on the entities a write touched (graph-catch-up.test.ts checks it in depth)', () => {
    const { store } = setup();
    const g = graphOf(store);
    expect(graphOf(store)).toBe(g);
    expect(g.incoming(C.rawTrips, ['DownstreamOf']).map((e) => e.source)).not.toContain(ds('nyc.extra'));
    addDataset(store, ds('nyc.extra'), { upstreams: [C.rawTrips] });
    const g2 = graphOf(store);
    expect(g2.version).toBe(store.version);
    expect(g2.incoming(C.rawTrips, ['DownstreamOf']).map((e) => e.source)).toContain(ds('nyc.extra'));
  });

  it('fails an impact walk that reaches the maxRelations limit, as GMS does without partial results', () => {
    const { store } = setup();
    const graph = graphOf(store);
    expect(walkLineage(graph, C.tipModel, { direction: 'UPSTREAM', maxHops: 10, maxRelations: 9 }).hits).toHaveLength(
      8,
    );
    expect(() => walkLineage(graph, C.tipModel, { direction: 'UPSTREAM', maxHops: 10, maxRelations: 3 })).toThrow(
      /exceeded the configured maxRelations limit of 3/,
    );
  });

  it('exposes edges with their metadata and one-hop lineage for reuse', () => {
    const { store } = setup();
    writeStampedUpstream(store, C.rawZones, C.rawTrips, {
      updated: { time: 7, actor: 'urn:li:corpuser:a' },
      created: { time: 3, actor: 'urn:li:corpuser:b' },
      type: 'COPY',
    });
    const g = graphOf(store);
    expect(g.outgoing(C.rawZones)).toEqual([
      expect.objectContaining({
        type: 'DownstreamOf',
        source: C.rawZones,
        destination: C.rawTrips,
        createdOn: 3,
        createdActor: 'urn:li:corpuser:b',
        updatedOn: 7,
        isManual: false,
      }),
    ]);
    expect(g.upstreams(C.tripFeatures).map((h) => [h.type, h.urn, h.degree])).toEqual([
      ['DownstreamOf', C.stgTrips, 1],
      ['Produces', C.etl, 1],
    ]);
    expect(g.downstreams(C.stgTrips).map((h) => h.urn)).toEqual([C.tripFeatures, C.etl, C.training]);
    expect(g.upstreams(col(C.stgTrips, 'fare')).map((h) => h.urn)).toEqual([col(C.rawTrips, 'fare_amount')]);
    expect(g.downstreams(col(C.rawTrips, 'fare_amount')).map((h) => h.urn)).toEqual([col(C.stgTrips, 'fare')]);
    // Non-lineage edges never count as lineage hops.
    expect(g.upstreams(C.tipRate).map((h) => h.urn)).toEqual([C.tripFeatures]);
  });
});
