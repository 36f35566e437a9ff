import { beforeAll, describe, expect, it } from 'vitest';
import { simHarness } from './support/harness.js';
import { DEMO, demoCatalog } from '../src/demo/index.js';
import { loadRecords } from '../src/loaders/index.js';

/** The planted conditions as Janus will see them: through the simulator's GraphQL, with Janus's queries. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;
const h = simHarness({ now: () => NOW });

beforeAll(() => {
  const report = loadRecords(h.store, demoCatalog(NOW), 'demo');
  expect(report.errors).toEqual([]);
});

const UPSTREAM = `query($urn: String!) {
  searchAcrossLineage(input: { urn: $urn, direction: UPSTREAM, start: 0, count: 1000,
    orFilters: [{ and: [{ field: "degree", values: ["1", "2", "3+"] }] }] }) {
    total searchResults { degree entity { urn } }
  }
}`;

async function upstreamOf(urn: string): Promise<string[]> {
  const d = await h.data<{ searchAcrossLineage: { searchResults: Array<{ entity: { urn: string } }> } }>(UPSTREAM, {
    urn,
  });
  return d.searchAcrossLineage.searchResults.map((r) => r.entity.urn);
}

describe('demo catalog through GraphQL', () => {
  it("reads a model's label, features and suspended owner", async () => {
    const d = await h.data(
      `query($urn: String!) { mlModel(urn: $urn) {
      properties { customProperties { key value } mlFeatures }
      ownership { owners { owner { ... on CorpUser { urn status properties { active } } } } }
      trainingData { dataset }
    } }`,
      { urn: DEMO.models.churn },
    );
    const model = d.mlModel;
    expect(model.properties.customProperties).toContainEqual({ key: 'label', value: 'churned_30d' });
    expect(model.properties.mlFeatures).toHaveLength(3);
    expect(model.ownership.owners).toEqual([
      { owner: { urn: DEMO.users.bob, status: 'SUSPENDED', properties: { active: false } } },
    ]);
    expect(model.trainingData[0].dataset).toBe(DEMO.datasets.customerTrainingSet);
  });

  it('finds each team channel, on corpGroupInfo or on the editable aspect', async () => {
    const q = `query($urn: String!) { corpGroup(urn: $urn) { properties { slack } editableProperties { slack } } }`;
    expect((await h.data(q, { urn: DEMO.groups.dataPlatform })).corpGroup.properties.slack).toBe(
      'data-platform-alerts',
    );
    const risk = (await h.data(q, { urn: DEMO.groups.riskMl })).corpGroup;
    expect([risk.properties.slack, risk.editableProperties.slack]).toEqual([null, 'risk-ml-oncall']);
  });

  it('reports the stale table with its SLA and newest operation', async () => {
    const d = await h.data(
      `query($urn: String!) { dataset(urn: $urn) {
      properties { customProperties { key value } } operations(limit: 5) { lastUpdatedTimestamp }
    } }`,
      { urn: DEMO.freshness.pastSla },
    );
    expect(d.dataset.properties.customProperties).toContainEqual({ key: 'freshness_sla', value: 'PT6H' });
    expect(d.dataset.operations.map((o: { lastUpdatedTimestamp: number }) => o.lastUpdatedTimestamp)).toEqual([
      NOW - 30 * HOUR,
      NOW - 54 * HOUR,
    ]);
  });

  it("lists the failing job's runs newest first, the latest failed", async () => {
    const q = `query($urn: String!) { dataJob(urn: $urn) { runs(start: 0, count: 5) {
      total runs { urn state(limit: 1) { status result { resultType } } }
    } } }`;
    const results = async (urn: string) =>
      (await h.data(q, { urn })).dataJob.runs.runs.map(
        (r: { state: Array<{ result: { resultType: string } }> }) => r.state[0]!.result.resultType,
      );
    expect(await results(DEMO.runs.failingJob)).toEqual(['FAILURE', 'SUCCESS']);
    expect(await results(DEMO.runs.recoveredJob)).toEqual(['SUCCESS', 'FAILURE']);
  });

  it('puts the defects upstream of the models they are meant for, and none upstream of the healthy one', async () => {
    expect(await upstreamOf(DEMO.freshness.pastSlaModel)).toContain(DEMO.freshness.pastSla);
    expect(await upstreamOf(DEMO.runs.failingJobModel)).toContain(DEMO.runs.failingJob);
    const healthy = await upstreamOf(DEMO.healthyModel);
    expect(healthy).toContain(DEMO.freshness.staleWithinSla);
    expect(healthy).toContain(DEMO.runs.recoveredJob);
    for (const bad of [DEMO.freshness.pastSla, DEMO.ownership.unownedTable, DEMO.runs.failingJob]) {
      expect(healthy).not.toContain(bad);
    }
  });

  it("walks the leaky feature's column upstream to the label's source column at degree 3", async () => {
    const d = await h.data(
      `query($urn: String!) { scrollAcrossLineage(input: { urn: $urn, direction: UPSTREAM, count: 100,
      searchFlags: { groupingSpec: { groupingCriteria: [{ baseEntityType: SCHEMA_FIELD, groupingEntityType: SCHEMA_FIELD }] } } }) {
      searchResults { degree entity { urn } }
    } }`,
      { urn: DEMO.leakage.featureColumn },
    );
    const hit = d.scrollAcrossLineage.searchResults.find(
      (r: { entity: { urn: string } }) => r.entity.urn === DEMO.leakage.sourceColumn,
    );
    expect(hit?.degree).toBe(3);
  });
});
