import { describe, expect, it } from 'vitest';
import { schemaFieldUrn } from '../src/urn.js';
import { simHarness } from './support/harness.js';

const FLOW = 'urn:li:dataFlow:(airflow,train_tips,PROD)';
const JOB = `urn:li:dataJob:(${FLOW},fit_model)`;
const PREP = `urn:li:dataJob:(${FLOW},prepare)`;
const TRIPS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,nyc_taxi.trips,PROD)';
const ZONES = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,nyc_taxi.zones,PROD)';
const OUT = 'urn:li:dataset:(urn:li:dataPlatform:s3,models/tips,PROD)';
const RUN = 'urn:li:dataProcessInstance:3f2a9c';

describe('DataFlow and DataJob', () => {
  it('maps the flow key, info and platform', async () => {
    const { store, data } = simHarness();
    store.write(FLOW, 'dataFlowInfo', {
      customProperties: { schedule: '@daily' },
      name: 'train_tips',
      description: 'Trains the tip model',
      project: 'ml',
      externalUrl: 'http://airflow/train_tips',
    });
    store.write(FLOW, 'ownership', { owners: [{ owner: 'urn:li:corpuser:alice', type: 'TECHNICAL_OWNER' }] });
    const r = await data(`{ dataFlow(urn: "${FLOW}") { urn type orchestrator flowId cluster exists platform { urn name }
      properties { name description project externalUrl customProperties { key value } } ownership { owners { associatedUrn } } status { removed } } }`);
    expect(r.dataFlow).toEqual({
      urn: FLOW,
      type: 'DATA_FLOW',
      orchestrator: 'airflow',
      flowId: 'train_tips',
      cluster: 'PROD',
      exists: true,
      platform: { urn: 'urn:li:dataPlatform:airflow', name: 'airflow' },
      properties: {
        name: 'train_tips',
        description: 'Trains the tip model',
        project: 'ml',
        externalUrl: 'http://airflow/train_tips',
        customProperties: [{ key: 'schedule', value: '@daily' }],
      },
      ownership: { owners: [{ associatedUrn: FLOW }] },
      status: null,
    });
  });

  it('maps the job key, info and inputOutput from both the deprecated lists and the edges', async () => {
    const { store, data } = simHarness();
    store.write(JOB, 'dataJobInfo', { name: 'fit_model', type: 'COMMAND', description: 'fits xgboost' });
    store.write(JOB, 'dataJobInputOutput', {
      inputDatasets: [TRIPS],
      inputDatasetEdges: [{ destinationUrn: TRIPS }, { destinationUrn: ZONES }],
      outputDatasets: [],
      outputDatasetEdges: [{ destinationUrn: OUT, created: { time: 1, actor: 'urn:li:corpuser:airflow' } }],
      inputDatajobs: [PREP],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [schemaFieldUrn(TRIPS, 'tip_amount')],
          downstreamType: 'FIELD',
          downstreams: [schemaFieldUrn(OUT, 'label')],
          confidenceScore: 1,
        },
      ],
    });
    store.write(PREP, 'dataJobInfo', { name: 'prepare', type: 'COMMAND' });
    const r =
      await data(`{ dataJob(urn: "${JOB}") { urn type jobId exists platform { name } dataFlow { urn flowId orchestrator }
      properties { name description externalUrl customProperties { key } }
      inputOutput { inputDatasets { urn name } outputDatasets { urn } inputDatajobs { urn jobId properties { name } } fineGrainedLineages { upstreams { urn path } downstreams { urn path } } } } }`);
    expect(r.dataJob).toEqual({
      urn: JOB,
      type: 'DATA_JOB',
      jobId: 'fit_model',
      exists: true,
      platform: { name: 'airflow' },
      dataFlow: { urn: FLOW, flowId: 'train_tips', orchestrator: 'airflow' },
      properties: { name: 'fit_model', description: 'fits xgboost', externalUrl: null, customProperties: null },
      inputOutput: {
        inputDatasets: [
          { urn: TRIPS, name: 'nyc_taxi.trips' },
          { urn: ZONES, name: 'nyc_taxi.zones' },
        ],
        outputDatasets: [{ urn: OUT }],
        inputDatajobs: [{ urn: PREP, jobId: 'prepare', properties: { name: 'prepare' } }],
        fineGrainedLineages: [
          { upstreams: [{ urn: TRIPS, path: 'tip_amount' }], downstreams: [{ urn: OUT, path: 'label' }] },
        ],
      },
    });
  });

  it('answers empty lists for an inputOutput without lists and null without the aspect', async () => {
    const { store, data } = simHarness();
    store.write(JOB, 'dataJobInputOutput', { inputDatasets: [], outputDatasets: [] });
    const r =
      await data(`{ a: dataJob(urn: "${JOB}") { inputOutput { inputDatasets { urn } outputDatasets { urn } inputDatajobs { urn } fineGrainedLineages { query } } }
      b: dataJob(urn: "${PREP}") { exists inputOutput { inputDatasets { urn } } properties { name } } }`);
    expect(r).toEqual({
      a: { inputOutput: { inputDatasets: [], outputDatasets: [], inputDatajobs: [], fineGrainedLineages: null } },
      b: { exists: false, inputOutput: null, properties: null },
    });
  });
});

