import { labelTables } from './conventions/label.js';
import { bareEntity, type EntityNode, type GraphRecords, type Owner, type UpstreamGraph } from './graph.js';

/** A feature's feature table, as its read names it: the table's node is made from this when nothing else read it. */
export interface FeatureTableRef {
  urn: string;
  name?: string | null;
  owners: Owner[];
  primaryKeys: { urn: string; name: string }[];
}

/**
 * What one entity's read gives every graph it is in, mapped from DataHub's answer by the reader (src/datahub) once
 * per read entity: its node, its one-hop edges, and a model's or a feature's first-hop inputs.
 */
export interface EntityParts {
  node: EntityNode;
  /** False when DataHub answers for the urn but holds nothing of it (a model a search still lists). */
  exists: boolean;
  /** DataHub's one-hop upstream lineage. */
  upstreams: string[];
  /** Column lineage: each of `columnDowns` derives from the columns at the same place in `columnUps`. */
  columnDowns: string[];
  columnUps: string[][];
  /** Models: their training datasets (an input for Janus, though DataHub does not call it lineage). */
  trainingData: string[];
  /** Models: their features. */
  features: string[];
  /** Features: their source datasets and feature tables. */
  featureSources: string[];
  featureTables: FeatureTableRef[];
  /**
   * Datasets: the other members of its sibling group (a dbt model and its warehouse table, DataHub's `siblings`
   * aspect), and whether it leads the group. Judging sees a group as one dataset (sibling-reads.ts).
   */
  siblings: string[];
  primarySibling: boolean;
}

/** The entities one run has read, as graphs are built from them (src/datahub's entity cache is one). */
export interface EntityReads {
  /** Every entity asked for, found or not, in the order they were read. */
  urns(): Iterable<string>;
  /** The entity's parts; undefined when DataHub did not have it. */
  graphParts(urn: string): EntityParts | undefined;
  /**
   * Whether DataHub answered that it holds nothing of the urn (not a read that failed). Lineage is read with ghost
   * entities (to walk through soft-deleted ones), so an edge may name one DataHub never had: it is no edge.
   */
  absent?(urn: string): boolean;
}

/** Records over a set of entities (edges leaving the set are dropped). Node and list objects are shared: read only. */
export function graphRecords(urns: Iterable<string>, reads: EntityReads): GraphRecords {
  const r: GraphRecords = { nodes: {}, upstreams: {}, columnUpstreams: {} };
  const inGraph = urns instanceof Set ? (urns as Set<string>) : new Set(urns);
  const models: string[] = [];
  for (const urn of inGraph) {
    const d = reads.graphParts(urn);
    if (!d) continue;
    r.nodes[urn] = d.node;
    if (d.node.kind === 'mlModel') models.push(urn);
    const kept = (u: string) => inGraph.has(u) && !reads.absent?.(u);
    r.upstreams[urn] = d.upstreams.every(kept) ? d.upstreams : d.upstreams.filter(kept);
    d.columnDowns.forEach((down, i) => {
      const ups = d.columnUps[i]!;
      const current = r.columnUpstreams[down];
      r.columnUpstreams[down] = current ? [...new Set([...current, ...ups])] : ups;
    });
  }
  for (const urn of models) {
    // a model's training data is one of its inputs for Janus, though DataHub does not call it lineage
    const training = reads.graphParts(urn)!.trainingData.filter((d) => r.nodes[d]);
    if (training.length) r.upstreams[urn] = [...new Set([...(r.upstreams[urn] ?? []), ...training])];
  }
  return r;
}

/** One model's graph over shared records: its features, feature tables, primary keys and training data. */
export function modelGraph(model: string, records: GraphRecords, reads: EntityReads): UpstreamGraph {
  const m = reads.graphParts(model);
  const g: UpstreamGraph = {
    model,
    ...records,
    features: [],
    featureTables: [],
    trainingData: [],
    featureSources: {},
    primaryKeys: [],
  };
  // a feature listed twice in mlModelProperties.mlFeatures is one input
  g.features = [...new Set(m?.features ?? [])].filter((f) => g.nodes[f]);
  g.trainingData = (m?.trainingData ?? []).filter((d) => g.nodes[d]);
  for (const f of g.features) {
    const feature = reads.graphParts(f)!;
    g.featureSources[f] = [...feature.featureSources];
    for (const table of feature.featureTables) addFeatureTable(g, table);
  }
  return g;
}

/** The plain graph the detectors read, from the entities read for one model. */
export function buildGraph(model: string, urns: string[], reads: EntityReads): UpstreamGraph {
  return modelGraph(model, graphRecords(urns, reads), reads);
}

function addFeatureTable(g: UpstreamGraph, table: FeatureTableRef): void {
  if (!g.featureTables.includes(table.urn)) g.featureTables.push(table.urn);
  const node: EntityNode =
    g.nodes[table.urn] ?? bareEntity(table.urn, 'mlFeatureTable', table.name ?? table.urn, table.owners);
  g.nodes[table.urn] ??= node;
  for (const pk of table.primaryKeys) {
    if (!g.primaryKeys.includes(pk.urn)) g.primaryKeys.push(pk.urn);
    g.nodes[pk.urn] ??= { ...node, urn: pk.urn, kind: 'mlPrimaryKey', name: pk.name, owners: [] };
  }
}

/**
 * What an entity's judgment reads one hop upstream of it: DataHub's lineage edges, a model's training sets (not
 * lineage in DataHub, an input for Janus) and its label's table, and a feature's sources.
 */
export function inputsOf(parts: EntityParts): string[] {
  // a dataset's siblings are read with it: their facts and upstreams are the logical dataset's
  const inputs = [...parts.upstreams, ...parts.siblings];
  // a label named by urn is read with its derivation, on the model's lineage or not (conventions/label.ts)
  if (parts.node.kind === 'mlModel') inputs.push(...parts.trainingData, ...labelTables(parts.node));
  if (parts.node.kind === 'mlFeature') inputs.push(...parts.featureSources);
  return inputs;
}
