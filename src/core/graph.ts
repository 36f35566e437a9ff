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
  /**
   * Closures shared by every graph built from one catalog read (their upstream edges agree), so a whole-catalog
   * scan walks each entity's ancestry once, not once per model. Absent: memoised per graph.
   */
  closures?: ClosureMemo;
}

export interface ClosureMemo {
  lists: Map<string, string[]>;
  sets: Map<string, Set<string>>;
}

export const newClosureMemo = (): ClosureMemo => ({ lists: new Map(), sets: new Map() });

export const node = (g: UpstreamGraph, urn: string): EntityNode | undefined => g.nodes[urn];

/** The datasets upstream of the model (`nodes` may hold more than the model's upstream: it can be shared). */
export const upstreamDatasets = (g: UpstreamGraph): string[] => upstreamClosure(g, g.model).filter((u) => g.nodes[u]?.kind === 'dataset');

const perGraph = new WeakMap<UpstreamGraph, ClosureMemo>();
const memoOf = (g: UpstreamGraph): ClosureMemo => {
  if (g.closures) return g.closures;
  let memo = perGraph.get(g);
  if (!memo) perGraph.set(g, (memo = newClosureMemo()));
  return memo;
};

/**
 * Every entity upstream of `from` (not including it), breadth first; cycles are safe. Memoised per graph (graphs
 * are not changed once built; a changed graph is a new object), since every detector asks for the same closure.
 */
export function upstreamClosure(g: UpstreamGraph, from: string): string[] {
  const memo = memoOf(g);
  let order = memo.lists.get(from);
  if (!order) memo.lists.set(from, (order = walkUpstream(g, from)));
  return order;
}

/** The same closure as a set, for membership tests. */
export function upstreamSet(g: UpstreamGraph, from: string): Set<string> {
  const memo = memoOf(g);
  let set = memo.sets.get(from);
  if (!set) memo.sets.set(from, (set = new Set(upstreamClosure(g, from))));
  return set;
}

function walkUpstream(g: UpstreamGraph, from: string): string[] {
  const seen = new Set<string>([from]);
  const order: string[] = [];
  const queue = [from];
  while (queue.length) {
    const u = queue.shift()!;
    for (const up of g.upstreams[u] ?? []) {
      if (seen.has(up)) continue;
      seen.add(up);
      order.push(up);
      queue.push(up);
    }
  }
  return order;
}