describe('DataProcessInstance', () => {
  function seedRun() {
    const h = simHarness();
    h.store.write(RUN, 'dataProcessInstanceProperties', {
      customProperties: { attempt: '1' },
      externalUrl: 'http://airflow/run/1',
      name: 'fit_model_2024-01-01',
      type: 'BATCH_SCHEDULED',
      created: { time: 1700000000000, actor: 'urn:li:corpuser:airflow' },
    });
    h.store.write(RUN, 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] });
    h.store.write(RUN, 'dataProcessInstanceRunEvent', {
      timestampMillis: 1700000000000,
      status: 'STARTED',
      attempt: 1,
    });
    h.store.write(RUN, 'dataProcessInstanceRunEvent', {
      timestampMillis: 1700000300000,
      status: 'COMPLETE',
      attempt: 1,
      result: { type: 'FAILURE', nativeResultType: 'airflow' },
      durationMillis: 300000,
    });
    h.store.write(JOB, 'dataJobInfo', { name: 'fit_model', type: 'COMMAND' });
    return h;
  }

  it('maps properties, deprecated top-level fields and the parent template', async () => {
    const { data } = seedRun();
    const r =
      await data(`{ entity(urn: "${RUN}") { urn type ... on DataProcessInstance { exists name externalUrl created { time actor }
      properties { name externalUrl created { time actor } customProperties { key value } }
      parentTemplate { urn type ... on DataJob { jobId } } } } }`);
    expect(r.entity).toEqual({
      urn: RUN,
      type: 'DATA_PROCESS_INSTANCE',
      exists: true,
      name: 'fit_model_2024-01-01',
      externalUrl: 'http://airflow/run/1',
      created: { time: 1700000000000, actor: 'urn:li:corpuser:airflow' },
      properties: {
        name: 'fit_model_2024-01-01',
        externalUrl: 'http://airflow/run/1',
        created: { time: 1700000000000, actor: 'urn:li:corpuser:airflow' },
        customProperties: [{ key: 'attempt', value: '1' }],
      },
      parentTemplate: { urn: JOB, type: 'DATA_JOB', jobId: 'fit_model' },
    });
  });

  it('answers run events newest first, limited and windowed', async () => {
    const { data } = seedRun();
    const r = await data(`{ entity(urn: "${RUN}") { ... on DataProcessInstance {
      all: state { status attempt timestampMillis durationMillis result { resultType nativeResultType } }
      latest: state(limit: 1) { status }
      early: state(endTimeMillis: 1700000100000) { status } } } }`);
    expect(r.entity).toEqual({
      all: [
        {
          status: 'COMPLETE',
          attempt: 1,
          timestampMillis: 1700000300000,
          durationMillis: 300000,
          result: { resultType: 'FAILURE', nativeResultType: 'airflow' },
        },
        { status: 'STARTED', attempt: 1, timestampMillis: 1700000000000, durationMillis: null, result: null },
      ],
      latest: [{ status: 'COMPLETE' }],
      early: [{ status: 'STARTED' }],
    });
  });

  it('answers a run with no aspects with nulls and no events', async () => {
    const { data } = simHarness();
    const r = await data(
      `{ entity(urn: "urn:li:dataProcessInstance:none") { ... on DataProcessInstance { exists name properties { name } parentTemplate { urn } state { status } status { removed } } } }`,
    );
    expect(r.entity).toEqual({
      exists: false,
      name: null,
      properties: null,
      parentTemplate: null,
      state: [],
      status: null,
    });
  });
});
