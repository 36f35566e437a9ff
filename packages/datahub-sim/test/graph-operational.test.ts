import { describe, expect, it } from 'vitest';
import type { Store } from '../src/store/store.js';
import { addChain, CHAIN as C, flow, run } from './support/graph-catalog.js';
import { simHarness } from './support/harness.js';

const actor = 'urn:li:corpuser:airflow';

function addRun(
  store: Store,
  id: string,
  opts: {
    template: string;
    created: number;
    events?: boolean;
    outputs?: string[];
    outputEdges?: string[];
    inputs?: string[];
  },
) {
  const urn = run(id);
  store.write(urn, 'dataProcessInstanceProperties', {
    name: id,
    created: { time: opts.created, actor },
    customProperties: {},
  });
  store.write(urn, 'dataProcessInstanceRelationships', { parentTemplate: opts.template, upstreamInstances: [] });
  if (opts.outputs || opts.outputEdges) {
    store.write(urn, 'dataProcessInstanceOutput', {
      outputs: opts.outputs ?? [],
      outputEdges: (opts.outputEdges ?? []).map((d) => ({ destinationUrn: d })),
    });
  }
  if (opts.inputs) store.write(urn, 'dataProcessInstanceInput', { inputs: opts.inputs });
  if (opts.events !== false) {
    store.append(urn, 'dataProcessInstanceRunEvent', {
      timestampMillis: opts.created + 1,
      status: 'COMPLETE',
      result: { type: 'SUCCESS', nativeResultType: 'airflow' },
    });
  }
  return urn;
}

function addIncident(
  store: Store,
  id: string,
  entities: string[],
  opts: { state: string; created: number; priority?: number; stage?: string; assignee?: string },
) {
  const urn = `urn:li:incident:${id}`;
  store.write(urn, 'incidentInfo', {
    type: 'FRESHNESS',
    title: id,
    entities,
    priority: opts.priority,
    assignees: opts.assignee ? [{ actor: opts.assignee, assignedAt: { time: 1, actor } }] : undefined,
    status: { state: opts.state, stage: opts.stage, lastUpdated: { time: opts.created, actor } },
    created: { time: opts.created, actor },
  });
  return urn;
}

function addAssertion(
  store: Store,
  id: string,
  dataset: string,
  results: [number, string][],
  info?: Record<string, unknown>,
) {
  const urn = `urn:li:assertion:${id}`;
  store.write(
    urn,
    'assertionInfo',
    info ?? { type: 'DATASET', datasetAssertion: { dataset, scope: 'DATASET_ROWS', operator: 'GREATER_THAN' } },
  );
  for (const [ts, type] of results) {
    store.append(urn, 'assertionRunEvent', {
      timestampMillis: ts,
      runId: `${id}-${ts}`,
      asserteeUrn: dataset,
      assertionUrn: urn,
      status: 'COMPLETE',
      result: { type },
    });
  }
  return urn;
}

const RUNS = `query($urn: String!, $dir: RelationshipDirection!) {
  dataset(urn: $urn) { runs(direction: $dir) { start count total runs { urn } } }
}`;
const JOB_RUNS = `query($urn: String!, $start: Int, $count: Int) {
  dataJob(urn: $urn) { runs(start: $start, count: $count) { start count total runs { urn } } }
}`;

describe('runs', () => {
  it('DataJob.runs: runs of the job that have run events, newest created first, 20 a page', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const r1 = addRun(store, 'r1', { template: C.training, created: 1000 });
    addRun(store, 'r2', { template: C.training, created: 3000, events: false });
    const r3 = addRun(store, 'r3', { template: C.training, created: 2000 });
    addRun(store, 'other', { template: C.etl, created: 5000 });
    const res = await data<{
      dataJob: { runs: { start: number; count: number; total: number; runs: { urn: string }[] } };
    }>(JOB_RUNS, { urn: C.training });
    expect(res.dataJob.runs).toEqual({ start: 0, count: 20, total: 2, runs: [{ urn: r3 }, { urn: r1 }] });
    const page = await data<{ dataJob: { runs: { runs: { urn: string }[] } } }>(JOB_RUNS, {
      urn: C.training,
      start: 1,
      count: 1,
    });
    expect(page.dataJob.runs.runs).toEqual([{ urn: r1 }]);
  });

  it('DataFlow.runs uses the flow as template', async () => {
    const { store, data } = simHarness();
    const f = flow('nyc_etl');
    store.write(f, 'dataFlowInfo', { customProperties: {}, name: 'nyc_etl' });
    const r = addRun(store, 'flow-run', { template: f, created: 10 });
    const res = await data<{ dataFlow: { runs: { total: number; runs: { urn: string }[] } } }>(
      `query($urn: String!) { dataFlow(urn: $urn) { runs { total runs { urn } } } }`,
      { urn: f },
    );
    expect(res.dataFlow.runs).toEqual({ total: 1, runs: [{ urn: r }] });
  });

  it('Dataset.runs: OUTGOING = runs that produced it, INCOMING = runs that read it', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const a = addRun(store, 'a', { template: C.etl, created: 1, outputs: [C.tripFeatures] });
    const b = addRun(store, 'b', { template: C.etl, created: 2, outputEdges: [C.tripFeatures], events: false });
    const c = addRun(store, 'c', { template: C.training, created: 3, inputs: [C.tripFeatures] });
    type R = { dataset: { runs: { total: number; runs: { urn: string }[] } } };
    const produced = await data<R>(RUNS, { urn: C.tripFeatures, dir: 'OUTGOING' });
    expect(produced.dataset.runs).toEqual({ start: 0, count: 20, total: 2, runs: [{ urn: b }, { urn: a }] });
    const read = await data<R>(RUNS, { urn: C.tripFeatures, dir: 'INCOMING' });
    expect(read.dataset.runs.runs).toEqual([{ urn: c }]);
  });
});

