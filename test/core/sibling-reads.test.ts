import { describe, expect, it } from 'vitest';
import type { EntityParts, EntityReads } from '../../src/core/build-graph.js';
import { bareEntity, type EntityNode, type Owner } from '../../src/core/graph.js';
import { SiblingReads } from '../../src/core/sibling-reads.js';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const W = ds('snowflake', 'analytics.orders');
const D = ds('dbt', 'analytics.orders');
const RAW = ds('snowflake', 'raw.orders');
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),build_orders)';
const F = 'urn:li:mlFeature:(orders,amount)';
const owner = (name: string): Owner => ({ urn: `urn:li:corpuser:${name}`, kind: 'user', name, departed: false });

function parts(urn: string, over: Partial<EntityParts> = {}, node: Partial<EntityNode> = {}): EntityParts {
  return {
    node: { ...bareEntity(urn, urn.startsWith('urn:li:mlFeature') ? 'mlFeature' : 'dataset', urn, []), ...node },
    exists: true,
    upstreams: [],
    columnDowns: [],
    columnUps: [],
    trainingData: [],
    features: [],
    featureSources: [],
    featureTables: [],
    siblings: [],
    primarySibling: false,
    ...over,
  };
}

const readsOf = (all: EntityParts[]): EntityReads => {
  const byUrn = new Map(all.map((p) => [p.node.urn, p]));
  return { urns: () => byUrn.keys(), graphParts: (u) => byUrn.get(u) };
};

// dbt ingestion's picture: D (primary) reads RAW; W lists D and its producing job upstream; a feature reads D
const catalog = (primaryIsDbt = true) => [
  parts(D, { upstreams: [RAW], siblings: [W], primarySibling: primaryIsDbt }, { owners: [owner('dbt_dev')] }),
  parts(
    W,
    {
      upstreams: [D, JOB],
      siblings: [D],
      primarySibling: !primaryIsDbt,
      columnDowns: [col(W, 'amount')],
      columnUps: [[col(RAW, 'amount')]],
    },
    { owners: [owner('carol')], lastUpdated: 5, customProperties: { freshness_sla: 'PT6H' }, producers: [JOB] },
  ),
  parts(RAW, {}, { lastUpdated: 3 }),
  parts(JOB),
  parts(F, { featureSources: [D], upstreams: [D] }),
];

describe('SiblingReads: a dbt model and its warehouse table as one dataset', () => {
  it.each([
    ['dbt primary (the default)', true],
    ['the table primary (dbt_is_primary_sibling: false)', false],
  ])('%s: the group is named by its table, with both members facts and upstreams', (_name, primaryIsDbt) => {
    const reads = new SiblingReads(readsOf(catalog(primaryIsDbt)));
    expect([...reads.urns()].sort()).toEqual([F, JOB, RAW, W].sort());
    expect(reads.graphParts(D)).toBeUndefined();
    const table = reads.graphParts(W)!;
    expect(table.upstreams.sort()).toEqual([JOB, RAW].sort());
    expect(table.node.owners.map((o) => o.name).sort()).toEqual(['carol', 'dbt_dev']);
    expect(table.node).toMatchObject({ urn: W, lastUpdated: 5, producers: [JOB], removed: false });
    expect(table.node.customProperties.freshness_sla).toBe('PT6H');
    expect(table.columnDowns).toEqual([col(W, 'amount')]);
    expect(reads.membersOf(D)).toEqual([W, D]);
    // the feature reading the dbt model reads the group
    expect(reads.graphParts(F)).toMatchObject({ featureSources: [W], upstreams: [W] });
  });

  it('a sibling that was not read leaves the entity alone', () => {
    const reads = new SiblingReads(readsOf(catalog().filter((p) => p.node.urn !== W)));
    expect(reads.canonicalOf(D)).toBe(D);
    expect(reads.graphParts(D)!.upstreams).toEqual([RAW]);
    expect(reads.graphParts(F)).toMatchObject({ featureSources: [D] });
  });

  it('removed only when every member is; deprecated when any is', () => {
    const all = catalog();
    all[0] = parts(D, { upstreams: [RAW], siblings: [W], primarySibling: true }, { removed: true, deprecated: {} });
    const node = new SiblingReads(readsOf(all)).graphParts(W)!.node;
    expect(node.removed).toBe(false);
    expect(node.deprecated).toEqual({});
  });
});
