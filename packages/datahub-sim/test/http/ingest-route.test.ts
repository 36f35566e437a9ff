import { describe, expect, it } from 'vitest';
import {
  ingestProposal,
  ingestProposalBatch,
  jobRunProposals,
  postAspectsAction,
  type Proposal,
} from '../../src/http/ingest-client.js';
import type { RunningSim } from '../../src/http/server.js';
import { addChain, CHAIN as C, ds, run } from '../support/graph-catalog.js';
import { exportText, graphqlData, useSims } from '../support/running-sim.js';

const NOW = 1_780_000_000_000;
const sim = useSims({ now: () => NOW });

const ORDERS = ds('shop.orders');
const ASSERTION = 'urn:li:assertion:orders-not-empty';
const datasetProposal = (
  aspectName: string,
  aspect: Record<string, unknown>,
  extra: Partial<Proposal> = {},
): Proposal => ({ entityType: 'dataset', entityUrn: ORDERS, aspectName, aspect, ...extra });
const ok = { status: 200, body: { value: 'success' } };

async function seeded(): Promise<RunningSim> {
  const s = await sim();
  addChain(s.store);
  return s;
}

describe('POST /aspects?action=ingestProposal', () => {
  it('upserts a versioned aspect that GraphQL reads at once, answering as AspectResource does', async () => {
    const s = await sim();
    const res = await fetch(`${s.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'X-RestLi-Protocol-Version': '2.0.0', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: ORDERS,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: {
            value: JSON.stringify({ name: 'orders', description: 'v1', customProperties: {} }),
            contentType: 'application/json',
          },
        },
        async: 'false',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-restli-protocol-version')).toBe('2.0.0');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ value: 'success' });
    const owner = 'urn:li:corpuser:ana';
    expect(
      await ingestProposal(s.url, datasetProposal('ownership', { owners: [{ owner, type: 'DATAOWNER' }] })),
    ).toEqual(ok);
    const q = `query($urn: String!) { dataset(urn: $urn) { properties { description } ownership { owners { owner { ... on CorpUser { urn } } } } } }`;
    expect((await graphqlData(s, q, { urn: ORDERS })).dataset).toEqual({
      properties: { description: 'v1' },
      ownership: { owners: [{ owner: { urn: owner } }] },
    });
    expect(
      await ingestProposal(
        s.url,
        datasetProposal('datasetProperties', { name: 'orders', description: 'v2', customProperties: {} }),
      ),
    ).toEqual(ok);
    expect((await graphqlData(s, q, { urn: ORDERS })).dataset.properties).toEqual({ description: 'v2' });
  });

  it('appends assertion run events: the latest one is what Dataset.assertions reports', async () => {
    const s = await seeded();
    const assertion = (aspectName: string, aspect: Record<string, unknown>): Proposal => ({
      entityType: 'assertion',
      entityUrn: ASSERTION,
      aspectName,
      aspect,
    });
    const runEvent = (ts: number, type: string) =>
      assertion('assertionRunEvent', {
        timestampMillis: ts,
        runId: `r${ts}`,
        asserteeUrn: C.tripFeatures,
        assertionUrn: ASSERTION,
        status: 'COMPLETE',
        result: { type },
      });
    await ingestProposal(
      s.url,
      assertion('assertionInfo', {
        type: 'DATASET',
        datasetAssertion: { dataset: C.tripFeatures, scope: 'DATASET_ROWS', operator: 'GREATER_THAN' },
      }),
    );
    const latest = async () =>
      (
        await graphqlData(
          s,
          `query($urn: String!) { dataset(urn: $urn) { assertions { assertions { urn
      runEvents(status: COMPLETE, limit: 1) { runEvents { timestampMillis result { type } } } } } } }`,
          { urn: C.tripFeatures },
        )
      ).dataset.assertions.assertions;
    expect(await ingestProposal(s.url, runEvent(1000, 'FAILURE'))).toEqual(ok);
    expect(await latest()).toEqual([
      { urn: ASSERTION, runEvents: { runEvents: [{ timestampMillis: 1000, result: { type: 'FAILURE' } }] } },
    ]);
    await ingestProposal(s.url, runEvent(2000, 'SUCCESS'));
    expect(await latest()).toEqual([
      { urn: ASSERTION, runEvents: { runEvents: [{ timestampMillis: 2000, result: { type: 'SUCCESS' } }] } },
    ]);
  });

  it('adds a run that DataJob.runs lists, and an operation that Dataset.operations lists', async () => {
    const s = await seeded();
    const r = run('train-42');
    const instance = (aspectName: string, aspect: Record<string, unknown>): Proposal => ({
      entityType: 'dataProcessInstance',
      entityUrn: r,
      aspectName,
      aspect,
    });
    expect(
      await ingestProposalBatch(s.url, [
        instance('dataProcessInstanceProperties', {
          name: 'train-42',
          created: { time: 5000, actor: 'urn:li:corpuser:airflow' },
          customProperties: {},
        }),
        instance('dataProcessInstanceRelationships', { parentTemplate: C.training, upstreamInstances: [] }),
        instance('dataProcessInstanceRunEvent', {
          timestampMillis: 5001,
          status: 'COMPLETE',
          result: { type: 'FAILURE', nativeResultType: 'airflow' },
        }),
      ]),
    ).toEqual(ok);
    const runs = await graphqlData(
      s,
      `query($urn: String!) { dataJob(urn: $urn) { runs(start: 0, count: 5) {
      total runs { urn state(limit: 1) { result { resultType } } } } } }`,
      { urn: C.training },
    );
    expect(runs.dataJob.runs).toEqual({ total: 1, runs: [{ urn: r, state: [{ result: { resultType: 'FAILURE' } }] }] });

    await ingestProposal(s.url, {
      entityType: 'dataset',
      entityUrn: C.tripFeatures,
      aspectName: 'operation',
      aspect: {
        timestampMillis: 7000,
        lastUpdatedTimestamp: 6900,
        operationType: 'INSERT',
        actor: 'urn:li:corpuser:etl',
      },
    });
    const ops = await graphqlData(
      s,
      `query($urn: String!) { dataset(urn: $urn) { operations(limit: 5) { lastUpdatedTimestamp operationType } } }`,
      { urn: C.tripFeatures },
    );
    expect(ops.dataset.operations).toEqual([{ lastUpdatedTimestamp: 6900, operationType: 'INSERT' }]);
  });

  it('changes lineage search results when upstreamLineage is ingested (no stale lineage cache)', async () => {
    const s = await seeded();
    const upstreamsOf = async (urn: string) => {
      const r = await graphqlData(
        s,
        `query($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { searchResults { entity { urn } } } }`,
        {
          input: {
            urn,
            direction: 'UPSTREAM',
            query: '*',
            start: 0,
            count: 100,
            orFilters: [{ and: [{ field: 'degree', values: ['1', '2', '3+'] }] }],
          },
        },
      );
      return r.searchAcrossLineage.searchResults.map((x: { entity: { urn: string } }) => x.entity.urn).sort();
    };
    expect(await upstreamsOf(C.rawZones)).toEqual([]);
    await ingestProposal(s.url, {
      entityType: 'dataset',
      entityUrn: C.rawZones,
      aspectName: 'upstreamLineage',
      aspect: {
        upstreams: [
          { dataset: C.rawTrips, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
        ],
      },
    });
    expect(await upstreamsOf(C.rawZones)).toEqual([C.rawTrips]);
  });
});

describe('system metadata and lastIngested', () => {
  const lastIngested = async (s: RunningSim) =>
    (await graphqlData(s, `query($urn: String!) { dataset(urn: $urn) { lastIngested } }`, { urn: ORDERS })).dataset
      .lastIngested;
  const props = (description: string) => ({ name: 'orders', description, customProperties: {} });

  it('moves with an ingestion run; a write without a run id stamps no-run-id-provided and does not', async () => {
    const s = await sim();
    await ingestProposal(s.url, datasetProposal('datasetProperties', props('a')));
    expect(await lastIngested(s)).toBeNull();
    expect(s.store.get(ORDERS)?.systemMetadata.get('datasetProperties')).toEqual({
      runId: 'no-run-id-provided',
      lastObserved: NOW,
    });
    await ingestProposal(
      s.url,
      datasetProposal('datasetProperties', props('b'), {
        systemMetadata: { lastObserved: NOW + 10, runId: 'snowflake-1' },
      }),
    );
    expect(await lastIngested(s)).toBe(NOW + 10);
    await ingestProposal(
      s.url,
      datasetProposal('status', { removed: false }, { systemMetadata: { lastObserved: NOW + 20 } }),
    );
    expect(await lastIngested(s)).toBe(NOW + 10);
  });

  it("keeps GMS's lastRunId: the write after a run's carries that run forward once", async () => {
    const s = await sim();
    await ingestProposal(
      s.url,
      datasetProposal('datasetProperties', props('a'), { systemMetadata: { lastObserved: NOW + 1, runId: 'run-1' } }),
    );
    await ingestProposal(
      s.url,
      datasetProposal('datasetProperties', props('b'), { systemMetadata: { lastObserved: NOW + 2 } }),
    );
    expect(s.store.get(ORDERS)?.systemMetadata.get('datasetProperties')).toEqual({
      runId: 'no-run-id-provided',
      lastRunId: 'run-1',
      lastObserved: NOW + 2,
    });
    expect(await lastIngested(s)).toBe(NOW + 2);
    await ingestProposal(
      s.url,
      datasetProposal('datasetProperties', props('c'), { systemMetadata: { lastObserved: NOW + 3 } }),
    );
    expect(await lastIngested(s)).toBeNull();
  });
});

describe('rejected proposals change nothing', () => {
  const wire = {
    entityType: 'dataset',
    entityUrn: ORDERS,
    changeType: 'UPSERT',
    aspectName: 'status',
    aspect: { value: '{"removed":true}', contentType: 'application/json' },
  };
  const cases: { name: string; body: unknown; status: number; message: RegExp; action?: string }[] = [
    { name: 'a body that is not JSON', body: '{"proposal": ', status: 400, message: /Error parsing entity body/ },
    { name: 'no proposal', body: { async: 'false' }, status: 400, message: /failed validation.*proposal/ },
    {
      name: 'no entityType',
      body: { proposal: { ...wire, entityType: undefined } },
      status: 400,
      message: /entityType/,
    },
    {
      name: 'an unknown changeType',
      body: { proposal: { ...wire, changeType: 'MERGE' } },
      status: 400,
      message: /changeType/,
    },
    {
      name: 'the file form of an aspect',
      body: { proposal: { ...wire, aspect: { json: { removed: true } } } },
      status: 400,
      message: /aspect\.value/,
    },
    {
      name: 'an aspect value that is not JSON',
      body: { proposal: { ...wire, aspect: { value: '{removed', contentType: 'application/json' } } },
      status: 422,
      message: /aspect\.value: not valid JSON/,
    },
    {
      name: 'an unknown aspect',
      body: { proposal: { ...wire, aspectName: 'noSuchAspect' } },
      status: 422,
      message: /Unknown aspect noSuchAspect for entity dataset/,
    },
    {
      name: 'a urn of another entity type',
      body: { proposal: { ...wire, entityType: 'mlModel' } },
      status: 422,
      message: /does not match the entity type dataset/,
    },
    {
      name: 'DELETE of a timeseries aspect',
      body: { proposal: { ...wire, changeType: 'DELETE', aspectName: 'operation', aspect: undefined } },
      status: 422,
      message: /ChangeType not supported: DELETE for aspect operation/,
    },
    {
      name: 'an unknown action',
      body: { proposal: wire },
      status: 400,
      message: /Action 'ingest' is not supported/,
      action: 'ingest',
    },
    {
      name: 'a batch with one bad proposal',
      body: { proposals: [wire, { ...wire, aspectName: 'noSuchAspect' }] },
      status: 422,
      message: /Unknown aspect/,
      action: 'ingestProposalBatch',
    },
  ];

  it.each(cases)('$name: $status with a Rest.li error body', async ({ body, status, message, action }) => {
    const s = await sim({
      records: [
        { entityType: 'dataset', entityUrn: ORDERS, aspectName: 'status', aspect: { json: { removed: false } } },
      ],
    });
    const before = await exportText(s);
    const res = await fetch(`${s.url}/aspects?action=${action ?? 'ingestProposal'}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-restli-error-response')).toBe('true');
    const error = (await res.json()) as { exceptionClass: string; message: string; status: number };
    expect(error).toMatchObject({ exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', status });
    expect(error.message).toMatch(message);
    expect(await exportText(s)).toBe(before);
    expect(s.stats().ingestion).toEqual({ requests: 1, proposals: 0 });
  });
});

describe('auth and stats', () => {
  it('needs the bearer token when the simulator has one, and answers 401 as GMS does', async () => {
    const s = await sim({ token: 'secret' });
    const proposal = datasetProposal('status', { removed: false });
    const denied = await ingestProposal(s.url, proposal);
    expect(denied.status).toBe(401);
    expect(denied.body).toMatchObject({ status: 401, error: 'Unauthorized', path: '/aspects' });
    expect(await ingestProposal(s.url, proposal, { token: 'wrong' })).toMatchObject({ status: 401 });
    expect(s.store.get(ORDERS)).toBeUndefined();
    expect(await ingestProposal(s.url, proposal, { token: 'secret' })).toEqual(ok);
  });

  it('counts ingestion apart from GraphQL requests', async () => {
    const s = await sim();
    await ingestProposalBatch(s.url, [
      datasetProposal('status', { removed: false }),
      datasetProposal('subTypes', { typeNames: ['Table'] }),
    ]);
    await postAspectsAction(s.url, 'ingestProposal', { proposal: { entityType: 'dataset' } });
    await graphqlData(s, '{ entityExists(urn: "urn:li:corpuser:nobody") }');
    const stats = (await (await fetch(`${s.url}/__sim/stats`)).json()) as { requests: number; ingestion: unknown };
    expect(stats.ingestion).toEqual({ requests: 2, proposals: 2 });
    expect(stats.requests).toBe(1);
  });
});

describe('jobRunProposals', () => {
  it("a finished run, ingested, is the job's latest run with its name and result", async () => {
    const s = await sim();
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),load_orders)';
    const urn = 'urn:li:dataProcessInstance:run-1';
    const proposals = jobRunProposals({ job, result: 'FAILURE', at: NOW, urn, name: 'run-1', runId: 'ingest-run-1' });
    expect(proposals.map((p) => [p.entityUrn, p.aspectName, p.systemMetadata?.runId])).toEqual([
      [urn, 'dataProcessInstanceProperties', 'ingest-run-1'],
      [urn, 'dataProcessInstanceRelationships', 'ingest-run-1'],
      [urn, 'dataProcessInstanceRunEvent', undefined],
    ]);
    expect(await ingestProposalBatch(s.url, proposals)).toEqual(ok);
    const q = `query($urn: String!) { dataJob(urn: $urn) { runs(start: 0, count: 5) {
      total runs { urn name created { time } state(limit: 1) { status timestampMillis result { resultType } } } } } }`;
    expect((await graphqlData(s, q, { urn: job })).dataJob.runs).toEqual({
      total: 1,
      runs: [
        {
          urn,
          name: 'run-1',
          created: { time: NOW },
          state: [{ status: 'COMPLETE', timestampMillis: NOW, result: { resultType: 'FAILURE' } }],
        },
      ],
    });
  });
});