const INCIDENTS = `query($urn: String!, $state: IncidentState, $priority: IncidentPriority, $stage: IncidentStage, $assignees: [String!], $count: Int) {
  dataset(urn: $urn) { incidents(state: $state, priority: $priority, stage: $stage, assigneeUrns: $assignees, count: $count) { start count total incidents { urn } } }
}`;

describe('incidents', () => {
  it('filters by state and lists newest first (default count 20)', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const i1 = addIncident(store, 'i1', [C.tripFeatures], { state: 'ACTIVE', created: 100, priority: 2 });
    const i2 = addIncident(store, 'i2', [C.tripFeatures], { state: 'RESOLVED', created: 200, stage: 'FIXED' });
    const i3 = addIncident(store, 'i3', [C.stgTrips, C.tripFeatures], {
      state: 'ACTIVE',
      created: 300,
      priority: 0,
      assignee: 'urn:li:corpuser:ann',
    });
    addIncident(store, 'elsewhere', [C.stgTrips], { state: 'ACTIVE', created: 400 });
    type R = { dataset: { incidents: { start: number; count: number; total: number; incidents: { urn: string }[] } } };
    const active = await data<R>(INCIDENTS, { urn: C.tripFeatures, state: 'ACTIVE' });
    expect(active.dataset.incidents).toEqual({ start: 0, count: 20, total: 2, incidents: [{ urn: i3 }, { urn: i1 }] });
    const all = await data<R>(INCIDENTS, { urn: C.tripFeatures });
    expect(all.dataset.incidents.incidents.map((i) => i.urn)).toEqual([i3, i2, i1]);
    expect((await data<R>(INCIDENTS, { urn: C.tripFeatures, state: 'RESOLVED' })).dataset.incidents.incidents).toEqual([
      { urn: i2 },
    ]);
    expect(
      (await data<R>(INCIDENTS, { urn: C.tripFeatures, priority: 'CRITICAL' })).dataset.incidents.incidents,
    ).toEqual([{ urn: i3 }]);
    expect((await data<R>(INCIDENTS, { urn: C.tripFeatures, stage: 'FIXED' })).dataset.incidents.incidents).toEqual([
      { urn: i2 },
    ]);
    expect(
      (await data<R>(INCIDENTS, { urn: C.tripFeatures, assignees: ['urn:li:corpuser:ann'] })).dataset.incidents
        .incidents,
    ).toEqual([{ urn: i3 }]);
    const page = await data<R>(INCIDENTS, { urn: C.tripFeatures, count: 1 });
    expect(page.dataset.incidents).toMatchObject({ count: 1, total: 3, incidents: [{ urn: i3 }] });
  });

  it('leaves out soft-deleted incidents', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const gone = addIncident(store, 'gone', [C.tripFeatures], { state: 'ACTIVE', created: 1 });
    store.write(gone, 'status', { removed: true });
    const res = await data<{ dataset: { incidents: { total: number } } }>(INCIDENTS, { urn: C.tripFeatures });
    expect(res.dataset.incidents.total).toBe(0);
  });
});

const HEALTH = `query($urn: String!) {
  dataset(urn: $urn) {
    health { type status message causes reportedAt }
    assertions { start count total assertions { urn } }
  }
}`;

