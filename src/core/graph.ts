import { indexComponents, type IndexComponents } from './index-components.js';
import { lineageIndex, upstreamIds, type LineageIndex } from './lineage-index.js';

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
   * Facts shared by every graph built from one catalog read (their records agree), so a whole-catalog scan derives
   * what holds whatever the model (an entity's own findings, which findings fold into which) once, not once per
   * model. Absent: derived per graph.
   */
  shared?: SharedMemo;
}

/** What detectors derived for one judging context (policy, SLA defaults, clock), by name. */
export interface MemoSlot {
  key: readonly unknown[];
  values: Map<string, unknown>;
}

export interface SharedMemo {
  slots: MemoSlot[];
  index?: LineageIndex;
  components?: IndexComponents;
  /** Column lineage (`columnUpstreams`) over integer ids. */
  columns?: LineageIndex;
}

export const newSharedMemo = (): SharedMemo => ({ slots: [] });

export const node = (g: UpstreamGraph, urn: string): EntityNode | undefined => g.nodes[urn];

/** The datasets upstream of the model (`nodes` may hold more than the model's upstream: it can be shared). */
export const upstreamDatasets = (g: UpstreamGraph): string[] =>
  upstreamClosure(g, g.model).filter((u) => g.nodes[u]?.kind === 'dataset');

const closures = new WeakMap<UpstreamGraph, Map<string, Int32Array>>();
const ownMemos = new WeakMap<UpstreamGraph, SharedMemo>();

/** Where what is derived from a graph's records is kept: its catalog's memo when shared, else its own. */
export function memoOf(g: UpstreamGraph): SharedMemo {
  if (g.shared) return g.shared;
  let memo = ownMemos.get(g);
  if (!memo) ownMemos.set(g, (memo = newSharedMemo()));
  return memo;
}

/** Integer ids over the graph's edges: shared by the graphs of one catalog read, else one per graph. */
export const indexOf = (g: UpstreamGraph): LineageIndex => (memoOf(g).index ??= lineageIndex(g.upstreams));

/** Integer ids over the graph's column lineage: shared like `indexOf(g)`. */
export const columnLineageOf = (g: UpstreamGraph): LineageIndex =>
  (memoOf(g).columns ??= lineageIndex(g.columnUpstreams));

/** The strongly connected components over `indexOf(g)`: shared like the index. */
export const componentsOf = (g: UpstreamGraph): IndexComponents =>
  (memoOf(g).components ??= indexComponents(indexOf(g)));

/**
 * Ids (in `indexOf(g)`) of every entity upstream of `from`, not including it, breadth first; cycles are safe.
 * Memoised per graph (graphs are not changed once built; a changed graph is a new object).
 */
export function upstreamIdsOf(g: UpstreamGraph, from: string): Int32Array {
  let memo = closures.get(g);
  if (!memo) closures.set(g, (memo = new Map()));
  let ids = memo.get(from);
  if (!ids) memo.set(from, (ids = upstreamIds(indexOf(g), from)));
  return ids;
}

/** Every entity upstream of `from` (not including it), breadth first; cycles are safe. */
export function upstreamClosure(g: UpstreamGraph, from: string): string[] {
  const { urns } = indexOf(g);
  return Array.from(upstreamIdsOf(g, from), (i) => urns[i]!);
}
