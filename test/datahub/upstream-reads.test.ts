import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readDatasetsActiveIncidents } from '../../src/datahub/read-dataset-incidents.js';
import { readOwnedDatasets } from '../../src/datahub/read-owned-datasets.js';
import { searchCatalog } from '../../src/datahub/search-catalog.js';

/** The reads behind issue 37.5 against the simulator: the tables someone owns, a search of models and datasets, `exists`. */

let sim: RunningSim;
let client: DataHubClient;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url });
});
afterAll(() => sim.close());

const D = DEMO.datasets;

describe('readOwnedDatasets', () => {
  it("a person's tables, directly or through a group, and nobody else's; in one request", async () => {
    sim.resetStats();
    const carol = await readOwnedDatasets(client, [DEMO.users.carol], 500);
    const urns = carol.datasets.map((d) => d.urn);
    expect(urns).toEqual(expect.arrayContaining([D.campaignTouches, D.fctTransactions, D.stgChargebacks]));
    expect(urns).not.toContain(D.stgSessions);
    expect(carol.total).toBe(urns.length);
    expect(carol.datasets.find((d) => d.urn === D.fctTransactions)?.name).toBe('fct_transactions');
    expect(sim.stats().requests).toBe(1);
    const erin = await readOwnedDatasets(client, [DEMO.users.erin, DEMO.groups.growthMl], 500);
    expect(erin.datasets.map((d) => d.urn)).toContain(D.stgSessions);
  });

  it('the first `max` of them, with the count of all; no owner, no request', async () => {
    const two = await readOwnedDatasets(client, [DEMO.groups.dataPlatform], 2);
    expect(two.datasets).toHaveLength(2);
    expect(two.total).toBeGreaterThan(2);
    sim.resetStats();
    expect(await readOwnedDatasets(client, [], 500)).toEqual({ datasets: [], total: 0 });
    expect(sim.stats().requests).toBe(0);
  });
});

describe('searchCatalog', () => {
  it('models and datasets, each with its kind and name', async () => {
    const { hits, total } = await searchCatalog(client, 'churn', 20);
    expect(hits).toContainEqual({ urn: DEMO.models.churn, name: 'churn_predictor_v2', kind: 'model' });
    expect(hits.some((h) => h.kind === 'dataset')).toBe(true);
    expect(hits.every((h) => h.urn.startsWith(h.kind === 'model' ? 'urn:li:mlModel:' : 'urn:li:dataset:'))).toBe(true);
    expect(total).toBeGreaterThanOrEqual(hits.length);
  });
});

describe('readDatasetsActiveIncidents: exists', () => {
  it('says whether DataHub holds each dataset', async () => {
    const ghost = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.no_such_table,PROD)';
    const read = await readDatasetsActiveIncidents(client, [D.stgSessions, ghost]);
    expect(read.map((d) => [d.urn, d.exists])).toEqual([
      [D.stgSessions, true],
      [ghost, false],
    ]);
  });
});