describe('assertions and health', () => {
  it('lists the assertions on a dataset; soft-deleted ones only with includeSoftDeleted', async () => {
    const { store, data } = simHarness();
    addChain(store);
    const a1 = addAssertion(store, 'a1', C.tripFeatures, [
      [1, 'FAILURE'],
      [2, 'SUCCESS'],
    ]);
    const a2 = addAssertion(store, 'a2', C.tripFeatures, [[5, 'FAILURE']], {
      type: 'CUSTOM',
      customAssertion: { type: 'leakage', entity: C.tripFeatures },
    });
    const a3 = addAssertion(store, 'a3', C.tripFeatures, []);
    store.write(a3, 'status', { removed: true });
    addAssertion(store, 'other', C.stgTrips, [[1, 'FAILURE']]);
    const res = await data<{
      dataset: { assertions: { start: number; count: number; total: number; assertions: { urn: string }[] } };
    }>(HEALTH, { urn: C.tripFeatures });
    expect(res.dataset.assertions).toEqual({ start: 0, count: 3, total: 3, assertions: [{ urn: a1 }, { urn: a2 }] });
    const withDeleted = await data<{ dataset: { assertions: { assertions: { urn: string }[] } } }>(
      `query($urn: String!) { dataset(urn: $urn) { assertions(includeSoftDeleted: true) { assertions { urn } } } }`,
      { urn: C.tripFeatures },
    );
    expect(withDeleted.dataset.assertions.assertions).toEqual([{ urn: a1 }, { urn: a2 }, { urn: a3 }]);
  });

  it('health: FAIL with counts when incidents are active and latest assertion runs fail', async () => {
    const { store, data } = simHarness();
    addChain(store);
    addAssertion(store, 'a1', C.tripFeatures, [
      [1, 'FAILURE'],
      [2, 'SUCCESS'],
    ]);
    const a2 = addAssertion(store, 'a2', C.tripFeatures, [[5, 'FAILURE']]);
    addAssertion(store, 'a3', C.tripFeatures, []);
    addIncident(store, 'i1', [C.tripFeatures], { state: 'ACTIVE', created: 1 });
    addIncident(store, 'i2', [C.tripFeatures], { state: 'ACTIVE', created: 2 });
    addIncident(store, 'i3', [C.tripFeatures], { state: 'RESOLVED', created: 3 });
    const res = await data<{ dataset: { health: unknown[] } }>(HEALTH, { urn: C.tripFeatures });
    expect(res.dataset.health).toEqual([
      {
        type: 'INCIDENTS',
        status: 'FAIL',
        message: '2 active incidents',
        causes: ['ACTIVE_INCIDENTS'],
        reportedAt: null,
      },
      { type: 'ASSERTIONS', status: 'FAIL', message: '1 of 3 assertions are failing', causes: [a2], reportedAt: null },
    ]);
  });

  it('health: PASS when nothing is active and every latest run succeeded; no ASSERTIONS entry without runs', async () => {
    const { store, data } = simHarness();
    addChain(store);
    addIncident(store, 'i1', [C.tripFeatures], { state: 'ACTIVE', created: 1 });
    type R = { dataset: { health: { type: string; status: string; message: string | null }[] } };
    expect((await data<R>(HEALTH, { urn: C.tripFeatures })).dataset.health).toEqual([
      expect.objectContaining({ type: 'INCIDENTS', status: 'FAIL', message: '1 active incident' }),
    ]);
    addIncident(store, 'i1', [C.tripFeatures], { state: 'RESOLVED', created: 1 });
    addAssertion(store, 'quiet', C.tripFeatures, []);
    expect((await data<R>(HEALTH, { urn: C.tripFeatures })).dataset.health).toEqual([
      { type: 'INCIDENTS', status: 'PASS', message: null, causes: null, reportedAt: null },
    ]);
    addAssertion(store, 'ok', C.tripFeatures, [
      [1, 'FAILURE'],
      [9, 'SUCCESS'],
    ]);
    expect((await data<R>(HEALTH, { urn: C.tripFeatures })).dataset.health[1]).toEqual({
      type: 'ASSERTIONS',
      status: 'PASS',
      message: 'All assertions are passing',
      causes: null,
      reportedAt: null,
    });
  });

  it('DataJob.health counts incidents raised on the job', async () => {
    const { store, data } = simHarness();
    addChain(store);
    addIncident(store, 'job-down', [C.etl], { state: 'ACTIVE', created: 1 });
    const res = await data<{ dataJob: { health: { type: string; status: string }[] } }>(
      `query($urn: String!) { dataJob(urn: $urn) { health { type status } } }`,
      { urn: C.etl },
    );
    expect(res.dataJob.health).toEqual([{ type: 'INCIDENTS', status: 'FAIL' }]);
  });
});
