import { afterEach, describe, expect, it } from 'vitest';
import { judgeCatalog } from '../../src/app/judge-catalog.js';
import { judgeModel } from '../../src/app/judge-model.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import type { Verdict } from '../../src/core/verdict.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { EntityCache } from '../../src/datahub/entity-cache.js';
import { readUpstreamReach } from '../../src/datahub/read-reach.js';
import { generateCatalog, GENERATED_NOW } from '@janus/datahub-sim/generate';
import { startSim, type RunningSim } from '@janus/datahub-sim';

// dbt models beside the warehouse tables, as DataHub's dbt ingestion leaves them (siblings: the dbt model primary;
// the table lists the model upstream), and half the feature tables reading the dbt model instead of the table.
// Janus judges each sibling group as one dataset under its table's urn: every verdict is the one the catalog without
// siblings gives, for about the same number of requests.

const policy = judgePolicy(judgeSchema.parse({}));
const STALE = GENERATED_NOW + 2 * 24 * 3600_000;
/** Two feature tables, none reading a dbt model: the dbt models hang upstream of the tables the models read. */
const OVER_WAREHOUSE = { models: 6, datasets: 80, depth: 5, seed: 11 };
/** Four feature tables, the fourth reading a dbt model. */
const READING_DBT = { models: 16, datasets: 120, depth: 4, seed: 5 };

