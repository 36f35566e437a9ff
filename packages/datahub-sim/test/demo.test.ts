import { describe, expect, it } from 'vitest';
import { check } from './support/demo-check.js';
import { DEMO, demoCatalog, STRUCTURED_PROPERTIES } from '../src/demo/index.js';
import { recordProblems } from '../src/demo/check.js';
import { aspectWrites, indexRecords } from '../src/demo/inspect.js';
import { loadRecords } from '../src/loaders/index.js';
import { Store } from '../src/store/store.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const records = demoCatalog(NOW);
const idx = indexRecords(records);
const c = check(idx, NOW);

describe('demo catalog: format', () => {
  it('loads through the simulator loader with no errors or warnings', () => {
    const report = loadRecords(new Store(), records, 'demo');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report.records).toBe(records.length);
  });

  it('has only well-formed records, in both MCE and {"json"} MCP form', () => {
    const problems = records.flatMap((r, i) => recordProblems(r).map((p) => `#${i}: ${p}`));
    expect(problems).toEqual([]);
    const mces = records.filter((r) => 'proposedSnapshot' in (r as object));
    expect(mces.length).toBeGreaterThanOrEqual(4);
    expect(records.length - mces.length).toBeGreaterThan(300);
  });

  it('is the same for the same now, and moves every timestamp with now', () => {
    expect(JSON.stringify(demoCatalog(NOW))).toBe(JSON.stringify(records));
    const later = indexRecords(demoCatalog(NOW + 3_600_000));
    const t = (i: typeof idx) => i.timeseries(DEMO.datasets.campaignTouches, 'operation')[0]!.lastUpdatedTimestamp;
    expect(t(later)).toBe(Number(t(idx)) + 3_600_000);
  });

  it('wraps primitive union members as DataHub writes them, and the loader unwraps them', () => {
    expect(idx.aspect(DEMO.jobs.buildStgSessions, 'dataJobInfo')?.type).toEqual({ string: 'COMMAND' });
    const values = (
      idx.aspect(DEMO.models.fraud, 'structuredProperties')!.properties as Array<{ values: unknown[] }>
    ).map((p) => p.values);
    expect(values).toEqual([[{ string: 'tier-1' }], [{ double: 7 }]]);
    const store = new Store();
    loadRecords(store, records, 'demo');
    expect(store.aspect(DEMO.jobs.buildStgSessions, 'dataJobInfo')?.type).toBe('COMMAND');
    const stored = store.aspect<{ properties: Array<{ propertyUrn: string; values: unknown[] }> }>(
      DEMO.models.fraud,
      'structuredProperties',
    )!;
    expect(stored.properties.map((p) => p.values)).toEqual([['tier-1'], [7]]);
    expect(stored.properties[0]!.propertyUrn).toBe(STRUCTURED_PROPERTIES.modelTier);
  });

  it('lets the later of two records for the same aspect win: the suspended status, as in the Okta golden file', () => {
    const bobStatuses = records
      .flatMap((r) => aspectWrites(r))
      .filter((w) => w.urn === DEMO.users.bob && w.aspectName === 'corpUserStatus')
      .map((w) => w.value.status);
    expect(bobStatuses).toEqual(['ACTIVE', 'SUSPENDED']);
    const store = new Store();
    loadRecords(store, records, 'demo');
    expect(store.aspect(DEMO.users.bob, 'corpUserStatus')?.status).toBe('SUSPENDED');
    expect(store.timeseries(DEMO.datasets.campaignTouches, 'operation')).toHaveLength(2);
  });
});

