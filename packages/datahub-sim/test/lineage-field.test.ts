import { describe, expect, it } from 'vitest';
import { addChain, addDataset, CHAIN as C, col, ds, writeStampedUpstream } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const LINEAGE = `query($urn: String!, $input: LineageInput!) {
  entity(urn: $urn) {
    ... on EntityWithRelationships {
      lineage(input: $input) {
        start count total filtered
        relationships { type degree isManual createdOn updatedOn entity { urn type } paths { path { urn } } }
      }
    }
  }
}`;

interface Lineage {
  start: number;
  count: number;
  total: number;
  filtered: number;
  relationships: {
    type: string;
    degree: number;
    isManual: boolean;
    createdOn: number | null;
    updatedOn: number | null;
    entity: { urn: string; type: string };
    paths: { path: { urn: string }[] }[];
  }[];
}

function setup() {
  const h = simHarness();
  addChain(h.store);
  const lineage = async (urn: string, input: Record<string, unknown>) =>
    (await h.data<{ entity: { lineage: Lineage } }>(LINEAGE, { urn, input })).entity.lineage;
  const pairs = (l: Lineage) => l.relationships.map((r) => [r.type, r.entity.urn]);
  return { ...h, lineage, pairs };
}

describe('the lineage field (one hop)', () => {
  it("a dataset's UPSTREAM is its upstream datasets and the job that produces it; DOWNSTREAM mirrors it", async () => {
    const { lineage, pairs } = setup();
    const up = await lineage(C.tripFeatures, { direction: 'UPSTREAM' });
    expect(pairs(up)).toEqual([
      ['DownstreamOf', C.stgTrips],
      ['Produces', C.etl],
    ]);
    expect(up).toMatchObject({ start: 0, count: 100, total: 2, filtered: 0 });
    expect(up.relationships.every((r) => r.degree === 1 && r.isManual === false)).toBe(true);
    expect(up.relationships[0]?.paths.map((p) => p.path.map((e) => e.urn))).toEqual([[C.tripFeatures, C.stgTrips]]);
    const down = await lineage(C.tripFeatures, { direction: 'DOWNSTREAM' });
    expect(pairs(down).sort()).toEqual(
      [
        ['Consumes', C.training],
        ['DerivedFrom', C.tipRate],
        ['DerivedFrom', C.farePerMile],
      ].sort(),
    );
  });

  it("a job's UPSTREAM is its inputs and its DOWNSTREAM its outputs and the models it trains", async () => {
    const { lineage, pairs } = setup();
    expect(pairs(await lineage(C.etl, { direction: 'UPSTREAM' }))).toEqual([
      ['Consumes', C.stgTrips],
      ['Consumes', C.rawZones],
    ]);
    expect(pairs(await lineage(C.etl, { direction: 'DOWNSTREAM' }))).toEqual([['Produces', C.tripFeatures]]);
    expect(pairs(await lineage(C.training, { direction: 'DOWNSTREAM' }))).toEqual([['TrainedBy', C.tipModel]]);
  });

  it("a model's UPSTREAM is its features and training jobs; a feature's UPSTREAM its source datasets", async () => {
    const { lineage, pairs } = setup();
    expect(pairs(await lineage(C.tipModel, { direction: 'UPSTREAM' }))).toEqual([
      ['Consumes', C.tipRate],
      ['Consumes', C.farePerMile],
      ['TrainedBy', C.training],
    ]);
    expect(pairs(await lineage(C.tipModel, { direction: 'DOWNSTREAM' }))).toEqual([]);
    expect(pairs(await lineage(C.tipRate, { direction: 'UPSTREAM' }))).toEqual([['DerivedFrom', C.tripFeatures]]);
    expect(pairs(await lineage(C.farePerMile, { direction: 'DOWNSTREAM' }))).toEqual([
      ['Consumes', C.tipModel],
      ['Consumes', C.fareModel],
    ]);
  });

  it('groups, downstream jobs and run edges go the right way', async () => {
    const { store, lineage, pairs } = setup();
    const group = 'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,tips,PROD)';
    const scorer = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,scoring,PROD),score)';
    store.write(group, 'mlModelGroupProperties', { customProperties: {} });
    store.write(scorer, 'dataJobInfo', { customProperties: {}, name: 'score', type: 'COMMAND' });
    store.write(C.fareModel, 'mlModelProperties', {
      customProperties: {},
      tags: [],
      mlFeatures: [C.farePerMile],
      groups: [group],
      downstreamJobs: [scorer],
    });
    const run = 'urn:li:dataProcessInstance:train-1';
    store.write(run, 'dataProcessInstanceProperties', {
      name: 'train-1',
      created: { time: 5, actor: 'urn:li:corpuser:x' },
      customProperties: {},
    });
    store.write(run, 'dataProcessInstanceInput', { inputs: [], inputEdges: [{ destinationUrn: C.tripFeatures }] });
    store.write(run, 'dataProcessInstanceOutput', { outputs: [], outputEdges: [{ destinationUrn: C.fareModel }] });
    expect(pairs(await lineage(C.fareModel, { direction: 'DOWNSTREAM' }))).toEqual([
      ['MemberOf', group],
      ['UsedBy', scorer],
    ]);
    expect(pairs(await lineage(C.fareModel, { direction: 'UPSTREAM' }))).toEqual([
      ['Consumes', C.farePerMile],
      ['DataProcessInstanceProduces', run],
    ]);
    expect(pairs(await lineage(group, { direction: 'UPSTREAM' }))).toEqual([['MemberOf', C.fareModel]]);
    expect(pairs(await lineage(run, { direction: 'UPSTREAM' }))).toEqual([
      ['DataProcessInstanceConsumes', C.tripFeatures],
    ]);
    // `inputs` (not `inputEdges`) is a plain Consumes relationship, not lineage.
    store.write(run, 'dataProcessInstanceInput', { inputs: [C.rawZones] });
    expect(pairs(await lineage(run, { direction: 'UPSTREAM' }))).toEqual([]);
  });

  it('column lineage through the SchemaFieldEntity lineage field', async () => {
    const { lineage, pairs } = setup();
    expect(pairs(await lineage(col(C.tripFeatures, 'fare_per_mile'), { direction: 'UPSTREAM' }))).toEqual([
      ['DownstreamOf', col(C.stgTrips, 'fare')],
      ['DownstreamOf', col(C.stgTrips, 'distance')],
    ]);
  });

  it('drops soft-deleted and missing neighbours into `filtered` (total stays the graph count) unless ghosts are asked for', async () => {
    const { store, lineage } = setup();
    const removed = ds('nyc.old_trips');
    const missing = ds('nyc.never_ingested');
    addDataset(store, removed, { removed: true });
    addDataset(store, C.stgTrips, { upstreams: [C.rawTrips, removed, missing], columns: ['fare'] });
    const up = await lineage(C.stgTrips, { direction: 'UPSTREAM' });
    expect(up.relationships.map((r) => r.entity.urn)).toEqual([C.rawTrips]);
    expect(up).toMatchObject({ total: 3, filtered: 2 });
    const ghosts = await lineage(C.stgTrips, { direction: 'UPSTREAM', includeGhostEntities: true });
    expect(ghosts.relationships.map((r) => r.entity.urn)).toEqual([C.rawTrips, removed, missing]);
    expect(ghosts.filtered).toBe(0);
  });

  it('pages with start and count', async () => {
    const { lineage } = setup();
    const page = await lineage(C.etl, { direction: 'UPSTREAM', start: 1, count: 1 });
    expect(page.relationships.map((r) => r.entity.urn)).toEqual([C.rawZones]);
    expect(page).toMatchObject({ start: 1, count: 1, total: 2 });
  });

  it('reports manual (UI) lineage and the edge timestamps', async () => {
    const { store, lineage } = setup();
    writeStampedUpstream(store, C.rawZones, C.rawTrips, {
      updated: { time: 20, actor: 'urn:li:corpuser:a' },
      created: { time: 10, actor: 'urn:li:corpuser:a' },
      type: 'TRANSFORMED',
      properties: { source: 'UI' },
    });
    const up = await lineage(C.rawZones, { direction: 'UPSTREAM' });
    expect(up.relationships[0]).toMatchObject({ isManual: true, createdOn: 10, updatedOn: 20 });
    const window = await lineage(C.tripFeatures, { direction: 'UPSTREAM', startTimeMillis: 100, endTimeMillis: 200 });
    // Edges without timestamps (auditStamp time 0) are kept by the time filter.
    expect(window.total).toBe(2);
  });

  it('answers a hop asked again from what it kept, until a write changes the graph or an entity is soft-deleted', async () => {
    const { lineage, pairs, store } = setup();
    const before = pairs(await lineage(C.stgTrips, { direction: 'DOWNSTREAM' }));
    expect(pairs(await lineage(C.stgTrips, { direction: 'DOWNSTREAM' }))).toEqual(before);
    const added = ds('trips_by_hour');
    addDataset(store, added, { upstreams: [C.stgTrips] });
    const after = pairs(await lineage(C.stgTrips, { direction: 'DOWNSTREAM' }));
    expect(after).toEqual([...before, ['DownstreamOf', added]]);
    store.write(added, 'status', { removed: true });
    expect(pairs(await lineage(C.stgTrips, { direction: 'DOWNSTREAM' }))).toEqual(before);
    expect(pairs(await lineage(C.stgTrips, { direction: 'DOWNSTREAM', includeGhostEntities: true }))).toEqual(after);
  });
});