let sims: RunningSim[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

type Mcp = { entityUrn?: string; aspectName?: string; aspect?: { json?: { sources?: string[] } } };
const asTable = (urn: string) => urn.replace('urn:li:dataPlatform:dbt,', 'urn:li:dataPlatform:snowflake,');

const modelsOf = (records: unknown[]) => [
  ...new Set(
    (records as Mcp[]).map((r) => r.entityUrn).filter((u): u is string => !!u && u.startsWith('urn:li:mlModel:')),
  ),
];

/** The dbt models features read (as their warehouse tables' urns). */
const dbtRead = (records: unknown[]) => [
  ...new Set(
    (records as Mcp[])
      .filter((r) => r.aspectName === 'mlFeatureProperties')
      .flatMap((r) => r.aspect?.json?.sources ?? [])
      .filter((u) => u.includes('dataPlatform:dbt,'))
      .map(asTable),
  ),
];

/**
 * A fact only the warehouse side holds, on the tables read through their dbt models: their deprecation (the
 * table's, as the warehouse connector or a steward sets it). Judged only if the walk crosses the sibling link.
 */
const deprecated = (tables: string[]) =>
  tables.map((urn) => ({
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName: 'deprecation',
    aspect: { json: { deprecated: true, note: 'replaced by the v2 table', actor: 'urn:li:corpuser:datahub' } },
  }));

/** A verdict, order aside: a group is named by its table, so the names are the catalog's without siblings. */
function normalised(v: Verdict) {
  const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();
  return {
    model: v.model,
    score: v.score,
    band: v.band,
    findings: sorted(v.findings),
    deductions: sorted(v.deductions),
    blastRadius: sorted(v.blastRadius),
    upstreamCount: v.upstreamCount,
  };
}

const byModel = (vs: Verdict[]) => vs.map(normalised).sort((a, b) => a.model.urn.localeCompare(b.model.urn));

/** Every model judged three ways (alone, in a scan sharing reads, the whole catalog), and the requests each took. */
async function judged(records: unknown[]) {
  const sim = await startSim({ records, port: 0, now: () => STALE });
  sims.push(sim);
  const client = createDataHubClient({ url: sim.url });
  const models = modelsOf(records);
  const requests = async (run: () => Promise<void>) => {
    sim.resetStats();
    await run();
    return sim.stats().requests;
  };
  const trust: Verdict[] = [];
  const scan: Verdict[] = [];
  const catalog: Verdict[] = [];
  const reach = await requests(async () => {
    for (const m of models) trust.push((await judgeModel({ client, policy, now: () => STALE }, m)).verdict);
  });
  const cache = new EntityCache();
  const scroll = await requests(async () => {
    for (const m of models) scan.push((await judgeModel({ client, policy, now: () => STALE, cache }, m)).verdict);
  });
  const whole = await requests(async () => {
    await judgeCatalog({ client, policy, now: () => STALE }, (v) => void catalog.push(v));
  });
  return { trust, scan, catalog, requests: { reach, scroll, whole } };
}

const PATHS = ['trust', 'scan', 'catalog'] as const;

describe('siblings: a dbt model and its warehouse table judged as one dataset', () => {
  it('dbt siblings over the warehouse tables models read: the same verdicts, requests within 10%', async () => {
    const plainRecords = generateCatalog(OVER_WAREHOUSE);
    const dbtRecords = generateCatalog({ ...OVER_WAREHOUSE, siblings: true });
    expect(dbtRead(dbtRecords)).toEqual([]);
    const [plain, dbt] = await Promise.all([judged(plainRecords), judged(dbtRecords)]);
    for (const path of PATHS) expect(byModel(dbt[path]), path).toEqual(byModel(plain[path]));
    // not trivially equal: findings reach the models; a group is named by its table, as without siblings
    expect(plain.trust.some((v) => v.findings.length > 0)).toBe(true);
    expect(JSON.stringify(dbt.trust)).not.toContain('dataPlatform:dbt,');
    for (const path of ['reach', 'scroll', 'whole'] as const) {
      expect(dbt.requests[path], path).toBeLessThanOrEqual(Math.ceil(plain.requests[path] * 1.1));
      expect(dbt.requests[path], path).toBeGreaterThanOrEqual(Math.floor(plain.requests[path] * 0.9));
    }
  }, 120_000);

  it("a model reading a dbt model is judged on its warehouse table's facts and upstream, for one more request", async () => {
    const dbtRecords = generateCatalog({ ...READING_DBT, siblings: true });
    const tables = dbtRead(dbtRecords);
    expect(tables.length).toBeGreaterThan(0);
    const plainRecords = [...generateCatalog(READING_DBT), ...deprecated(tables)];
    const [plain, dbt] = await Promise.all([judged(plainRecords), judged([...dbtRecords, ...deprecated(tables)])]);
    for (const path of PATHS) expect(byModel(dbt[path]), path).toEqual(byModel(plain[path]));
    // the tables each model reads through a dbt model: the deprecated ones
    const dbtReads = plain.trust.map((v) => v.findings.filter((f) => f.detector === 'deprecated_upstream').length);
    const readers = dbtReads.reduce((a, b) => a + b, 0);
    expect(readers).toBeGreaterThan(0);
    // judged alone or in a scan, a model walks up from each table it reads through a dbt model in one more request
    // (the tables of the dbt models above it are in that walk); the whole catalog reads the tables with the rest
    expect(dbt.requests.reach).toBeLessThanOrEqual(plain.requests.reach + readers);
    // (in a scan, the first walk from each table also reads its entities: one batch)
    expect(dbt.requests.scroll).toBeLessThanOrEqual(plain.requests.scroll + readers + tables.length);
    expect(dbt.requests.whole).toBeLessThanOrEqual(Math.ceil(plain.requests.whole * 1.1));
  }, 120_000);

  it('reads every one-hop edge list whole: DataHub merging siblings would make each group member look cut short', async () => {
    const records = generateCatalog({ ...OVER_WAREHOUSE, siblings: true });
    const sim = await startSim({ records, port: 0, now: () => STALE });
    sims.push(sim);
    const client = createDataHubClient({ url: sim.url });
    const reach = await readUpstreamReach(client, modelsOf(records)[0]!);
    const groups = reach.reached.filter((u) => u.includes('dataPlatform:dbt,'));
    expect(groups.length).toBeGreaterThan(0);
    // with siblings merged, `total` sums both members' edges and exceeds the list: the blast radius would fall back
    // to a lineage search per dataset
    expect([...reach.downstream.cut]).toEqual([]);
    for (const urn of groups) expect(reach.downstream.edges.has(urn), urn).toBe(true);
  });
});
