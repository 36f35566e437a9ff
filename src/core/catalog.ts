import { modelsBelowIndex } from './blast-radius.js';
import { graphRecords, modelGraph, type EntityReads } from './build-graph.js';
import { labelTables } from './conventions/label.js';
import { upstreamOf, type EntityNode, type GraphRecords, type UpstreamGraph } from './graph.js';
import { GraphIndexes } from './graph-indexes.js';
import { ModelListPool } from './model-list-pool.js';
import { shortName } from './names.js';
import { SiblingReads } from './sibling-reads.js';
import { byModelName, type ModelRef } from './verdict.js';

/** Graph questions answered from a fully read catalog. */
export class Catalog {
  private readonly below = new Map<string, ModelRef[]>();
  private readonly lists = new ModelListPool();
  private readonly refs = new Map<string, ModelRef>();
  private readonly refLists = new Map<string[], ModelRef[]>();
  private records?: GraphRecords;
  #indexes?: GraphIndexes;
  #labelReaders?: Map<string, string[]>;
  private modelsBelow?: (urn: string) => string[];

  /** The catalog as judging sees it: each sibling group one dataset (sibling-reads.ts). */
  private readonly reads: SiblingReads;

  constructor(reads: EntityReads) {
    this.reads = new SiblingReads(reads);
  }

  models(): ModelRef[] {
    const models: ModelRef[] = [];
    for (const urn of this.reads.urns()) {
      const parts = this.reads.graphParts(urn);
      // a soft-deleted model is gone for DataHub's search, so for Janus's lists: read as another's input, not judged
      if (parts?.node.kind === 'mlModel' && parts.exists && !parts.node.removed) models.push(this.ref(urn));
    }
    return models.sort(byModelName);
  }

  /** The model's upstream graph, as the lineage walk would read it: over records shared by every model. */
  upstreamGraph(model: string): UpstreamGraph {
    return modelGraph(model, this.sharedRecords(), this.reads);
  }

  /** The indexes over the catalog's records: every judgment run over this catalog, and its blast radius, share them. */
  get indexes(): GraphIndexes {
    return (this.#indexes ??= new GraphIndexes(this.sharedRecords()));
  }

  /** Every ML model downstream of each dataset (the blast radius). */
  downstreamModels(datasets: string[]): Record<string, ModelRef[]> {
    return Object.fromEntries(datasets.map((d) => [d, this.modelsBelowDataset(d)]));
  }

  /** The models below one dataset, by name: one array for every dataset with the same models below it. */
  modelsBelowDataset(dataset: string): ModelRef[] {
    const known = this.below.get(dataset);
    if (known) return known;
    const urns = this.modelsBelowUrn(this.reads.canonicalOf(dataset));
    // datasets share the index's lists: each is made into refs once
    let list = this.refLists.get(urns);
    if (!list) {
      list = this.lists.intern(urns.map((m) => this.ref(m)));
      if (urns.length) this.refLists.set(urns, list);
    }
    this.below.set(dataset, list);
    return list;
  }

  /** An entity as judging sees it (owners, kind, name), from the catalog's shared records. */
  entity(urn: string): EntityNode | undefined {
    return this.sharedRecords().nodes[this.reads.canonicalOf(urn)];
  }

  /** The urns of the models whose judgment reads this entity: those downstream of it, and itself if it is one. */
  modelsReading(urn: string): string[] {
    urn = this.reads.canonicalOf(urn);
    const below = this.modelsBelowUrn(urn);
    return this.reads.graphParts(urn)?.node.kind === 'mlModel' ? [urn, ...below] : below;
  }

  /**
   * The models whose verdict may move when this entity does: those reading it, and those whose label derives from it
   * (a label named by urn, its table and everything above it, on the model's lineage or off it).
   */
  modelsJudging(urn: string): string[] {
    const reading = this.modelsReading(urn);
    const labelled = this.labelReaders().get(this.reads.canonicalOf(urn));
    return labelled ? [...new Set([...reading, ...labelled])] : reading;
  }

  private labelReaders(): Map<string, string[]> {
    if (this.#labelReaders) return this.#labelReaders;
    const readers = new Map<string, string[]>();
    const records = this.sharedRecords();
    for (const { urn: model } of this.models()) {
      const node = records.nodes[model];
      for (const table of node ? labelTables(node) : []) {
        const root = this.reads.canonicalOf(table);
        for (const urn of [root, ...upstreamOf(records, root)]) {
          const list = readers.get(urn) ?? [];
          if (!list.includes(model)) list.push(model);
          readers.set(urn, list);
        }
      }
    }
    return (this.#labelReaders = readers);
  }

  private modelsBelowUrn(urn: string): string[] {
    if (!this.modelsBelow) {
      const indexes = this.indexes;
      this.modelsBelow = modelsBelowIndex(
        indexes.entities,
        this.models().map((m) => m.urn),
        () => indexes.components,
      );
    }
    return this.modelsBelow(urn);
  }

  private sharedRecords(): GraphRecords {
    return (this.records ??= graphRecords(this.reads.urns(), this.reads));
  }

  /** One ref per model, shared by every blast radius that names it. */
  private ref(urn: string): ModelRef {
    let ref = this.refs.get(urn);
    if (!ref) {
      this.refs.set(urn, (ref = { urn, name: this.reads.graphParts(urn)?.node.name ?? shortName(urn) }));
    }
    return ref;
  }
}
