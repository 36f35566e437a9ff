import { OWNER_FIELDS } from './support/ops-examples.js';
import { describe, expect, it } from 'vitest';
import type { Store } from '../src/store/store.js';
import { runGraphQL } from '../src/schema/execute.js';
import { addChain, addDataset, CHAIN as C, col, ds, run } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

// Verbatim from shared/reference/datahub-ops-examples/lineage.graphql (the operations Janus sends).
const LINEAGE_OPS = `
query JanusUpstream($urn: String!, $count: Int, $scrollId: String) {
  scrollAcrossLineage(
    input: {
      urn: $urn
      direction: UPSTREAM
      types: [DATASET, DATA_JOB, MLFEATURE, MLPRIMARY_KEY]
      query: "*"
      count: $count
      scrollId: $scrollId
      orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }]
    }
  ) {
    nextScrollId
    total
    isPartial
    searchResults {
      degree
      degrees
      entity { urn type }
      paths { path { urn type } }
    }
  }
}

query JanusSearchUpstream($urn: String!) {
  searchAcrossLineage(
    input: {
      urn: $urn
      direction: UPSTREAM
      start: 0
      count: 100
      orFilters: [{ and: [{ field: "degree", values: ["1", "2"] }] }]
      lineageFlags: { entitiesExploredPerHopLimit: 50 }
    }
  ) {
    total
    lineageSearchPath
    searchResults { degree entity { urn type } }
  }
}

query JanusDirectLineage($urn: String!) {
  entity(urn: $urn) {
    urn
    ... on Dataset {
      lineage(input: { direction: UPSTREAM, start: 0, count: 100 }) {
        total
        relationships { type degree isManual entity { urn type } }
      }
      fineGrainedLineages {
        upstreams { urn path }
        downstreams { urn path }
        transformOperation
        query
      }
    }
  }
}

query JanusColumnUpstream($schemaFieldUrn: String!) {
  scrollAcrossLineage(
    input: {
      urn: $schemaFieldUrn
      direction: UPSTREAM
      count: 100
      searchFlags: {
        groupingSpec: { groupingCriteria: [{ baseEntityType: SCHEMA_FIELD, groupingEntityType: SCHEMA_FIELD }] }
      }
    }
  ) {
    nextScrollId
    searchResults {
      degree
      entity { urn type ... on SchemaFieldEntity { fieldPath parent { urn } } }
      paths { path { urn type } }
    }
  }
}
`;

// Verbatim from shared/reference/datahub-ops-examples/health.graphql, with the OwnerFields fragment it uses
// (fragments.graphql).
const HEALTH_OPS = `
query JanusDatasetHealth($urn: String!) {
  dataset(urn: $urn) {
    urn
    lastIngested
    properties { lastModified { time actor } }
    operations(limit: 5) { timestampMillis lastUpdatedTimestamp operationType customOperationType sourceType actor }
    datasetProfiles(limit: 1) { timestampMillis rowCount columnCount }
    health { type status message causes reportedAt }
    assertions(start: 0, count: 50) {
      total
      assertions {
        urn
        info { type description externalUrl freshnessAssertion { type schedule { type fixedInterval { unit multiple } } } }
        runEvents(status: COMPLETE, limit: 1) {
          total failed succeeded errored
          runEvents { timestampMillis status result { type externalUrl nativeResults { key value } } }
        }
      }
    }
    incidents(state: ACTIVE, start: 0, count: 20) {
      total
      incidents { urn title incidentType priority incidentStatus { state stage } created { time } }
    }
    producingRuns: runs(start: 0, count: 5, direction: OUTGOING) {
      runs { urn state(limit: 1) { status timestampMillis result { resultType nativeResultType } } }
    }
    ownership { ...OwnerFields }
  }
}

query JanusJobRuns($urn: String!) {
  dataJob(urn: $urn) {
    urn
    dataFlow { urn flowId orchestrator }
    health { type status }
    runs(start: 0, count: 10) {
      total
      runs {
        urn
        properties { name created { time } externalUrl }
        state(limit: 1) { status attempt timestampMillis durationMillis result { resultType nativeResultType } }
      }
    }
  }
}

${OWNER_FIELDS}
`;

