import { detect, type DetectContext } from '../../src/core/detectors/index.js';
import { DEFAULT_POLICY } from '../../src/core/detectors/registered.js';
import { bareEntity, type EntityNode, type Owner, type UpstreamGraph } from '../../src/core/graph.js';
import { DEFAULT_BANDS } from '../../src/core/score.js';
import { JudgmentSession } from '../../src/core/session.js';

export const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
export const HOUR = 3_600_000;

export const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
export const col = (dataset: string, path: string) => `urn:li:schemaField:(${ds(dataset)},${path})`;
export const feat = (name: string) => `urn:li:mlFeature:(fraud,${name})`;
export const job = (name: string) => `urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),${name})`;
export const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,fraud_model,PROD)';
export const alice: Owner = { urn: 'urn:li:corpuser:alice', kind: 'user', name: 'alice', departed: false };
export const bob: Owner = { urn: 'urn:li:corpuser:bob', kind: 'user', name: 'bob', departed: true };

const base = (urn: string, kind: EntityNode['kind'], name: string): EntityNode => ({
  ...bareEntity(urn, kind, name, [alice]),
  platform: kind === 'dataset' ? 'urn:li:dataPlatform:snowflake' : undefined,
});

/** The records graphs of one catalog read share (every model's graph holds the same objects). */
export type CatalogRecords = Pick<UpstreamGraph, 'nodes' | 'upstreams' | 'columnUpstreams'>;

export const modelUrn = (name: string) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`;

/**
 * A small upstream graph with overridable defaults: a model owned by alice, nothing else until added. Pass
 * `records` (and another model) to build several models' graphs over one catalog's shared records.
 */
export function graph(
  model: { urn: string; name: string } = { urn: MODEL, name: 'fraud_model' },
  records: CatalogRecords = { nodes: {}, upstreams: {}, columnUpstreams: {} },
) {
  const root = model.urn;
  records.nodes[root] ??= base(root, 'mlModel', model.name);
  const g: UpstreamGraph = {
    model: root,
    nodes: records.nodes,
    upstreams: records.upstreams,
    columnUpstreams: records.columnUpstreams,
    features: [],
    featureTables: [],
    trainingData: [],
    featureSources: {},
    primaryKeys: [],
  };
  const edge = (down: string, up: string) => {
    const list = (g.upstreams[down] ??= []);
    if (!list.includes(up)) list.push(up);
  };
  const api = {
    g,
    model(patch: Partial<EntityNode>) {
      Object.assign(g.nodes[root]!, patch);
      return api;
    },
    /** `columns`: names, a trailing `*` marks a key column. */
    dataset(name: string, patch: Partial<EntityNode> & { cols?: string[] } = {}) {
      const { cols = [], ...rest } = patch;
      const urn = ds(name);
      g.nodes[urn] = {
        ...base(urn, 'dataset', name),
        columns: cols.map((c) => ({
          urn: col(name, c.replace('*', '')),
          path: c.replace('*', ''),
          isKey: c.endsWith('*'),
          labels: [],
        })),
        ...rest,
      };
      return api;
    },
    job(name: string, patch: Partial<EntityNode> = {}, produces: string[] = [], consumes: string[] = []) {
      const urn = job(name);
      g.nodes[urn] = { ...base(urn, 'dataJob', name), ...patch };
      for (const d of produces) {
        g.nodes[ds(d)]!.producers.push(urn);
        edge(ds(d), urn);
      }
      for (const d of consumes) edge(urn, ds(d));
      return api;
    },
    feature(name: string, sources: string[], patch: Partial<EntityNode> = {}) {
      const urn = feat(name);
      g.nodes[urn] = { ...base(urn, 'mlFeature', name), ...patch };
      g.features.push(urn);
      g.featureSources[urn] = sources.map(ds);
      edge(root, urn);
      for (const s of sources) edge(urn, ds(s));
      return api;
    },
    featureTable(name: string, patch: Partial<EntityNode> = {}) {
      const urn = `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${name})`;
      g.nodes[urn] = { ...base(urn, 'mlFeatureTable', name), ...patch };
      g.featureTables.push(urn);
      edge(root, urn);
      return api;
    },
    /** Any entity-level edge, by urn (e.g. a dataset built from a model's predictions). */
    upstream(down: string, up: string) {
      edge(down, up);
      return api;
    },
    primaryKey(name: string) {
      const urn = `urn:li:mlPrimaryKey:(fraud,${name})`;
      g.nodes[urn] = base(urn, 'mlPrimaryKey', name);
      g.primaryKeys.push(urn);
      return api;
    },
    training(name: string) {
      g.trainingData.push(ds(name));
      edge(root, ds(name));
      return api;
    },
    /** Dataset-level lineage: `down` derives from each of `ups`. */
    lineage(down: string, ...ups: string[]) {
      for (const u of ups) edge(ds(down), ds(u));
      return api;
    },
    /** Column-level lineage: `down` (`table.col`) derives from each `ups` (`table.col`). */
    column(down: string, ...ups: string[]) {
      const urn = (tc: string) => col(tc.split('.')[0]!, tc.split('.').slice(1).join('.'));
      const list = (g.columnUpstreams[urn(down)] ??= []);
      for (const u of ups) list.push(urn(u));
      return api;
    },
  };
  return api;
}

export const context = (patch: Partial<DetectContext> = {}): DetectContext => ({
  policy: DEFAULT_POLICY,
  now: NOW,
  freshness: { byPlatform: {} },
  ...patch,
});

/** A judgment run as a test asks for one: the context's policy, clock and SLA defaults. */
export const sessionFor = (ctx: DetectContext = context()): JudgmentSession =>
  new JudgmentSession({ policy: ctx.policy, bands: DEFAULT_BANDS, freshness: ctx.freshness }, ctx.now);

/** Every registered detector on a graph (the context's label, if any), in a judgment run of its own. */
export const detectAll = (g: UpstreamGraph, ctx: DetectContext = context()) => detect(sessionFor(ctx), g, ctx.label);