describe('demo catalog: shape of the supply chain', () => {
  it('has at least three models, each with features, a training job, training data and a label column in it', () => {
    const models = idx.urns('mlModel');
    expect(models.length).toBeGreaterThanOrEqual(3);
    expect(models.sort()).toEqual(Object.values(DEMO.models).sort());
    for (const m of models) {
      const props = idx.aspect(m, 'mlModelProperties')!;
      expect((props.mlFeatures as string[]).length, m).toBeGreaterThan(0);
      expect(
        (props.trainingJobs as string[]).every((j) => idx.aspect(j, 'dataJobInputOutput')),
        m,
      ).toBe(true);
      expect(Object.keys(props.customProperties as object).length).toBeGreaterThan(1);
      const label = c.labelOf(m);
      const [training] = c.trainingSetsOf(m);
      expect(c.columnsOf(training!), m).toContain(label);
    }
  });

  it('names each feature after a column of its source table, and every source table exists', () => {
    for (const f of idx.urns('mlFeature')) {
      const sources = idx.aspect(f, 'mlFeatureProperties')!.sources as string[];
      expect(sources.length).toBe(1);
      expect(c.columnsOf(sources[0]!), f).toContain(f.slice(f.lastIndexOf(',') + 1, -1));
    }
    for (const pk of idx.urns('mlPrimaryKey')) {
      expect((idx.aspect(pk, 'mlPrimaryKeyProperties')!.sources as string[]).length).toBe(1);
    }
    for (const t of idx.urns('mlFeatureTable')) {
      const props = idx.aspect(t, 'mlFeatureTableProperties')!;
      expect(
        (props.mlFeatures as string[]).every((f) => idx.aspect(f, 'mlFeatureProperties')),
        t,
      ).toBe(true);
    }
  });

  it('gives every dataset a schema with keys, properties with customProperties, and column lineage when derived', () => {
    const datasets = idx.urns('dataset');
    // the tables, and the dbt models behind four of them (their siblings)
    expect(datasets.sort()).toEqual([...Object.values(DEMO.datasets), ...Object.values(DEMO.dbtModels)].sort());
    for (const d of datasets) {
      const schema = idx.aspect(d, 'schemaMetadata')!;
      const keys = (schema.fields as Array<{ fieldPath: string; isPartOfKey: boolean }>).filter((f) => f.isPartOfKey);
      expect(
        keys.map((k) => k.fieldPath),
        d,
      ).toEqual(schema.primaryKeys);
      expect(keys.length, d).toBeGreaterThan(0);
      expect(idx.aspect(d, 'datasetProperties')?.customProperties, d).toBeTypeOf('object');
      const layer = (idx.aspect(d, 'datasetProperties')!.customProperties as Record<string, string>).layer;
      const lineage = idx.aspect(d, 'upstreamLineage');
      if (layer === 'raw') expect(lineage, d).toBeUndefined();
      else expect((lineage?.fineGrainedLineages as unknown[]).length, d).toBeGreaterThan(0);
    }
  });

  it('runs jobs as dataProcessInstances: a STARTED then a COMPLETE event with a result, linked to the job', () => {
    const runs = idx.urns('dataProcessInstance');
    expect(runs.length).toBeGreaterThanOrEqual(2 * idx.urns('dataJob').length);
    for (const r of runs) {
      const [complete, started] = idx.timeseries(r, 'dataProcessInstanceRunEvent');
      expect([started?.status, complete?.status], r).toEqual(['STARTED', 'COMPLETE']);
      expect((complete!.result as { type: string }).type).toMatch(/^(SUCCESS|FAILURE)$/);
      expect(
        idx.aspect(idx.aspect(r, 'dataProcessInstanceRelationships')!.parentTemplate as string, 'dataJobInfo'),
      ).toBeDefined();
      expect(idx.aspect(r, 'dataProcessInstanceOutput')).toBeDefined();
    }
  });

  it('gives every group a Slack channel and every person an email, a Slack handle and a status', () => {
    for (const g of idx.urns('corpGroup')) {
      expect(idx.aspect(g, 'corpGroupEditableInfo')?.slack ?? idx.aspect(g, 'corpGroupInfo')?.slack, g).toBeTruthy();
    }
    const people = Object.values(DEMO.users).filter((u) => u !== DEMO.users.airflow);
    for (const u of people) {
      expect(idx.aspect(u, 'corpUserInfo')?.email, u).toMatch(/@/);
      expect(idx.aspect(u, 'corpUserEditableInfo')?.slack, u).toBeTruthy();
      expect(idx.aspect(u, 'corpUserStatus')?.status, u).toMatch(/^(ACTIVE|SUSPENDED)$/);
    }
  });

  it('defines every tag it applies', () => {
    const used = new Set(records.flatMap((r) => JSON.stringify(r).match(/urn:li:tag:[\w-]+/g) ?? []));
    for (const t of used) expect(idx.aspect(t, 'tagProperties'), t).toBeDefined();
  });
});