function setup() {
  const h = simHarness();
  addChain(h.store);
  const op = async (query: string, operationName: string, variables: Record<string, unknown>) => {
    const r = await runGraphQL({ query, operationName, variables }, h.ctx);
    // Only the graph's own fields are asserted here; errors must not come from them.
    const graphErrors = (r.errors ?? []).filter((e) =>
      /lineage|relationships|runs|incidents|assertions|health/i.test(String(e.path?.join('.'))),
    );
    expect(graphErrors).toEqual([]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return r.data as any;
  };
  return { ...h, op };
}

function addOperationalData(store: Store) {
  store.write('urn:li:incident:i1', 'incidentInfo', {
    type: 'FRESHNESS',
    title: 'stale',
    entities: [C.tripFeatures],
    priority: 1,
    status: { state: 'ACTIVE', lastUpdated: { time: 5, actor: 'urn:li:corpuser:x' } },
    created: { time: 5, actor: 'urn:li:corpuser:x' },
  });
  store.write('urn:li:assertion:a1', 'assertionInfo', {
    type: 'DATASET',
    datasetAssertion: { dataset: C.tripFeatures, scope: 'DATASET_ROWS', operator: 'GREATER_THAN' },
  });
  store.append('urn:li:assertion:a1', 'assertionRunEvent', {
    timestampMillis: 10,
    runId: 'r',
    asserteeUrn: C.tripFeatures,
    assertionUrn: 'urn:li:assertion:a1',
    status: 'COMPLETE',
    result: { type: 'FAILURE' },
  });
  const r = run('etl-1');
  store.write(r, 'dataProcessInstanceProperties', {
    name: 'etl-1',
    created: { time: 7, actor: 'urn:li:corpuser:x' },
    customProperties: {},
  });
  store.write(r, 'dataProcessInstanceRelationships', { parentTemplate: C.etl, upstreamInstances: [] });
  store.write(r, 'dataProcessInstanceOutput', { outputs: [C.tripFeatures] });
  store.append(r, 'dataProcessInstanceRunEvent', {
    timestampMillis: 8,
    status: 'COMPLETE',
    result: { type: 'FAILURE', nativeResultType: 'airflow' },
  });
  return r;
}

describe('Janus lineage operations (lineage.graphql)', () => {
  it('JanusUpstream scrolls the whole upstream of a model', async () => {
    const { op } = setup();
    const urns: string[] = [];
    let scrollId: string | null = null;
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const d = await op(LINEAGE_OPS, 'JanusUpstream', { urn: C.tipModel, count: 3, scrollId });
      const page = d.scrollAcrossLineage;
      expect(page.isPartial).toBe(false);
      total = page.total;
      urns.push(...page.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn));
      scrollId = page.nextScrollId;
      if (!scrollId) break;
    }
    expect(total).toBe(8);
    expect(urns.sort()).toEqual(
      [C.tipRate, C.farePerMile, C.training, C.tripFeatures, C.stgTrips, C.etl, C.rawTrips, C.rawZones].sort(),
    );
    const first = await op(LINEAGE_OPS, 'JanusUpstream', { urn: C.tipModel, count: 100 });
    const zones = first.scrollAcrossLineage.searchResults.find(
      (r: { entity: { urn: string } }) => r.entity.urn === C.rawZones,
    );
    expect(zones).toMatchObject({ degree: 4, degrees: [4], entity: { type: 'DATASET' } });
    expect(zones.paths[0].path.map((e: { type: string }) => e.type)).toEqual([
      'MLMODEL',
      'MLFEATURE',
      'DATASET',
      'DATA_JOB',
      'DATASET',
    ]);
  });

  it('JanusSearchUpstream returns degrees 1 and 2 only', async () => {
    const { op } = setup();
    const d = await op(LINEAGE_OPS, 'JanusSearchUpstream', { urn: C.tipModel });
    expect(d.searchAcrossLineage.total).toBe(5);
    expect(d.searchAcrossLineage.lineageSearchPath).toBe('TORTOISE');
    expect(d.searchAcrossLineage.searchResults.map((r: { degree: number }) => r.degree)).toEqual([1, 1, 1, 2, 2]);
  });

  it('JanusDirectLineage lists one hop upstream', async () => {
    const { op } = setup();
    const d = await op(LINEAGE_OPS, 'JanusDirectLineage', { urn: C.tripFeatures });
    expect(d.entity.lineage).toEqual({
      total: 2,
      relationships: [
        { type: 'DownstreamOf', degree: 1, isManual: false, entity: { urn: C.stgTrips, type: 'DATASET' } },
        { type: 'Produces', degree: 1, isManual: false, entity: { urn: C.etl, type: 'DATA_JOB' } },
      ],
    });
  });

  it('JanusColumnUpstream walks columns', async () => {
    const { op, store } = setup();
    const gold = ds('nyc.gold');
    addDataset(store, gold, {
      upstreams: [C.tripFeatures],
      columns: ['x'],
      columnLineage: { x: [col(C.tripFeatures, 'fare_per_mile')] },
    });
    const d = await op(LINEAGE_OPS, 'JanusColumnUpstream', { schemaFieldUrn: col(gold, 'x') });
    const results = d.scrollAcrossLineage.searchResults;
    expect(d.scrollAcrossLineage.nextScrollId).toBeNull();
    expect(results.map((r: { degree: number; entity: { urn: string } }) => [r.entity.urn, r.degree])).toEqual([
      [col(C.tripFeatures, 'fare_per_mile'), 1],
      [col(C.stgTrips, 'distance'), 2],
      [col(C.stgTrips, 'fare'), 2],
      [col(C.rawTrips, 'fare_amount'), 3],
      [col(C.rawTrips, 'trip_distance'), 3],
    ]);
    expect(results[3].entity).toMatchObject({
      type: 'SCHEMA_FIELD',
      fieldPath: 'fare_amount',
      parent: { urn: C.rawTrips },
    });
    expect(results[3].paths[0].path.map((e: { urn: string }) => e.urn)).toEqual([
      col(gold, 'x'),
      col(C.tripFeatures, 'fare_per_mile'),
      col(C.stgTrips, 'fare'),
      col(C.rawTrips, 'fare_amount'),
    ]);
  });
});

