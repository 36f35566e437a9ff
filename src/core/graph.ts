/**
 * The upstream graph of one model, as plain data: what the DataHub reader found, before any judgment.
 * Conventions (label, SLA, departed owners) are applied by pure functions in this folder, not by the reader.
 */

export type EntityKind = 'mlModel' | 'mlFeature' | 'mlFeatureTable' | 'mlPrimaryKey' | 'dataset' | 'dataJob' | 'other';

export interface Owner {
  urn: string;
  kind: 'user' | 'group';
  name: string;
  /** A user whose DataHub status is SUSPENDED (or whose deprecated `active` flag is false). */
  departed: boolean;
}

export interface Column {
  /** schemaField urn */
  urn: string;
  path: string;
  isKey: boolean;
  /** Names of the tags and glossary terms on the column. */
  labels: string[];
}

export type RunResult = 'SUCCESS' | 'FAILURE' | 'SKIPPED' | 'UP_FOR_RETRY';

export interface RunFact {
  urn: string;
  at: number;
  result: RunResult;
}

export type AssertionResult = 'SUCCESS' | 'FAILURE' | 'ERROR' | 'INIT';

export interface AssertionFact {
  urn: string;
  /** `freshness`: a native FRESHNESS assertion; `dbt_freshness`: dbt source freshness; `other`: anything else. */
  kind: 'freshness' | 'dbt_freshness' | 'other';
  description?: string;
  /** SLA the assertion encodes, when it has one (FIXED_INTERVAL schedule, dbt error threshold). */
  slaMs?: number;
  latest?: { at: number; result: AssertionResult };
}

export interface EntityNode {
  urn: string;
  kind: EntityKind;
  name: string;
  platform?: string;
  owners: Owner[];
  deprecated?: { note?: string };
  removed: boolean;
  customProperties: Record<string, string>;
  /** Datasets: columns from the schema. */
  columns: Column[];
  /** Datasets: newest operation `lastUpdatedTimestamp`, else `datasetProperties.lastModified` (undefined: unknown). */
  lastUpdated?: number;
  assertions: AssertionFact[];
  /** Jobs: the latest completed run. */
  latestRun?: RunFact;
  /** Datasets: the jobs that produce it. */
  producers: string[];
  /** Structured properties by qualified name (values as strings). */
  structuredProperties: Record<string, string[]>;
}

export interface UpstreamGraph {
  /** The model's urn: the root of the walk. */
  model: string;
  /** Every entity the model's walk may reach, by urn (may hold more: graphs of one catalog share it). */
  nodes: Record<string, EntityNode>;
  /** Entity urn → the urns directly upstream of it (any kinds, including jobs). */
  upstreams: Record<string, string[]>;
  /** schemaField urn → the schemaField urns it derives from (fine-grained lineage). */
  columnUpstreams: Record<string, string[]>;
  /** The model's features, training datasets and feature tables (its first-hop inputs). */
  features: string[];
  featureTables: string[];
  trainingData: string[];
  /** Feature urn → its source datasets (DataHub links features to whole datasets only). */
  featureSources: Record<string, string[]>;
  /** The primary keys of the model's feature tables (their columns are never evidence of a leak). */
  primaryKeys: string[];
}

/** The part of graphs one catalog read shares: nodes, entity edges and column edges (read only). */
export type GraphRecords = Pick<UpstreamGraph, 'nodes' | 'upstreams' | 'columnUpstreams'>;

export const node = (g: UpstreamGraph, urn: string): EntityNode | undefined => g.nodes[urn];

/** An entity with nothing read about it yet but its name and owners: no columns, assertions, producers or properties. */
export const bareEntity = (urn: string, kind: EntityKind, name: string, owners: Owner[]): EntityNode => ({
  urn,
  kind,
  name,
  owners,
  removed: false,
  customProperties: {},
  columns: [],
  assertions: [],
  producers: [],
  structuredProperties: {},
});

/** Every entity upstream of `from` (not including it), breadth first; cycles are safe. A walk of its own each call. */
export function upstreamOf(g: Pick<UpstreamGraph, 'upstreams'>, from: string): string[] {
  const seen = new Set<string>([from]);
  const order: string[] = [];
  for (let i = -1; i < order.length; i++) {
    for (const up of g.upstreams[i < 0 ? from : order[i]!] ?? []) {
      if (seen.has(up)) continue;
      seen.add(up);
      order.push(up);
    }
  }
  return order;
}

/** The datasets upstream of the model (`nodes` may hold more than the model's upstream: it can be shared). */
export const upstreamDatasets = (g: UpstreamGraph): string[] =>
  upstreamOf(g, g.model).filter((u) => g.nodes[u]?.kind === 'dataset');