describe('demo catalog: planted conditions', () => {
  it('target leakage: days_to_chargeback reaches the label source column over exactly three column hops', () => {
    const { featureChain, labelChain, featureColumn, sourceColumn, labelColumn } = DEMO.leakage;
    for (const chain of [featureChain, labelChain]) {
      for (let i = 0; i + 1 < chain.length; i++) expect(c.columnParents(chain[i]!), chain[i]).toContain(chain[i + 1]);
    }
    expect(c.columnAncestors(featureColumn).get(sourceColumn)).toBe(3);
    expect(c.columnAncestors(labelColumn).has(sourceColumn)).toBe(true);
    expect(c.labelOf(DEMO.leakage.model)).toBe(DEMO.leakage.label);
    expect(idx.aspect(DEMO.leakage.model, 'mlModelProperties')!.mlFeatures).toContain(DEMO.leakage.feature);
    expect(c.leakyFeatures(DEMO.leakage.model)).toEqual([DEMO.leakage.feature]);
  });

  it('no other model has a feature sharing a source column with its label', () => {
    for (const m of Object.values(DEMO.models).filter((m) => m !== DEMO.leakage.model)) {
      expect(c.leakyFeatures(m), m).toEqual([]);
    }
  });

  it('freshness: one table past its SLA, one stale within it, one without SLA, one with an assertion SLA', () => {
    const f = DEMO.freshness;
    expect(c.slaOf(f.pastSla)).toBe(6 * 3_600_000);
    expect(c.ageOf(f.pastSla)).toBeGreaterThan(c.slaOf(f.pastSla)!);
    expect(c.slaOf(f.staleWithinSla)).toBe(72 * 3_600_000);
    expect(c.ageOf(f.staleWithinSla)).toBeGreaterThan(24 * 3_600_000);
    expect(c.ageOf(f.staleWithinSla)).toBeLessThan(c.slaOf(f.staleWithinSla)!);
    expect(c.slaOf(f.noSla)).toBeUndefined();
    expect(c.ageOf(f.noSla)).toBeGreaterThan(4 * 24 * 3_600_000);
    const info = idx.aspect(f.assertion, 'assertionInfo')!;
    expect(info.type).toBe('FRESHNESS');
    expect((info.freshnessAssertion as { schedule: unknown }).schedule).toEqual({
      type: 'FIXED_INTERVAL',
      fixedInterval: { unit: 'HOUR', multiple: 6 },
    });
    expect(c.propertySlaOf(f.assertionSla)).toBeUndefined();
    expect(c.slaOf(f.assertionSla)).toBe(6 * 3_600_000);
    expect(c.ageOf(f.assertionSla)).toBeLessThan(c.slaOf(f.assertionSla)!);
  });

  it('freshness: every other table with an SLA is within it, with hours to spare', () => {
    const past = idx.urns('dataset').filter((d) => c.slaOf(d) !== undefined && c.ageOf(d) > c.slaOf(d)!);
    expect(past).toEqual([DEMO.freshness.pastSla]);
    const tight = idx
      .urns('dataset')
      .filter(
        (d) => d !== DEMO.freshness.pastSla && c.slaOf(d) !== undefined && c.slaOf(d)! - c.ageOf(d) < 4 * 3_600_000,
      );
    expect(tight).toEqual([]);
  });

  it('ownership: the churn model is owned only by a suspended user; one table has no owner', () => {
    const bob = DEMO.ownership.suspendedUser;
    expect(idx.aspect(bob, 'corpUserStatus')?.status).toBe('SUSPENDED');
    expect(idx.aspect(bob, 'corpUserInfo')?.active).toBe(false);
    expect(c.ownersOf(DEMO.ownership.suspendedOwnerModel)).toEqual([bob]);
    expect(idx.aspect(DEMO.ownership.unownedTable, 'ownership')).toBeUndefined();
    const unowned = idx.urns('dataset').filter((d) => c.ownersOf(d).length === 0);
    expect(unowned).toEqual([DEMO.ownership.unownedTable]);
  });

  it('ownership: nobody else who owns something is suspended', () => {
    const owners = new Set(
      [...idx.urns('dataset'), ...idx.urns('mlModel'), ...idx.urns('mlFeatureTable')]
        .flatMap((e) => c.ownersOf(e))
        .filter((o) => o.startsWith('urn:li:corpuser:')),
    );
    const suspended = [...owners].filter((o) => idx.aspect(o, 'corpUserStatus')?.status !== 'ACTIVE');
    expect(suspended).toEqual([DEMO.ownership.suspendedUser]);
  });

  it('runs: one job whose latest run failed; one that failed before but then succeeded', () => {
    expect(c.runResults(DEMO.runs.failingJob)).toEqual(['FAILURE', 'SUCCESS']);
    expect(c.runResults(DEMO.runs.recoveredJob)).toEqual(['SUCCESS', 'FAILURE']);
    expect(c.runsOf(DEMO.runs.failingJob)).toEqual([...DEMO.runs.failingJobRuns].reverse());
    const failingNow = idx.urns('dataJob').filter((j) => c.runResults(j)[0] !== 'SUCCESS');
    expect(failingNow).toEqual([DEMO.runs.failingJob]);
  });

  it('puts each defect upstream of the model it is meant for', () => {
    expect(c.upstreamOf(DEMO.freshness.pastSlaModel)).toContain(DEMO.freshness.pastSla);
    expect(c.upstreamOf(DEMO.freshness.pastSlaModel)).toContain(DEMO.ownership.unownedTable);
    expect(c.upstreamOf(DEMO.runs.failingJobModel)).toContain(DEMO.runs.failingJob);
    expect(c.upstreamOf(DEMO.runs.failingJobModel)).toContain(DEMO.freshness.noSla);
  });

  it('the healthy model: fresh, owned by active people, green runs, no leakage, yet with the must-not-fire cases upstream', () => {
    const m = DEMO.healthyModel;
    const up = c.upstreamOf(m);
    for (const bad of [DEMO.freshness.pastSla, DEMO.ownership.unownedTable, DEMO.runs.failingJob]) {
      expect(up, bad).not.toContain(bad);
    }
    expect(up).toContain(DEMO.freshness.staleWithinSla);
    expect(up).toContain(DEMO.runs.recoveredJob);
    expect(up).toContain(DEMO.freshness.assertionSla);
    // a dbt model has the freshness of the table it builds (its sibling, upstream too): Janus judges them as one
    const dbtModels: string[] = Object.values(DEMO.dbtModels);
    const datasets = up.filter((u) => u.startsWith('urn:li:dataset:') && !dbtModels.includes(u));
    for (const d of up.filter((u) => dbtModels.includes(u)))
      for (const s of idx.aspect(d, 'siblings')!.siblings as string[]) expect(up).toContain(s);
    expect(datasets.every((d) => c.slaOf(d) !== undefined && c.ageOf(d) < c.slaOf(d)!)).toBe(true);
    expect(datasets.every((d) => c.ownersOf(d).length > 0)).toBe(true);
    expect(up.filter((u) => u.startsWith('urn:li:dataJob:')).every((j) => c.runResults(j)[0] === 'SUCCESS')).toBe(true);
    const owners = c.ownersOf(m).filter((o) => o.startsWith('urn:li:corpuser:'));
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((o) => idx.aspect(o, 'corpUserStatus')?.status === 'ACTIVE')).toBe(true);
    expect(c.leakyFeatures(m)).toEqual([]);
  });
});