describe('Janus health operations (health.graphql)', () => {
  it('JanusDatasetHealth: health, assertions, active incidents and producing runs', async () => {
    const { op, store } = setup();
    const r = addOperationalData(store);
    const d = await op(HEALTH_OPS, 'JanusDatasetHealth', { urn: C.tripFeatures });
    expect(d.dataset.health).toEqual([
      {
        type: 'INCIDENTS',
        status: 'FAIL',
        message: '1 active incident',
        causes: ['ACTIVE_INCIDENTS'],
        reportedAt: null,
      },
      {
        type: 'ASSERTIONS',
        status: 'FAIL',
        message: '1 of 1 assertions are failing',
        causes: ['urn:li:assertion:a1'],
        reportedAt: null,
      },
    ]);
    expect(d.dataset.assertions.total).toBe(1);
    expect(d.dataset.assertions.assertions.map((a: { urn: string }) => a.urn)).toEqual(['urn:li:assertion:a1']);
    expect(d.dataset.incidents.total).toBe(1);
    expect(d.dataset.incidents.incidents.map((i: { urn: string }) => i.urn)).toEqual(['urn:li:incident:i1']);
    expect(d.dataset.producingRuns.runs.map((x: { urn: string }) => x.urn)).toEqual([r]);
  });

  it('JanusJobRuns: the job health and its runs', async () => {
    const { op, store } = setup();
    const r = addOperationalData(store);
    const d = await op(HEALTH_OPS, 'JanusJobRuns', { urn: C.etl });
    expect(d.dataJob.health).toEqual([{ type: 'INCIDENTS', status: 'PASS' }]);
    expect(d.dataJob.runs.total).toBe(1);
    expect(d.dataJob.runs.runs.map((x: { urn: string }) => x.urn)).toEqual([r]);
  });
});
